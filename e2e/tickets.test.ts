/**
 * Live tickets, end to end: the built app in Chromium against a real server with a simulator
 * connection. The test plays the phone (scanning the QR code) and the customer through the
 * simulator's control endpoints; everything an agent does goes through the screens.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Api, admin, adminApi, agent, eventually } from './api'
import { signedInPage } from './pages'
import { type Desk, startDesk } from './support'

let desk: Desk
let api: Api

const second = { name: 'Clara Second', email: 'clara@example.com', password: 'clara-secret-1' }
const customer = { from: '5511988887777', name: 'Carla Customer' }

interface OutboxEntry {
  to: string
  body?: string
  mediaType?: string
  quotedProviderMessageId?: string | null
}
interface TicketShape {
  id: number
  status: string
  userId: number | null
  queueId: number | null
}

let connectionId = 0
let salesQueueId = 0
let ticketId = 0
const outbox = () => api<OutboxEntry[]>('GET', `/simulator/${connectionId}/outbox?to=${customer.from}`)
const ticket = () => api<TicketShape>('GET', `/tickets/${ticketId}`)
const customerWrites = (body: string, providerMessageId?: string) =>
  api('POST', `/simulator/${connectionId}/inbound`, {
    from: customer.from,
    name: customer.name,
    body,
    providerMessageId,
  })

beforeAll(async () => {
  desk = await startDesk()
  // The first signup is the administrator; the agents are made by the administrator.
  api = await adminApi(desk)
  const support = await api<{ id: number }>('POST', '/queue', {
    name: 'Support',
    color: '#2f9e44',
    greetingMessage: '',
  })
  const sales = await api<{ id: number }>('POST', '/queue', { name: 'Sales', color: '#1c7ed6', greetingMessage: '' })
  salesQueueId = sales.id
  await api('POST', '/users', { ...agent, profile: 'user', queueIds: [support.id] })
  await api('POST', '/users', { ...second, profile: 'user', queueIds: [sales.id] })
}, 120_000)

afterAll(async () => {
  await desk?.stop()
})

describe('a conversation from the first message to its return', () => {
  test('the administrator adds a simulator connection and pairs it by QR code', async () => {
    const { context, page } = await signedInPage(desk, admin)
    await page.getByRole('link', { name: /^Connections/ }).click()
    await page.getByRole('button', { name: 'Add connection' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add connection' })
    await dialog.getByLabel('Name').fill('Main line')
    await dialog.getByRole('button', { name: 'Add' }).click()
    await dialog.waitFor({ state: 'hidden' })

    const [connection] = await eventually(
      () => api<{ id: number; status: string }[]>('GET', '/whatsapp'),
      (list) => list.length === 1 && list[0].status === 'qrcode',
      'the new connection to show a QR code',
    )
    connectionId = connection.id

    await page.getByRole('button', { name: 'Show QR code' }).click()
    const qr = page.getByRole('dialog', { name: 'Scan the QR code to start the session' })
    await qr.getByRole('img', { name: 'QR code of Main line' }).waitFor()
    // The phone scans the code: the dialog closes by itself and the table says connected.
    await api('POST', `/simulator/${connectionId}/scan`)
    await qr.waitFor({ state: 'hidden' })
    await page.getByText('Connected', { exact: true }).first().waitFor()
    await context.close()
  })

  test('a customer writes, an agent sees the ticket arrive, accepts and answers', async () => {
    const { context, page } = await signedInPage(desk, agent)
    await page.getByRole('link', { name: 'Tickets' }).click()
    await page.getByRole('tab', { name: /Waiting/ }).click()

    await customerWrites('Hello, I need help with my order', 'CUSTOMER-HELLO')
    // Arrives live: no reload.
    const item = page.getByRole('listitem').filter({ hasText: customer.name })
    await item.waitFor()
    const tickets = await api<{ tickets: TicketShape[] }>('GET', '/tickets?status=pending&showAll=true')
    ticketId = tickets.tickets[0].id

    await item.getByRole('button', { name: 'Accept' }).click()
    await page.waitForURL(`**/tickets/${ticketId}`)
    const box = page.getByRole('textbox', { name: 'Message' })
    await box.fill('Hi Carla, happy to help.')
    await page.getByRole('button', { name: 'Send' }).click()
    await eventually(
      outbox,
      (o) => o.some((m) => m.body?.includes('Hi Carla, happy to help.')),
      'the reply in the outbox',
    )

    // An image, through the file input.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'receipt.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      ),
    })
    await page.getByRole('button', { name: 'Send' }).click()
    await eventually(outbox, (o) => o.some((m) => m.mediaType === 'image'), 'the image in the outbox')

    // A reply quoting the customer's message.
    const log = page.getByRole('log', { name: 'Messages' })
    const customerMessage = log.getByText('Hello, I need help with my order')
    await customerMessage.hover()
    await log.getByRole('button', { name: 'Message options' }).first().click()
    await page.getByRole('menuitem', { name: 'Reply' }).click()
    await box.fill('About your order: it ships today.')
    await page.getByRole('button', { name: 'Send' }).click()
    // The customer's phone shows it as a reply to their message: the send quotes its provider id.
    await eventually(
      outbox,
      (o) => o.some((m) => m.body?.includes('it ships today') && m.quotedProviderMessageId === 'CUSTOMER-HELLO'),
      'the quoted reply in the outbox',
    )
    await expect(ticket()).resolves.toMatchObject({ status: 'open' })

    // The header marks the ticket's channel.
    await page.getByRole('img', { name: 'Simulator' }).first().waitFor()

    // Transfer to the Sales queue without a user: pending and unassigned there.
    await page.getByRole('button', { name: 'Ticket options' }).click()
    await page.getByRole('menuitem', { name: 'Transfer' }).click()
    const transfer = page.getByRole('dialog', { name: 'Transfer ticket' })
    // A team of three is listed at once: nothing to type before choosing a colleague.
    await transfer.getByLabel('User').getByRole('option', { name: second.name }).waitFor({ state: 'attached' })
    await transfer.getByLabel('Queue').selectOption({ label: 'Sales' })
    await transfer.getByRole('button', { name: 'Transfer' }).click()
    await page.getByText('Ticket transferred to the Sales queue.').waitFor()
    await eventually(
      ticket,
      (t) => t.status === 'pending' && t.userId === null && t.queueId === salesQueueId,
      'the transfer',
    )
    await context.close()
  })

  test('a second agent accepts and resolves; the customer gets the farewell and writes again', async () => {
    await api('PUT', `/whatsapp/${connectionId}`, { farewellMessage: 'Thank you, {{name}}!' })
    const { context, page } = await signedInPage(desk, second)
    await page.getByRole('link', { name: 'Tickets' }).click()
    await page.getByRole('tab', { name: /Waiting/ }).click()
    const item = page.getByRole('listitem').filter({ hasText: customer.name })
    await item.getByRole('button', { name: 'Accept' }).click()
    await page.waitForURL(`**/tickets/${ticketId}`)
    // The list follows the ticket to In service, where it shows selected (not left behind on Waiting).
    const inService = page.getByRole('tab', { name: /In service/ })
    await expect.poll(() => inService.getAttribute('aria-selected'), { timeout: 5_000 }).toBe('true')
    const row = page.getByRole('region', { name: 'Tickets' }).getByRole('listitem').filter({ hasText: customer.name })
    await expect
      .poll(() => row.getByRole('button', { name: customer.name, exact: true }).getAttribute('aria-current'), {
        timeout: 5_000,
      })
      .toBe('true')
    await page.getByRole('button', { name: 'Resolve', exact: true }).click()
    await eventually(ticket, (t) => t.status === 'closed', 'the ticket to close')
    await eventually(
      outbox,
      (o) => o.some((m) => m.body === `Thank you, ${customer.name}!`),
      'the farewell in the outbox',
    )

    // Within the reopening window the same ticket comes back, pending.
    await page.getByRole('tab', { name: /Waiting/ }).click()
    await customerWrites('One more question')
    await eventually(ticket, (t) => t.status === 'pending', 'the ticket to come back pending')
    await page.getByRole('listitem').filter({ hasText: customer.name }).waitFor()

    // Search by message text.
    await page.getByRole('tab', { name: 'Search' }).click()
    await page.getByRole('searchbox', { name: 'Search tickets and messages' }).fill('ships today')
    await page.getByRole('listitem').filter({ hasText: customer.name }).waitFor()
    await context.close()
  })

  test('ten messages that arrive while the socket is cut show exactly once after reconnect', async () => {
    const { context, page } = await signedInPage(desk, second)
    await page.goto(`/tickets/${ticketId}`)
    await page.getByText('One more question').first().waitFor()

    // The network goes away and the server drops the connection; nothing reaches the page live.
    await context.setOffline(true)
    const secondId = (await api<{ users: { id: number; email: string }[] }>('GET', '/users/')).users.find(
      (u) => u.email === second.email,
    )!.id
    for (const socket of desk.server.io.of('/').sockets.values()) {
      if (socket.data.userId === secondId) socket.conn.close()
    }
    for (let i = 1; i <= 10; i++) await customerWrites(`Burst message ${i}`)
    await context.setOffline(false)

    const log = page.getByRole('log', { name: 'Messages' })
    for (let i = 1; i <= 10; i++) await log.getByText(`Burst message ${i}`, { exact: true }).first().waitFor()
    // Settled: every one shown once, none twice.
    await page.waitForTimeout(1000)
    for (let i = 1; i <= 10; i++) {
      await expect(log.getByText(`Burst message ${i}`, { exact: true }).count()).resolves.toBe(1)
    }
    await context.close()
  })

  test('a location and a file show as cards, and the emoji picker loads from the desk itself', async () => {
    // As the terminal customer's `/location` sends it: no thumbnail.
    await api('POST', `/simulator/${connectionId}/inbound`, {
      from: customer.from,
      mediaType: 'location',
      body: '|https://maps.example.com/?q=-23.5614,-46.6559|Av. Paulista, 1000',
    })
    const pdf = Buffer.from('%PDF-1.4\n% the signed contract\n', 'latin1')
    await api('POST', `/simulator/${connectionId}/inbound`, {
      from: customer.from,
      mediaType: 'other',
      mediaBase64: pdf.toString('base64'),
      fileName: 'contract.pdf',
    })
    const { context, page } = await signedInPage(desk, admin)
    await page.goto(`/tickets/${ticketId}`)
    const log = page.getByRole('log', { name: 'Messages' })
    const map = log.getByRole('link', { name: 'Open map' })
    await map.waitFor()
    await expect(map.getAttribute('href')).resolves.toBe('https://maps.example.com/?q=-23.5614,-46.6559')
    await log.getByText('Av. Paulista, 1000', { exact: true }).waitFor()
    await expect(log.getByText('|https://maps', { exact: false }).count()).resolves.toBe(0)
    await log.getByText('contract.pdf', { exact: true }).waitFor()
    await log.getByText(`PDF · ${pdf.length} byte`).waitFor()
    await log.getByRole('link', { name: 'Download contract.pdf' }).waitFor()

    // The picker and its data come from the app's own origin (the CSP check below would catch a CDN).
    // The conversation header's Accept (the waiting list beside it has one too).
    await page.getByRole('button', { name: 'Accept', exact: true }).last().click()
    const box = page.getByRole('textbox', { name: 'Message' })
    await expect(box.isEnabled()).resolves.toBe(true)
    await page.getByRole('button', { name: 'Emoji' }).click()
    const search = page.getByRole('searchbox', { name: 'Search emoji' })
    await page.getByRole('gridcell', { name: 'Grinning face', exact: true }).waitFor()
    await search.fill('thumbs up')
    await expect.poll(() => page.getByRole('gridcell').first().getAttribute('aria-label')).toBe('Thumbs up')
    await search.press('Enter')
    await expect(box.inputValue()).resolves.toBe('\u{1F44D}\uFE0F')
    await context.close()
  })
})

test('no page of this scenario reported a Content-Security-Policy violation', () => {
  expect(desk.cspViolations).toEqual([])
})
