/**
 * Protocol close and e-mail on close, end to end: an administrator points the desk at a local SMTP
 * server (the `smtp-server` package) from the E-mail page; resolving a conversation "with protocol"
 * sends the customer the number, shows it, and a search finds the ticket by it; the contact, who has
 * an e-mail address, receives the closing summary at the local SMTP server.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startSmtp } from '../packages/server/test/support/smtp'
import { admin, eventually } from './api'
import { setUpSimulatorDesk } from './fixture'
import { signedInPage } from './pages'

const file = setUpSimulatorDesk({ config: { outreach: { allowAddresses: ['127.0.0.1'] } } })

interface OutboxEntry {
  to: string
  body?: string
}

const customer = { from: '5511977776666', name: 'Paula Protocol', email: 'paula@example.com' }

let smtp: Awaited<ReturnType<typeof startSmtp>>

beforeAll(async () => {
  smtp = await startSmtp()
  // The local SMTP server is on loopback, which the outbound address guard refuses unless allowed.
})

afterAll(async () => {
  await smtp?.close()
})

describe('resolve with protocol and e-mail on close', () => {
  test('the customer gets the number, a search finds it, and the contact receives the closing e-mail', async () => {
    const { context, page } = await signedInPage(file.desk, admin)

    // The administrator sets the SMTP server on the E-mail page.
    await page.goto('/mail')
    await page.getByLabel('Host').fill('127.0.0.1')
    await page.getByLabel('Port').fill(String(smtp.port))
    await page.getByLabel('Sender address').fill('desk@example.com')
    await page.getByRole('button', { name: 'Save' }).click()
    await page.getByText('E-mail settings saved').waitFor()

    // A customer with an e-mail address writes; the administrator takes the conversation.
    const { ticketId } = await file.api<{ ticketId: number }>('POST', `/simulator/${file.connectionId}/inbound`, {
      from: customer.from,
      name: customer.name,
      body: 'Please close my request',
    })
    const ticket = await file.api<{ contactId: number }>('GET', `/tickets/${ticketId}`)
    await file.api('PUT', `/contacts/${ticket.contactId}`, { email: customer.email })
    await file.api('PUT', `/tickets/${ticketId}`, { status: 'open' })

    await page.goto(`/tickets/${ticketId}`)
    await page.getByText('Please close my request').first().waitFor()
    await page.getByRole('button', { name: 'Resolve with protocol' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Resolve' }).click()
    const shown = page.getByTestId('protocol-number')
    await shown.waitFor()
    const protocol = (await shown.textContent())?.trim() ?? ''
    expect(protocol).toMatch(/^\d{12}$/)

    // The customer received the number; the ticket is closed.
    const outbox = await eventually(
      () => file.api<OutboxEntry[]>('GET', `/simulator/${file.connectionId}/outbox?to=${customer.from}`),
      (entries) => entries.some((e) => e.body?.includes(protocol)),
      'the protocol message',
    )
    expect(outbox.some((e) => e.body?.includes(protocol))).toBe(true)
    expect((await file.api<{ status: string }>('GET', `/tickets/${ticketId}`)).status).toBe('closed')
    await page.keyboard.press('Escape')
    await page.getByRole('alertdialog').waitFor({ state: 'detached' })

    // The closing e-mail reaches the contact through the local SMTP server.
    const mail = await smtp.mailTo(customer.email)
    expect(mail.from).toBe('desk@example.com')
    expect(mail.raw).toContain(protocol)

    // A search for the number finds the ticket.
    await page.goto('/tickets')
    await page.getByRole('tab', { name: 'Search' }).click()
    await page.getByRole('searchbox', { name: 'Search tickets and messages' }).fill(protocol)
    await page.getByRole('listitem').filter({ hasText: customer.name }).waitFor()
    await context.close()
  })
})
