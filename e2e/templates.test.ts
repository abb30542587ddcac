/**
 * The official WhatsApp Cloud API, end to end against a local fake of the Graph API: the desk syncs the business
 * account's templates; a ticket whose customer wrote more than 24 hours ago shows the closed window and offers the
 * template picker instead of free text, and the template the agent fills goes out with that value; a text job from
 * /ZDG with a template reaches 20 numbers, one template send each, its variable taken from the pasted column;
 * /ZDGMedia sends a template whose image header takes the URL, and /ZDGMedia2 says a file reaches open windows only.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signCloudBody } from '../packages/server/src/drivers/cloud-api'
import { cloudText } from '../packages/server/test/support/cloud'
import { startGraphFake } from '../packages/server/test/support/graph-fake'
import { FOLLOW_UP, ORDER_UPDATE, PROMO_IMAGE } from '../packages/server/test/support/templates'
import { type Api, admin, adminApi } from './api'
import { type Job, numbers, until } from './outreach'
import { signedInPage } from './pages'
import { type Desk, startDesk } from './support'

const PHONE_ID = '106540352240032'
const WABA_ID = '102290129340032'
const TOKEN = 'token-e2e-templates'
const APP_SECRET = 'secret-e2e-templates'

interface TemplateSend {
  to: string
  type: string
  template?: { name: string; components: Array<{ type: string; parameters: Array<{ text?: string }> }> }
}

describe('templates on the WhatsApp Cloud API', () => {
  let graph: Awaited<ReturnType<typeof startGraphFake>>
  let desk: Desk
  let api: Api
  let connectionId = 0
  const templateSends = () =>
    graph
      .sends()
      .map((call) => call.body as TemplateSend)
      .filter((body) => body.type === 'template')

  beforeAll(async () => {
    graph = await startGraphFake(() => TOKEN)
    graph.addTemplate(ORDER_UPDATE)
    graph.addTemplate(FOLLOW_UP)
    graph.addTemplate(PROMO_IMAGE)
    // Media by URL from the fake's own address: loopback addresses let through.
    desk = await startDesk({ cloudApiBaseUrl: graph.url, autoCloseHours: 0, outreach: { allowPrivateUrls: true } })
    api = await adminApi(desk)
    const created = await api<{ id: number }>('POST', '/whatsapp', {
      name: 'Official line',
      driver: 'cloud-api',
      cloudApi: {
        phoneNumberId: PHONE_ID,
        accessToken: TOKEN,
        verifyToken: 'verify',
        appSecret: APP_SECRET,
        businessAccountId: WABA_ID,
      },
    })
    connectionId = created.id
    const synced = await api<{ templates: { name: string; status: string }[] }>('POST', '/templates/sync', {
      connectionId,
    })
    expect(synced.templates.map((t) => [t.name, t.status])).toEqual([
      ['follow_up', 'APPROVED'],
      ['order_update', 'APPROVED'],
      ['promo_image', 'APPROVED'],
    ])
  }, 120_000)

  afterAll(async () => {
    await desk?.stop()
    await graph?.close()
  })

  test('a closed window offers the template picker; the filled template reaches the customer', async () => {
    // The customer writes through the signed webhook …
    const raw = JSON.stringify(cloudText(PHONE_ID, { from: '5511933330001', id: 'wamid.E2E1', body: 'Oi, tudo bem?' }))
    const hook = await fetch(`${desk.url}/api/webhooks/whatsapp/${connectionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signCloudBody(raw, APP_SECRET) },
      body: raw,
    })
    expect(hook.status).toBe(200)
    const { tickets } = await api<{ tickets: { id: number }[] }>(
      'GET',
      '/tickets?showAll=true&searchParam=5511933330001',
    )
    const ticketId = tickets[0]!.id
    await api('PUT', `/tickets/${ticketId}`, { status: 'open' })
    // … 25 hours ago: the window is closed.
    await desk.server.db
      .updateTable('messages')
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .where('ticketId', '=', ticketId)
      .where('fromMe', '=', 0)
      .execute()

    const { context, page } = await signedInPage(desk, admin, { viewport: { width: 1440, height: 900 } })
    await page.goto(`/tickets/${ticketId}`)
    await page.getByRole('log', { name: 'Messages' }).getByText('Oi, tudo bem?').waitFor()
    await page.getByText(/^The window closed .* — send a template$/).waitFor()
    // No free text: the picker takes the input's place.
    expect(await page.getByRole('textbox', { name: 'Message' }).count()).toBe(0)
    const picker = page.getByTestId('template-picker')
    await picker
      .getByRole('combobox', { name: 'Message template' })
      .selectOption({ label: 'follow_up · pt_BR · MARKETING' })
    const variable = picker.getByRole('textbox', { name: /Variable body\.1/ })
    await variable.fill('Ana Paula')
    await picker.getByText('Olá Ana Paula, podemos continuar a conversa?').waitFor()
    const before = templateSends().length
    await picker.getByRole('button', { name: 'Send template' }).click()

    await page
      .getByRole('log', { name: 'Messages' })
      .getByText('Olá Ana Paula, podemos continuar a conversa?')
      .waitFor()
    const sent = templateSends().slice(before)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({
      to: '5511933330001',
      template: {
        name: 'follow_up',
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana Paula' }] }],
      },
    })
    await context.close()
  })

  test('/ZDG with a template sends it to 20 numbers, the variable from each line', async () => {
    const list = numbers(20, 14155550300)
    const { context, page } = await signedInPage(desk, admin)
    await page.goto('/ZDG')
    await page.getByRole('combobox', { name: /Dispatch ID/ }).fill(String(connectionId))
    await page.getByRole('combobox', { name: 'Message template' }).selectOption({ label: 'follow_up (pt_BR)' })
    await page
      .getByRole('combobox', { name: /Variable body \{\{1\}\}/ })
      .selectOption({ label: 'Column 2 of the pasted line' })
    await page.getByRole('textbox', { name: /Numbers/ }).fill(list.map((n, i) => `${n};Cliente ${i + 1}`).join('\n'))
    await page.getByRole('spinbutton', { name: /Minimum interval/ }).fill('0')
    await page.getByRole('spinbutton', { name: /Maximum interval/ }).fill('0')
    const before = templateSends().length
    await page.getByRole('button', { name: 'Send' }).click()

    const link = page.getByRole('link', { name: /^Open job \d+$/ }).first()
    await link.waitFor()
    const jobId = Number((await link.getAttribute('href'))?.split('/').pop())
    const done = await until(
      () => api<Job>('GET', `/jobs/${jobId}`),
      (job) => job.status !== 'running' && job.status !== 'queued',
      'the end of the template job',
      30,
    )
    expect(done).toMatchObject({ kind: 'bulkText', status: 'done', total: 20, sent: 20, failed: 0 })
    await page.getByText('Sent messages: 20 / 20').first().waitFor()
    const sent = templateSends().slice(before)
    expect(sent.map((s) => s.to).sort()).toEqual([...list].sort())
    expect(sent.every((s) => s.template?.name === 'follow_up')).toBe(true)
    const firstParameter = (s: TemplateSend) => s.template?.components[0]?.parameters[0]?.text
    expect(firstParameter(sent.find((s) => s.to === list[0])!)).toBe('Cliente 1')
    expect(firstParameter(sent.find((s) => s.to === list[19])!)).toBe('Cliente 20')
    await context.close()
  })

  test('/ZDGMedia sends a template whose image header is the URL; /ZDGMedia2 says files reach open windows only', async () => {
    const list = ['14155550401;Rita', '14155550402;Caio']
    const url = `${graph.url}/files/collection.png`
    const { context, page } = await signedInPage(desk, admin)
    await page.goto('/ZDGMedia')
    await page.getByRole('combobox', { name: /Dispatch ID/ }).fill(String(connectionId))
    const choice = page.getByRole('combobox', { name: 'Message template' })
    // Only the template whose header takes the media is offered.
    expect(await choice.locator('option').allTextContents()).toEqual([
      'None: the media alone, only to customers whose reply window is open',
      'promo_image (en_US)',
    ])
    await choice.selectOption({ label: 'promo_image (en_US)' })
    await page
      .getByRole('combobox', { name: /Variable body \{\{1\}\}/ })
      .selectOption({ label: 'Column 2 of the pasted line' })
    await page.getByRole('textbox', { name: /Numbers/ }).fill(list.join('\n'))
    await page.getByRole('textbox', { name: /URL/ }).fill(url)
    await page.getByRole('spinbutton', { name: /Minimum interval/ }).fill('0')
    await page.getByRole('spinbutton', { name: /Maximum interval/ }).fill('0')
    const before = templateSends().length
    await page.getByRole('button', { name: 'Send' }).click()
    const link = page.getByRole('link', { name: /^Open job \d+$/ }).first()
    await link.waitFor()
    const jobId = Number((await link.getAttribute('href'))?.split('/').pop())
    const done = await until(
      () => api<Job>('GET', `/jobs/${jobId}`),
      (job) => job.status !== 'running' && job.status !== 'queued',
      'the end of the media template job',
      30,
    )
    expect(done).toMatchObject({ kind: 'bulkMedia', status: 'done', total: 2, sent: 2, failed: 0 })
    expect(templateSends().slice(before)).toMatchObject([
      {
        to: '14155550401',
        template: {
          name: 'promo_image',
          components: [
            { type: 'header', parameters: [{ type: 'image', image: { link: url } }] },
            { type: 'body', parameters: [{ text: 'Rita' }] },
          ],
        },
      },
      { to: '14155550402', template: { components: [{ type: 'header' }, { parameters: [{ text: 'Caio' }] }] } },
    ])

    await page.goto('/ZDGMedia2')
    await page.getByRole('combobox', { name: /Dispatch ID/ }).fill(String(connectionId))
    await page
      .getByText(/a file from the server's folder reaches only customers who wrote in the last 24 hours/)
      .waitFor()
    await page.getByRole('link', { name: 'To reach everyone, send a template from Bulk text' }).click()
    await page.waitForURL('**/ZDG')
    await context.close()
  })
})
