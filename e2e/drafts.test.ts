/**
 * Drafts, end to end: what an agent starts writing (the text and the message it replies to) stays with its
 * ticket while the agent works on another one, through Escape and a reload, and the ticket list says
 * "Draft:" on the ticket; sending clears it. The built app in Chromium against a real server.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Api, adminApi, eventually, pairedSimulator } from './api'
import { signedInPage } from './pages'
import { type Desk, startDesk } from './support'

let desk: Desk
let api: Api
let connectionId = 0
let first = 0
let second = 0
const admin = { name: 'Dora Admin', email: 'dora@example.com', password: 'dora-secret-1' }
const olga = { name: 'Olga Rascunho', number: '5511966660001' }
const pedro = { name: 'Pedro Outro', number: '5511966660002' }

beforeAll(async () => {
  desk = await startDesk()
  api = await adminApi(desk, admin)
  connectionId = await pairedSimulator(api)
  for (const [who, body, providerMessageId] of [
    [olga, 'Is my order on its way?', 'OLGA-1'],
    [pedro, 'Do you ship to Recife?', 'PEDRO-1'],
  ] as const) {
    const contact = await api<{ id: number }>('POST', '/contacts', who)
    const { id } = await api<{ id: number }>('POST', '/tickets', { contactId: contact.id })
    await api('POST', `/simulator/${connectionId}/inbound`, {
      from: who.number,
      name: who.name,
      body,
      providerMessageId,
    })
    if (who === olga) first = id
    else second = id
  }
}, 120_000)

afterAll(async () => {
  await desk?.stop()
})

test('a draft stays with its ticket (text and reply) and the list says "Draft:"; sending clears it', async () => {
  const { context, page } = await signedInPage(desk, admin, { viewport: { width: 1440, height: 900 } })
  await page.goto(`/tickets/${first}`)
  const log = page.getByRole('log', { name: 'Messages' })
  const question = log.getByText('Is my order on its way?')
  await question.waitFor()
  await page.getByRole('tab', { name: /In service/ }).click()
  const row = (name: string) => page.getByRole('listitem').filter({ hasText: name }).first()
  const box = page.getByRole('textbox', { name: 'Message' })
  const cancelReply = page.getByRole('button', { name: 'Cancel reply' })

  // A reply to the customer's question, half written.
  await question.hover()
  await log.getByRole('button', { name: 'Message options' }).first().click()
  await page.getByRole('menuitem', { name: 'Reply' }).click()
  await box.fill('Checking with the warehouse')

  // Another ticket: its composer is empty, and the list shows the first one's draft.
  await row(pedro.name).getByRole('button', { name: pedro.name, exact: true }).click()
  await page.waitForURL(`**/tickets/${second}`)
  await log.getByText('Do you ship to Recife?').waitFor()
  expect(await box.inputValue()).toBe('')
  await expect(cancelReply.count()).resolves.toBe(0)
  await row(olga.name).getByText('Draft:').waitFor()
  await row(olga.name).getByText('Checking with the warehouse').waitFor()

  // Back: the text and the reply are where the agent left them, and survive a reload.
  await row(olga.name).getByRole('button', { name: olga.name, exact: true }).click()
  await page.waitForURL(`**/tickets/${first}`)
  await cancelReply.waitFor()
  expect(await box.inputValue()).toBe('Checking with the warehouse')
  await page.reload()
  await cancelReply.waitFor()
  expect(await box.inputValue()).toBe('Checking with the warehouse')

  // Escape drops the reply and keeps the text.
  await box.press('Escape')
  await cancelReply.waitFor({ state: 'hidden' })
  expect(await box.inputValue()).toBe('Checking with the warehouse')
  expect(new URL(page.url()).pathname).toBe(`/tickets/${first}`)

  // Sent: the draft is gone, here and in the list.
  await box.fill('Checking with the warehouse, one moment')
  await page.getByRole('button', { name: 'Send' }).click()
  await eventually(
    () => api<{ body?: string }[]>('GET', `/simulator/${connectionId}/outbox?to=${olga.number}`),
    (o) => o.some((m) => m.body?.includes('one moment')),
    'the message in the outbox',
  )
  await expect.poll(() => box.inputValue()).toBe('')
  await row(pedro.name).getByRole('button', { name: pedro.name, exact: true }).click()
  await page.waitForURL(`**/tickets/${second}`)
  await row(olga.name).getByText('one moment').waitFor()
  await expect(row(olga.name).getByText('Draft:').count()).resolves.toBe(0)
  await context.close()
  expect(desk.cspViolations).toEqual([])
}, 60_000)
