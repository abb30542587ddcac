/** What end-to-end tests do in the browser before the part they test: log in, count the chime's notes. */
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core'
import type { Account } from './api'
import type { Desk } from './support'

/** Logs `who` in through the login page and waits to leave it. */
export async function logIn(page: Page, who: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
}

/** A new desktop-sized English context with one page on which `who` is logged in. */
export async function signedInPage(
  desk: Desk,
  who: Pick<Account, 'email' | 'password'>,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await desk.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 }, ...options })
  const page = await context.newPage()
  await logIn(page, who)
  return { context, page }
}

/**
 * An init script that counts the notes any AudioContext of the page starts, in `window.__notesPlayed`: the
 * chime observed from outside (nothing in the app is there for the test).
 */
export const COUNT_NOTES = `(() => {
  window.__notesPlayed = 0
  const start = OscillatorNode.prototype.start
  OscillatorNode.prototype.start = function (...args) {
    window.__notesPlayed += 1
    return start.apply(this, args)
  }
})()`

/** How many notes the page has played since it loaded (with `COUNT_NOTES` installed). */
export const notesPlayed = (page: Page) =>
  page.evaluate(() => (window as unknown as { __notesPlayed: number }).__notesPlayed)

/**
 * Resolves once the page has sent a socket.io packet containing `text` (for example `joinNotification`),
 * over HTTP long-polling (whose POST has then been answered) or over the WebSocket. Call it before the
 * navigation that connects: a customer's message sent after it reaches the page live, not only on reload.
 */
export function socketSent(page: Page, text: string): Promise<void> {
  return new Promise((resolve) => {
    page.on('requestfinished', (request) => {
      if (request.url().includes('/socket.io/') && request.method() === 'POST' && request.postData()?.includes(text))
        resolve()
    })
    page.on('websocket', (ws) => {
      ws.on('framesent', ({ payload }) => {
        if (String(payload).includes(text)) resolve()
      })
    })
  })
}

/**
 * The two screens the desk is proven on: a desktop, where the ticket list and the conversation sit side by side
 * and the contact opens as a panel beside them, and a phone, where they take turns and the contact is a sheet.
 */
export const SCREENS = [
  { label: '1440 x 900', viewport: { width: 1440, height: 900 }, phone: false },
  { label: '390 x 844', viewport: { width: 390, height: 844 }, phone: true },
] as const
export type Screen = (typeof SCREENS)[number]

/**
 * The ticket list on screen: on a phone, back from an open conversation through its header's back button; on a
 * desktop, and on a phone already at the list, it is there.
 */
export async function showTicketList(page: Page, screen: Screen) {
  if (!screen.phone || new URL(page.url()).pathname === '/tickets') return
  await page.getByRole('button', { name: 'Back to tickets' }).click()
  await page.waitForURL((url) => url.pathname === '/tickets')
}
