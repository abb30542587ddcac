/**
 * New customers don't get missed, end to end: a customer writes through the simulator while an agent
 * has the desk open; the tab's title shows the conversation with unread messages and the new-ticket
 * chime plays. The chime is observed from outside: an init script counts the oscillators the page's
 * AudioContext starts (nothing in the app is there for the test).
 */
import { describe, expect, test } from 'vitest'
import { admin } from './api'
import { setUpSimulatorDesk } from './fixture'
import { COUNT_NOTES, logIn, notesPlayed } from './pages'

const file = setUpSimulatorDesk()

describe('new customers get noticed', () => {
  test('a customer writes: the title counts the unread conversation and the chime plays', async () => {
    const { desk, api, connectionId } = file
    const context = await desk.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    await context.addInitScript(COUNT_NOTES)
    const page = await context.newPage()
    await logIn(page, admin)
    await page.getByRole('link', { name: 'Tickets' }).click()
    // Nothing in service: the Open tab starts on Waiting.
    await page.getByRole('tab', { name: /Waiting/, selected: true }).waitFor()
    await page.waitForFunction(() => document.title === 'LimeDesk')
    expect(await notesPlayed(page)).toBe(0)

    await api('POST', `/simulator/${connectionId}/inbound`, {
      from: '5511977776666',
      name: 'Nina Newcomer',
      body: 'Hi, is anyone there?',
    })
    await page.getByRole('listitem').filter({ hasText: 'Nina Newcomer' }).waitFor()
    await page.waitForFunction(() => document.title === '(1) LimeDesk')
    await page.waitForFunction(() => (window as unknown as { __notesPlayed: number }).__notesPlayed >= 2)
    // The customer's next message: still one conversation with unread messages.
    await api('POST', `/simulator/${connectionId}/inbound`, {
      from: '5511977776666',
      name: 'Nina Newcomer',
      body: 'Hello?',
    })
    await page.getByRole('listitem').filter({ hasText: 'Hello?' }).waitFor()
    expect(await page.title()).toBe('(1) LimeDesk')
    await context.close()
  })
})
