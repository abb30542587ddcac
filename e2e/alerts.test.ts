/**
 * New customers don't get missed, end to end: a customer writes through the simulator while an agent
 * has the desk open; the tab's title shows the conversation with unread messages and the new-ticket
 * chime plays. The chime is observed from outside: an init script counts the oscillators the page's
 * AudioContext starts (nothing in the app is there for the test).
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Desk, startDesk } from './support'

let desk: Desk
let adminToken = ''
let connectionId = 0

const admin = { name: 'Ada Admin', email: 'ada@example.com', password: 'ada-secret-1' }

async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${desk.url}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${adminToken}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000
  let last: T | undefined
  while (Date.now() < deadline) {
    last = await read()
    if (check(last)) return last
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`)
}

beforeAll(async () => {
  desk = await startDesk()
  const res = await fetch(`${desk.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(admin),
  })
  expect(res.status).toBeLessThan(300)
  const login = await fetch(`${desk.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  })
  adminToken = ((await login.json()) as { token: string }).token
  const connection = await api<{ id: number }>('POST', '/whatsapp', {
    name: 'Main line',
    driver: 'simulator',
    isDefault: true,
  })
  connectionId = connection.id
  await eventually(
    () => api<{ status: string }>('GET', `/whatsapp/${connectionId}`),
    (c) => c.status === 'qrcode',
    'the QR code',
  )
  await api('POST', `/simulator/${connectionId}/scan`)
}, 120_000)

afterAll(async () => {
  await desk?.stop()
})

/** Counts the notes any AudioContext of the page starts, in `window.__notesPlayed`. */
const COUNT_NOTES = `(() => {
  window.__notesPlayed = 0
  const start = OscillatorNode.prototype.start
  OscillatorNode.prototype.start = function (...args) {
    window.__notesPlayed += 1
    return start.apply(this, args)
  }
})()`

describe('new customers get noticed', () => {
  test('a customer writes: the title counts the unread conversation and the chime plays', async () => {
    const context = await desk.newContext({
      baseURL: desk.url,
      locale: 'en-US',
      viewport: { width: 1280, height: 900 },
    })
    await context.addInitScript(COUNT_NOTES)
    const page = await context.newPage()
    await page.goto('/login')
    await page.getByLabel('Email').fill(admin.email)
    await page.getByLabel('Password').fill(admin.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((url) => !url.pathname.startsWith('/login'))
    await page.getByRole('link', { name: 'Tickets' }).click()
    // Nothing in service: the Open tab starts on Waiting.
    await page.getByRole('tab', { name: /Waiting/, selected: true }).waitFor()
    await page.waitForFunction(() => document.title === 'LimeDesk')
    expect(await page.evaluate(() => (window as unknown as { __notesPlayed: number }).__notesPlayed)).toBe(0)

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
