/**
 * Drafts, end to end, on a desktop and on a phone: what an agent starts writing (the text and the message it
 * replies to) stays with its ticket while the agent works on another one, through Escape and a reload, and the
 * ticket list says "Draft:" on the ticket; sending clears it. On a phone the list and the conversation take
 * turns: the agent goes back to the list to change tickets. The built app in Chromium against a real server.
 */
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { eventually } from './api'
import { setUpSimulatorDesk } from './fixture'
import { SCREENS, type Screen, showTicketList, signedInPage } from './pages'

const admin = { name: 'Dora Admin', email: 'dora@example.com', password: 'dora-secret-1' }
const file = setUpSimulatorDesk({ admin })

describe.each(SCREENS)('at $label', (screen) => {
  const olga = { name: `Olga Rascunho ${screen.viewport.width}`, number: `55119666${screen.viewport.width}1` }
  const pedro = { name: `Pedro Outro ${screen.viewport.width}`, number: `55119666${screen.viewport.width}2` }
  const tickets = new Map<string, number>()

  beforeAll(async () => {
    const { api, connectionId } = file
    for (const [who, body] of [
      [olga, 'Is my order on its way?'],
      [pedro, 'Do you ship to Recife?'],
    ] as const) {
      const contact = await api<{ id: number }>('POST', '/contacts', who)
      const { id } = await api<{ id: number }>('POST', '/tickets', { contactId: contact.id })
      await api('POST', `/simulator/${connectionId}/inbound`, { from: who.number, name: who.name, body })
      tickets.set(who.name, id)
    }
  })

  /** The ticket list's row of `name`, in service. */
  const row = (page: Page, name: string) => page.getByRole('listitem').filter({ hasText: name }).first()

  /** Shows the list (on a phone, back from the conversation) and opens `name`'s ticket from its row. */
  async function openFromList(page: Page, screen: Screen, name: string) {
    await showTicketList(page, screen)
    await row(page, name).getByRole('button', { name, exact: true }).click()
    await page.waitForURL(`**/tickets/${tickets.get(name)}`)
  }

  test('a draft stays with its ticket (text and reply) and the list says "Draft:"; sending clears it', async () => {
    const { desk, api, connectionId } = file
    const { context, page } = await signedInPage(desk, admin, { viewport: screen.viewport })
    await page.goto('/tickets')
    await page.getByRole('tab', { name: /In service/ }).click()
    await openFromList(page, screen, olga.name)
    const log = page.getByRole('log', { name: 'Messages' })
    const question = log.getByText('Is my order on its way?')
    await question.waitFor()
    const box = page.getByRole('textbox', { name: 'Message' })
    const cancelReply = page.getByRole('button', { name: 'Cancel reply' })

    // A reply to the customer's question, half written.
    await question.hover()
    await log.getByRole('button', { name: 'Message options' }).first().click()
    await page.getByRole('menuitem', { name: 'Reply' }).click()
    await box.fill('Checking with the warehouse')

    // Another ticket: its composer is empty, and the list shows the first one's draft.
    await openFromList(page, screen, pedro.name)
    await log.getByText('Do you ship to Recife?').waitFor()
    expect(await box.inputValue()).toBe('')
    await expect(cancelReply.count()).resolves.toBe(0)
    await showTicketList(page, screen)
    await row(page, olga.name).getByText('Draft:').waitFor()
    await row(page, olga.name).getByText('Checking with the warehouse').waitFor()

    // Back: the text and the reply are where the agent left them, and survive a reload.
    await openFromList(page, screen, olga.name)
    await cancelReply.waitFor()
    expect(await box.inputValue()).toBe('Checking with the warehouse')
    await page.reload()
    await cancelReply.waitFor()
    expect(await box.inputValue()).toBe('Checking with the warehouse')

    // Escape drops the reply and keeps the text.
    await box.press('Escape')
    await cancelReply.waitFor({ state: 'hidden' })
    expect(await box.inputValue()).toBe('Checking with the warehouse')
    expect(new URL(page.url()).pathname).toBe(`/tickets/${tickets.get(olga.name)}`)

    // Sent: the draft is gone, here and in the list.
    await box.fill('Checking with the warehouse, one moment')
    await page.getByRole('button', { name: 'Send' }).click()
    await eventually(
      () => api<{ body?: string }[]>('GET', `/simulator/${connectionId}/outbox?to=${olga.number}`),
      (o) => o.some((m) => m.body?.includes('one moment')),
      'the message in the outbox',
    )
    await expect.poll(() => box.inputValue()).toBe('')
    await openFromList(page, screen, pedro.name)
    await showTicketList(page, screen)
    await row(page, olga.name).getByText('one moment').waitFor()
    await expect(row(page, olga.name).getByText('Draft:').count()).resolves.toBe(0)
    await context.close()
    expect(desk.cspViolations).toEqual([])
  }, 60_000)
})
