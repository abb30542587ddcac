/**
 * The keyboard, end to end: the command palette (Ctrl+K) finds a contact by number and opens the
 * conversation with them; Escape closes it and the list takes the keyboard again. The built app in
 * Chromium against a real server.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Desk, startDesk } from './support'

let desk: Desk
const admin = { name: 'Kai Admin', email: 'kai@example.com', password: 'kai-secret-1' }
let token = ''

async function api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${desk.url}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

beforeAll(async () => {
  desk = await startDesk()
  await fetch(`${desk.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(admin),
  })
  const login = await fetch(`${desk.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: admin.password }),
  })
  token = ((await login.json()) as { token: string }).token
  await api('POST', '/whatsapp', { name: 'Main line', driver: 'simulator', isDefault: true })
  await api('POST', '/contacts', { name: 'Olga Teclado', number: '5511944443333' })
}, 120_000)

afterAll(async () => {
  await desk?.stop()
})

test('Ctrl+K finds a contact by number and opens the conversation; Escape goes back to the list', async () => {
  const context = await desk.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  await page.goto('/login')
  await page.getByLabel('Email').fill(admin.email)
  await page.getByLabel('Password').fill(admin.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'))
  await page.getByRole('link', { name: 'Tickets' }).click()
  await page.getByText('Pick a ticket to see its conversation').waitFor()
  // Nothing in service yet, so the Open tab started on Waiting; the agent picks In service, where the
  // ticket started below will be.
  await page.getByRole('tab', { name: /In service/ }).click()

  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Go to' })
  await palette.getByRole('combobox', { name: 'Page, ticket or contact' }).fill('44443333')
  await palette
    .getByRole('group', { name: 'Contacts' })
    .getByRole('option', { name: /Olga Teclado/ })
    .waitFor()
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/tickets\/\d+$/)
  await page.getByRole('log', { name: 'Messages' }).waitFor()
  const ticketId = Number(new URL(page.url()).pathname.split('/').pop())
  await expect(api<{ contact: { name: string } }>('GET', `/tickets/${ticketId}`)).resolves.toMatchObject({
    contact: { name: 'Olga Teclado' },
  })

  await page.keyboard.press('Escape')
  await page.waitForURL((url) => url.pathname === '/tickets')
  await page.getByText('Pick a ticket to see its conversation').waitFor()
  // The keyboard goes on from the ticket's row.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-posinset') ?? null))
    .not.toBeNull()
  await expect(page.evaluate(() => document.activeElement?.textContent ?? '')).resolves.toContain('Olga Teclado')
  await context.close()
  expect(desk.cspViolations).toEqual([])
})
