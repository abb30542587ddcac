/**
 * The kanban, end to end: the built app in Chromium against a real server with a simulator connection.
 * An administrator makes two lanes in the lane manager; an agent moves one card by keyboard and another
 * with the mouse; a second browser (the administrator's) sees both moves live, and the server holds them.
 */
import type { Locator, Page } from 'playwright-core'
import { beforeAll, expect, test } from 'vitest'
import { type Api, admin, agent, apiWith, eventually, tokenOf } from './api'
import { setUpSimulatorDesk } from './fixture'
import { signedInPage } from './pages'

const file = setUpSimulatorDesk()

let agentApi: Api
const ticketIds: number[] = []

interface Card {
  ticketId: number
  laneId: string
}
interface Lane {
  id: number
  laneId: string
  title: string
}

const settled = { timeout: 10_000 }
const lane = (page: Page, title: string) => page.getByRole('group', { name: title })
const card = (scope: Page | Locator, name: string) => scope.getByRole('button', { name: new RegExp(`^${name}`) })
const laneOfTicket = async (ticketId: number) =>
  (await file.api<Card[]>('GET', '/getAllCards')).find((c) => c.ticketId === ticketId)?.laneId

beforeAll(async () => {
  const { id: agentId } = await file.api<{ id: number }>('POST', '/users', { ...agent, profile: 'user', queueIds: [] })
  agentApi = apiWith(file.desk, await tokenOf(file.desk, agent))
  for (const [from, name] of [
    ['5511911110001', 'Carla Cliente'],
    ['5511911110002', 'Davi Cliente'],
  ]) {
    const { ticketId } = await file.api<{ ticketId: number }>('POST', `/simulator/${file.connectionId}/inbound`, {
      from,
      name,
      body: `Hello from ${name}`,
      isGroup: false,
      mediaType: 'chat',
    })
    await agentApi('PUT', `/tickets/${ticketId}`, { status: 'open', userId: agentId })
    ticketIds.push(ticketId)
  }
}, 120_000)

test('an administrator makes two lanes in the lane manager', async () => {
  const { context, page } = await signedInPage(file.desk, admin)
  await page.getByRole('link', { name: 'Kanban' }).click()
  await page.waitForURL('**/ZDGKanban')
  await page.getByRole('button', { name: 'Manage lanes' }).click()
  for (const title of ['Follow-up', 'Done']) {
    await page.getByRole('dialog', { name: 'Lanes' }).getByRole('button', { name: 'Add lane' }).click()
    const form = page.getByRole('dialog', { name: 'Add lane' })
    await form.getByRole('textbox', { name: 'Name' }).fill(title)
    await form.getByRole('button', { name: 'Add' }).click()
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Lanes' }).getByRole('listitem').count(), settled)
      .toBe(title === 'Done' ? 3 : 2)
  }
  await page.getByRole('dialog', { name: 'Lanes' }).getByRole('button', { name: 'Close' }).first().click()
  await expect.poll(() => lane(page, 'Done').isVisible(), settled).toBe(true)
  const lanes = await file.api<Lane[]>('GET', '/getLanes')
  expect(lanes.map((l) => l.title)).toEqual(['Open', 'Follow-up', 'Done'])
  await context.close()
})

test('an agent moves a card by keyboard and one with the mouse; a second browser sees both move', async () => {
  const lanes = await file.api<Lane[]>('GET', '/getLanes')
  const [open, followUp, done] = lanes
  const agentSide = await signedInPage(file.desk, agent)
  const watcher = await signedInPage(file.desk, admin)
  for (const { page } of [agentSide, watcher]) {
    await page.goto('/ZDGKanban')
    await expect.poll(() => card(lane(page, 'Open'), 'Carla Cliente').isVisible(), settled).toBe(true)
  }
  const page = agentSide.page

  // Keyboard: Space picks the card up, → moves it one lane right, Space drops it.
  // Each key waits for what a screen reader hears, so a busy machine never drops a step.
  const liveRegion = page.getByRole('status').filter({ hasText: 'Carla Cliente' })
  const heard = (text: string) => expect.poll(() => liveRegion.textContent(), settled).toContain(text)
  await card(page, 'Carla Cliente').focus()
  await page.keyboard.press('Space')
  // "Picked up Carla Cliente." and at once "Carla Cliente is over the lane Open."
  await heard('Carla Cliente')
  await page.keyboard.press('ArrowRight')
  await heard('Carla Cliente is over the lane Follow-up')
  await page.keyboard.press('Space')
  await expect.poll(() => card(lane(page, 'Follow-up'), 'Carla Cliente').isVisible(), settled).toBe(true)
  await eventually(
    () => laneOfTicket(ticketIds[0] as number),
    (l) => l === followUp?.laneId,
    'the keyboard move',
  )
  await expect.poll(() => card(lane(watcher.page, 'Follow-up'), 'Carla Cliente').isVisible(), settled).toBe(true)

  // Mouse: press on the card, move past the drag threshold and over the lane, release.
  const from = await card(page, 'Davi Cliente').boundingBox()
  const to = await lane(page, 'Done').boundingBox()
  if (!from || !to) throw new Error('card or lane not on screen')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 })
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 })
  await page.mouse.up()
  await expect.poll(() => card(lane(page, 'Done'), 'Davi Cliente').isVisible(), settled).toBe(true)
  await eventually(
    () => laneOfTicket(ticketIds[1] as number),
    (l) => l === done?.laneId,
    'the mouse move',
  )
  await expect.poll(() => card(lane(watcher.page, 'Done'), 'Davi Cliente').isVisible(), settled).toBe(true)
  expect(await card(lane(watcher.page, 'Open'), 'Davi Cliente').count()).toBe(0)
  expect(open).toBeDefined()

  // A click opens the ticket.
  await card(page, 'Davi Cliente').click()
  await page.waitForURL(`**/tickets/${ticketIds[1]}`)
  await agentSide.context.close()
  await watcher.context.close()
})
