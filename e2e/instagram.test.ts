/**
 * Instagram direct, end to end over the Instagram simulator: a customer writes to the shop's Instagram account and
 * the message becomes a ticket that an agent accepts; the conversation says until when the agent may answer, and
 * the answer leaves to the customer's Instagram-scoped id. On /InstaDirect the page says how many names can be
 * messaged before sending, and the job's page shows the skipped names with their reasons. The direct pace (5 s plus
 * a random 0–10 s in production) is cut to nothing here: its server tests keep it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Api, admin, adminApi, agent, eventually } from './api'
import { type Job, until } from './outreach'
import { signedInPage } from './pages'
import { type Desk, startDesk } from './support'

interface OutboxEntry {
  kind: string
  to: string
  body?: string
}

describe('Instagram direct over the simulator', () => {
  let desk: Desk
  let api: Api
  let connectionId = 0
  const outbox = () => api<OutboxEntry[]>('GET', `/simulator/${connectionId}/outbox`)

  beforeAll(async () => {
    desk = await startDesk({ directPace: { minInterval: 0, maxInterval: 0 } })
    api = await adminApi(desk)
    const support = await api<{ id: number }>('POST', '/queue', {
      name: 'Support',
      color: '#2f9e44',
      greetingMessage: '',
    })
    await api('POST', '/users', { ...agent, profile: 'user', queueIds: [support.id] })
    const created = await api<{ id: number; status: string }>('POST', '/whatsapp', {
      name: 'Loja no Instagram',
      driver: 'instagram',
      instagram: { provider: 'simulator' },
      queueIds: [support.id],
    })
    connectionId = created.id
    await eventually(
      () => api<{ status: string }>('GET', `/whatsapp/${connectionId}`),
      (c) => c.status === 'CONNECTED',
      'the Instagram connection to connect',
    )
  }, 120_000)

  afterAll(async () => {
    await desk?.stop()
  })

  test('a customer writes on Instagram and an agent answers inside the reply window', async () => {
    const { context, page } = await signedInPage(desk, agent, { viewport: { width: 1440, height: 900 } })
    await page.getByRole('link', { name: 'Tickets' }).click()
    await page.getByRole('tab', { name: /Waiting/ }).click()
    const { ticketId } = await api<{ ticketId: number }>('POST', `/simulator/${connectionId}/instagram`, {
      username: 'marina.loja',
      name: 'Marina',
      body: 'Oi! Ainda tem o vestido azul?',
    })
    expect(ticketId).toBeGreaterThan(0)
    const item = page.getByRole('listitem').filter({ hasText: 'Oi! Ainda tem o vestido azul?' })
    await item.waitFor()
    await item.getByRole('img', { name: 'Instagram' }).waitFor()
    await item.getByRole('button', { name: 'Accept' }).click()
    await page.waitForURL(`**/tickets/${ticketId}`)
    await page.getByRole('log', { name: 'Messages' }).getByText('Oi! Ainda tem o vestido azul?').waitFor()
    // The window: 24 hours from the customer's message.
    await page.getByText(/^You can answer until tomorrow at \d\d:\d\d$/).waitFor()
    await page.getByRole('textbox', { name: 'Message' }).fill('Tem sim! Qual tamanho?')
    await page.getByRole('button', { name: 'Send' }).click()
    const sent = await eventually(
      outbox,
      (o) => o.some((m) => m.body?.includes('Tem sim! Qual tamanho?')),
      'the answer on Instagram',
    )
    const answer = sent.find((m) => m.body?.includes('Tem sim! Qual tamanho?'))
    // To the customer's Instagram-scoped id, never a user name or a number.
    expect(answer?.to).toMatch(/^1784\d+$/)
    await context.close()
  })

  test('/InstaDirect says how many names can be messaged, and the job shows the skipped ones with their reasons', async () => {
    const { context, page } = await signedInPage(desk, admin, { viewport: { width: 1440, height: 900 } })
    await page.goto('/InstaDirect')
    await page.getByText(/may ban accounts that abuse them/).waitFor()
    await page.getByRole('textbox', { name: /Instagram users/ }).fill('@marina.loja\nnunca_escreveu')
    await page.getByRole('textbox', { name: /Message/ }).fill('Chegou coleção nova!')
    await page.getByText('1 of 2 can be messaged now').waitFor()
    await page.getByText('Never wrote to this account').waitFor()
    const before = (await outbox()).length
    await page.getByRole('button', { name: 'Send' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Send to 1 person?' })
    await confirm.getByRole('button', { name: 'Send' }).click()
    await confirm.waitFor({ state: 'detached' })

    const link = page.getByRole('link', { name: /^Open job \d+$/ }).first()
    await link.waitFor()
    const jobId = Number((await link.getAttribute('href'))?.split('/').pop())
    const done = await until(
      () => api<Job>('GET', `/jobs/${jobId}`),
      (j) => j.status !== 'running' && j.status !== 'queued',
      'the end of the direct job',
      20,
    )
    expect(done).toMatchObject({ kind: 'direct', status: 'done', total: 2, sent: 1, skipped: 1 })
    const out = (await outbox()).slice(before)
    expect(out.map((m) => m.body)).toEqual(['Chegou coleção nova!'])

    await link.click()
    await page.waitForURL(`**/jobs/${jobId}`)
    await page.getByRole('row').filter({ hasText: 'nunca_escreveu' }).getByText('Never wrote to this account').waitFor()
    await context.close()
  })
})
