/**
 * The conversation header at desktop width with the contact panel open: the contact's name keeps its room,
 * the status actions fold into the ticket's menu, and the bot switches stay on one row.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Api, admin, adminApi, pairedSimulator } from './api'
import { signedInPage } from './pages'
import { type Desk, startDesk } from './support'

const customer = { from: '5511966665555', name: 'Dora Customer' }

let desk: Desk
let api: Api
let connectionId = 0

beforeAll(async () => {
  desk = await startDesk()
  api = await adminApi(desk)
  connectionId = await pairedSimulator(api)
}, 120_000)

afterAll(async () => {
  await desk?.stop()
})

test('at 1440 px with the contact panel open, the header still shows the contact name in full', async () => {
  const { ticketId } = await api<{ ticketId: number }>('POST', `/simulator/${connectionId}/inbound`, {
    ...customer,
    body: 'Hello, is anyone there?',
  })
  const { page } = await signedInPage(desk, admin, { viewport: { width: 1440, height: 900 } })
  await page.goto(`/tickets/${ticketId}`)
  await page.getByRole('button', { name: 'Accept' }).last().click()
  await page.getByRole('button', { name: 'Resolve', exact: true }).waitFor()
  const header = page.getByTestId('conversation-header')
  await header.getByRole('button', { name: customer.name }).click()
  await page.getByRole('complementary', { name: /Contact/ }).waitFor()

  const name = header.getByText(customer.name, { exact: true })
  await expect.poll(() => name.isVisible()).toBe(true)
  // Shown in full: not cut to an ellipsis or to nothing.
  const fits = () => name.evaluate((el) => el.clientWidth > 60 && el.scrollWidth <= el.clientWidth)
  await expect.poll(fits).toBe(true)
  // The header is one row, and the bot switches one more.
  const headerBox = await header.boundingBox()
  expect(headerBox?.height).toBeLessThan(64)
  const bots = page.getByRole('group', { name: 'Bots' })
  const botsBox = await bots.boundingBox()
  expect(botsBox?.height).toBeLessThan(48)
}, 120_000)
