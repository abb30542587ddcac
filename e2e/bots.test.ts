/**
 * Bots, end to end: the administrator configures a bot on the Bots page, an agent switches it on in
 * the conversation header, the customer's message goes to a local bot (a node http server here) whose
 * answer reaches the customer and the conversation, and the agent's own reply pauses the bot.
 */
import { createHmac } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { admin, eventually } from './api'
import { setUpSimulatorDesk } from './fixture'
import { signedInPage } from './pages'

const file = setUpSimulatorDesk({ config: { outreach: { allowPrivateUrls: true } } })

const SECRET = 'e2e-bot-secret'
const customer = { from: '5511977776666', name: 'Bea Customer' }

let bot: http.Server
let botUrl = ''
/** What the bot received, each with whether its signature matched the secret. */
const received: Array<{ body: string; signed: boolean }> = []

beforeAll(async () => {
  bot = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const expected = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`
      received.push({ body, signed: req.headers['x-signature-256'] === expected })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ replies: [{ text: 'Bot here: how can I help?' }] }))
    })
  })
  await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve))
  botUrl = `http://127.0.0.1:${(bot.address() as AddressInfo).port}/hook`
  // The bot listens on this machine: private addresses are allowed, as for outreach media.
}, 120_000)

afterAll(async () => {
  await new Promise<void>((resolve) => (bot ? bot.close(() => resolve()) : resolve()))
})

const outboxTexts = async () =>
  (await file.api<Array<{ body?: string }>>('GET', `/simulator/${file.connectionId}/outbox?to=${customer.from}`)).map(
    (e) => e.body,
  )
const customerWrites = (body: string) =>
  file.api<{ ticketId: number }>('POST', `/simulator/${file.connectionId}/inbound`, { ...customer, body })
describe('a bot answers the customer until an agent takes over', () => {
  test('configured on the Bots page, switched on in the conversation, it answers; a reply pauses it', async () => {
    const { page } = await signedInPage(file.desk, admin)
    await page.getByRole('link', { name: 'Bots' }).click()
    await page.getByRole('tab', { name: 'N8N' }).click()
    const panel = page.getByRole('tabpanel')
    await panel.getByLabel('Bot URL').fill(botUrl)
    await panel.getByLabel('Signing secret').fill(SECRET)
    await panel.getByRole('switch', { name: 'Enabled' }).click()
    await panel.getByRole('button', { name: 'Save' }).click()
    await expect.poll(() => page.getByText(/ending in …cret/).count()).toBe(1)

    const { ticketId } = await customerWrites('Hello?')
    await page.goto(`/tickets/${ticketId}`)
    const n8n = page.getByRole('switch', { name: 'N8N' })
    await n8n.click()
    await expect.poll(() => n8n.getAttribute('aria-checked')).toBe('true')

    await customerWrites('I need a new invoice')
    await eventually(outboxTexts, (texts) => texts.includes('Bot here: how can I help?'), 'the bot to answer')
    await page.getByText('Bot here: how can I help?').waitFor()
    expect(received.length).toBe(1)
    expect(received[0].signed).toBe(true)
    expect(JSON.parse(received[0].body)).toMatchObject({ kind: 'n8n', message: { body: 'I need a new invoice' } })

    // The agent takes over: accept, reply; the switch shows the bot paused, live.
    await page.getByRole('button', { name: 'Accept' }).last().click()
    const input = page.getByPlaceholder('Type a message')
    await input.fill('A person here, I will send it now')
    await input.press('Enter')
    await eventually(
      outboxTexts,
      (texts) => texts.some((text) => text?.endsWith('A person here, I will send it now')),
      "the reply (signed with the agent's name)",
    )
    await page.getByText('Paused').waitFor()
    await expect.poll(() => n8n.getAttribute('aria-checked')).toBe('false')
    const status = await file.api<unknown>('GET', `/tickets/${ticketId}/bots`)
    expect(status).toMatchObject({
      switches: expect.arrayContaining([expect.objectContaining({ kind: 'n8n', state: 'paused' })]),
    })
  }, 120_000)
})
