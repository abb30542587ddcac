/**
 * The team chat, private notes and the framed pages, end to end: the built app in Chromium against a real
 * server. Two agents of one queue chat in its channel and in a direct message, live; an agent writes a note
 * on a ticket mentioning a colleague, who opens the ticket from the bell; the chatbot and external-chat
 * frames appear once an administrator sets their addresses, with only those sites allowed to be framed.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Account, agent, apiWith, tokenOf } from './api'
import { setUpSimulatorDesk } from './fixture'
import { signedInPage } from './pages'

const file = setUpSimulatorDesk()
const colleague: Account = { name: 'Carla Colega', email: 'carla@example.com', password: 'carla-secret-1' }
const settled = { timeout: 10_000 }
let ticketId = 0
let frameSite: http.Server
let frameOrigin = ''

/** A page of another site, as the chatbot app or an external chat would be. */
const startFrameSite = async () => {
  frameSite = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<!doctype html><title>Bot</title><h1>Hello from the bot app</h1>')
  })
  await new Promise<void>((resolve) => frameSite.listen(0, '127.0.0.1', resolve))
  frameOrigin = `http://127.0.0.1:${(frameSite.address() as AddressInfo).port}`
}

beforeAll(async () => {
  await startFrameSite()
  const support = await file.api<{ id: number }>('POST', '/queue', { name: 'Support', color: '#1c7ed6' })
  const { id: agentId } = await file.api<{ id: number }>('POST', '/users', {
    ...agent,
    profile: 'user',
    queueIds: [support.id],
  })
  await file.api('POST', '/users', { ...colleague, profile: 'user', queueIds: [support.id] })
  const agentApi = apiWith(file.desk, await tokenOf(file.desk, agent))
  const arrived = await file.api<{ ticketId: number }>('POST', `/simulator/${file.connectionId}/inbound`, {
    from: '5511933330001',
    name: 'Maria Souza',
    body: 'My refund never came',
    isGroup: false,
    mediaType: 'chat',
  })
  ticketId = arrived.ticketId
  await agentApi('PUT', `/tickets/${ticketId}`, { status: 'open', userId: agentId })
}, 120_000)
afterAll(() => new Promise<void>((resolve) => (frameSite ? frameSite.close(() => resolve()) : resolve())))

const openChat = async (page: Page) => {
  await page.getByRole('link', { name: /Team chat/ }).click()
  await page.waitForURL('**/ZDGChatInterno')
}
const channel = (page: Page, name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) })
const composer = (page: Page) => page.getByRole('textbox', { name: 'Message' })

test('two agents chat in their queue channel and in a direct message, live', async () => {
  const bruno = await signedInPage(file.desk, agent)
  const carla = await signedInPage(file.desk, colleague)
  for (const { page } of [bruno, carla]) {
    await openChat(page)
    await channel(page, 'Support').click()
    await expect.poll(() => page.getByRole('heading', { name: 'Support' }).isVisible(), settled).toBe(true)
  }
  await composer(bruno.page).fill('Hello team, I am on the refunds today')
  await composer(bruno.page).press('Enter')
  await expect.poll(() => carla.page.getByText('Hello team, I am on the refunds today').isVisible(), settled).toBe(true)

  // A direct message: Carla starts it, Bruno's list shows it with its unread count, and the menu counts it.
  await carla.page.getByRole('combobox', { name: 'Message someone' }).selectOption({ label: agent.name })
  await expect.poll(() => carla.page.getByRole('heading', { name: agent.name }).isVisible(), settled).toBe(true)
  await composer(carla.page).fill('Can you cover my 3pm call?')
  await composer(carla.page).press('Enter')
  await expect.poll(() => channel(bruno.page, colleague.name).textContent(), settled).toContain('1')
  await expect.poll(() => bruno.page.getByRole('link', { name: /Team chat/ }).textContent(), settled).toContain('1')
  await channel(bruno.page, colleague.name).click()
  await expect.poll(() => bruno.page.getByText('Can you cover my 3pm call?').isVisible(), settled).toBe(true)
  await composer(bruno.page).fill('Sure!')
  await composer(bruno.page).press('Enter')
  await expect.poll(() => carla.page.getByText('Sure!', { exact: true }).isVisible(), settled).toBe(true)
  await bruno.context.close()
  await carla.context.close()
})

test('an agent writes a note mentioning a colleague, who opens the ticket from the bell', async () => {
  const bruno = await signedInPage(file.desk, agent)
  const carla = await signedInPage(file.desk, colleague)
  await bruno.page.goto(`/tickets/${ticketId}`)
  await bruno.page.getByRole('button', { name: 'Private note' }).click()
  await bruno.page.getByRole('textbox', { name: 'Private note' }).fill('@Carla Colega did this customer call you?')
  await bruno.page.getByRole('button', { name: 'Add note' }).click()
  await expect
    .poll(() => bruno.page.getByText('@Carla Colega did this customer call you?').isVisible(), settled)
    .toBe(true)
  await expect(bruno.page.getByText('Private note — not sent to the customer').first().isVisible()).resolves.toBe(true)
  // Nothing reached the customer.
  const outbox = await file.api<Array<{ body?: string }>>('GET', `/simulator/${file.connectionId}/outbox`)
  expect(JSON.stringify(outbox)).not.toContain('did this customer call you')

  const bell = carla.page.getByRole('button', { name: /Notifications/ })
  await expect.poll(() => bell.textContent(), settled).toContain('1')
  await bell.click()
  await carla.page.getByRole('menuitem', { name: /Bruno Agent mentioned you in a note/ }).click()
  await carla.page.waitForURL(`**/tickets/${ticketId}`)
  await expect
    .poll(() => carla.page.getByText('@Carla Colega did this customer call you?').isVisible(), settled)
    .toBe(true)
  await expect.poll(() => carla.page.getByText('My refund never came').isVisible(), settled).toBe(true)
  await bruno.context.close()
  await carla.context.close()
})

test('the chatbot and external chat pages frame only the addresses an administrator set', async () => {
  const { context, page } = await signedInPage(file.desk, agent)
  await page.goto('/ZDGChatbot')
  await expect.poll(() => page.getByText('No chatbot address is set').isVisible(), settled).toBe(true)
  await context.close()

  await file.api('PUT', '/settings/chatbotUrl', { value: `${frameOrigin}/bot` })
  const framed = await signedInPage(file.desk, agent)
  await framed.page.goto('/ZDGChatbot')
  const frame = framed.page.locator('iframe[title="Chatbot"]')
  await expect.poll(() => frame.isVisible(), settled).toBe(true)
  expect((await frame.boundingBox())?.height).toBe(800)
  expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-popups')
  await expect
    .poll(
      () => framed.page.frameLocator('iframe[title="Chatbot"]').getByText('Hello from the bot app').isVisible(),
      settled,
    )
    .toBe(true)
  // The team chat stays the desk's own until an external chat is set; then that is framed instead.
  await framed.page.goto('/ZDGChatInterno')
  await expect.poll(() => framed.page.getByRole('heading', { name: 'Team chat' }).isVisible(), settled).toBe(true)
  await file.api('PUT', '/settings/internalChatUrl', { value: `${frameOrigin}/chat` })
  await framed.page.goto('/ZDGChatInterno')
  await expect
    .poll(
      () => framed.page.frameLocator('iframe[title="Internal chat"]').getByText('Hello from the bot app').isVisible(),
      settled,
    )
    .toBe(true)
  expect(file.desk.cspViolations).toEqual([])
  await framed.context.close()

  // Another site is not allowed: the policy names only the addresses set.
  const headers = (await fetch(`${file.desk.url}/ZDGChatbot`)).headers.get('content-security-policy') ?? ''
  expect(headers).toContain(`frame-src ${frameOrigin}`)
  expect(headers).not.toMatch(/frame-src[^;]*\*/)
})
