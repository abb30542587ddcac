/**
 * The keyboard, end to end: the command palette (Ctrl+K) finds a contact by number and opens the
 * conversation with them; Escape closes it and the list takes the keyboard again. The built app in
 * Chromium against a real server.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Api, adminApi } from './api'
import { signedInPage } from './pages'
import { type Desk, startDesk } from './support'

let desk: Desk
let api: Api
const admin = { name: 'Kai Admin', email: 'kai@example.com', password: 'kai-secret-1' }

beforeAll(async () => {
  desk = await startDesk()
  api = await adminApi(desk, admin)
  await api('POST', '/whatsapp', { name: 'Main line', driver: 'simulator', isDefault: true })
  await api('POST', '/contacts', { name: 'Olga Teclado', number: '5511944443333' })
}, 120_000)

afterAll(async () => {
  await desk?.stop()
})

test('Ctrl+K finds a contact by number and opens the conversation; Escape goes back to the list', async () => {
  const { context, page } = await signedInPage(desk, admin)
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
