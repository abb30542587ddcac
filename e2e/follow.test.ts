/**
 * A shift, end to end: the built app in Chromium against a real server with a simulator connection, on a
 * desktop (1440 × 900) and on a phone (390 × 844). At each size an administrator gives the agent a queue in the
 * user dialog, leaving the password empty (the agent keeps it); a customer writes, and the agent hears the chime, sees the waiting ticket, accepts it and sends two files;
 * the conversation follows what comes next, and a name the agent gave the contact survives the customer's
 * next message. The customer writes through the simulator's control endpoints; the agent works through the
 * screens. The chime is observed from outside: an init script counts the notes the page's AudioContext plays.
 */
import type { Locator, Page } from 'playwright-core'
import { PNG } from 'pngjs'
import { beforeAll, describe, expect, test } from 'vitest'
import { admin, agent, eventually, tokenOf } from './api'
import { setUpSimulatorDesk } from './fixture'
import { COUNT_NOTES, logIn, notesPlayed, SCREENS, type Screen, signedInPage, socketSent } from './pages'

const file = setUpSimulatorDesk()
let agentId = 0
const queueIds = new Map<string, number>()

/** A tall photo (shown 288 px high), so each one grows its message when it loads. */
function photo(name: string, colour: [number, number, number]) {
  const png = new PNG({ width: 300, height: 600 })
  for (let i = 0; i < png.data.length; i += 4) png.data.set([...colour, 255], i)
  return { name, mimeType: 'image/png', buffer: PNG.sync.write(png) }
}

/** The element lies wholly inside the message list's visible area (and so on screen), as it is now. */
async function inView(log: Locator, message: Locator) {
  const [view, box] = await Promise.all([log.boundingBox(), message.boundingBox()])
  if (!view || !box) return false
  return box.y >= view.y - 1 && box.y + box.height <= view.y + view.height + 1
}

/** How long a check may wait for the page to settle (a busy machine, photos on a slow network). */
const settled = { timeout: 10_000 }

/** How far, in px, the list is from its bottom. */
const distanceFromBottom = (log: Locator) => log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)

/** How many of the conversation's pictures have loaded. */
const loadedImages = (log: Locator) =>
  log.locator('img').evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalHeight > 0).length)

/** Chooses `files` through the composer's attach button and sends them. */
async function sendFiles(page: Page, files: ReturnType<typeof photo>[]) {
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Attach files' }).click()
  await (await chooser).setFiles(files)
  await page
    .getByRole('list', { name: 'Files to send' })
    .getByRole('listitem')
    .nth(files.length - 1)
    .waitFor()
  await page.getByRole('button', { name: 'Send' }).click()
}

/**
 * The agent on the tickets page's Waiting tab at `viewport`, connected live, with the chime's notes counted and
 * photos coming over a slow network (they load well after their messages are drawn).
 */
async function agentOnWaitingTab(viewport: Screen['viewport']) {
  const context = await file.desk.newContext({ locale: 'en-US', viewport })
  await context.route('**/api/media/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await context.addInitScript(COUNT_NOTES)
  const page = await context.newPage()
  await logIn(page, agent)
  const live = socketSent(page, 'joinNotification')
  await page.goto('/tickets')
  await page.getByRole('tab', { name: /Waiting/ }).click()
  await live
  return { context, page, log: page.getByRole('log', { name: 'Messages' }) }
}

beforeAll(async () => {
  const { api } = file
  agentId = (await api<{ id: number }>('POST', '/users', { ...agent, profile: 'user', queueIds: [] })).id
  for (const [name, color] of [
    ['Support', '#2f9e44'],
    ['Sales', '#1c7ed6'],
  ]) {
    queueIds.set(name, (await api<{ id: number }>('POST', '/queue', { name, color, greetingMessage: '' })).id)
  }
})

const screens = SCREENS.map((screen) => ({
  ...screen,
  from: screen.phone ? '5511900000390' : '5511900001440',
  queue: screen.phone ? 'Sales' : 'Support',
}))

describe.each(screens)('at $label', ({ from, queue, ...screen }) => {
  const { width } = screen.viewport
  const customer = { from, name: `Carla ${width}` }
  const customerWrites = (body: string) =>
    file.api('POST', `/simulator/${file.connectionId}/inbound`, { from: customer.from, name: customer.name, body })

  test(`an administrator gives the agent the ${queue} queue in the user dialog, without touching the password`, async () => {
    const { desk, api } = file
    const { context, page } = await signedInPage(desk, admin, { viewport: screen.viewport })
    await page.goto('/users')
    const edit = page.getByRole('button', { name: `Edit ${agent.name}` })
    await edit.waitFor()
    // On screen as the page opens, also on a phone: nobody has to scroll the table sideways to find it.
    const editBox = await edit.boundingBox()
    expect(editBox!.x + editBox!.width).toBeLessThanOrEqual(screen.viewport.width)
    await edit.click()
    const dialog = page.getByRole('dialog')
    const box = dialog.getByRole('checkbox', { name: queue })
    await expect(box.isChecked()).resolves.toBe(false)
    // The password stays empty: the agent keeps the current one.
    await expect(dialog.getByLabel('Password').inputValue()).resolves.toBe('')
    // The box is drawn over a visually hidden input: a user clicks its label.
    await dialog.locator('label').filter({ hasText: queue }).click()
    await expect.poll(() => box.isChecked()).toBe(true)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    const saved = await api<{ queues: { id: number }[] }>('GET', `/users/${agentId}`)
    expect(saved.queues.map((q) => q.id)).toContain(queueIds.get(queue))
    await expect(tokenOf(desk, agent)).resolves.toBeTruthy()
    await context.close()
  })

  test('after two files sent at once the newest message stays in view; scrolled up, a button brings it', async () => {
    const { api, connectionId } = file
    const { context, page, log } = await agentOnWaitingTab(screen.viewport)
    await customerWrites('Hello, my parcel arrived damaged')
    const item = page.getByRole('listitem').filter({ hasText: customer.name })
    // The agent hears it (the chime's two notes) as well as sees it.
    await expect.poll(() => notesPlayed(page), settled).toBeGreaterThanOrEqual(2)
    await item.getByRole('button', { name: 'Accept' }).click()
    await page.waitForURL(/\/tickets\/\d+$/)
    await log.getByText('Hello, my parcel arrived damaged').waitFor()
    // It was unread when the conversation opened.
    await log.getByRole('separator', { name: '1 unread message' }).waitFor()

    // Two photos at once through the composer's attach button.
    await sendFiles(page, [photo('front.png', [30, 64, 175]), photo('side.png', [190, 18, 60])])
    await eventually(
      () => api<{ to: string; mediaType?: string }[]>('GET', `/simulator/${connectionId}/outbox?to=${customer.from}`),
      (o) => o.filter((m) => m.mediaType === 'image').length === 2,
      'both photos in the outbox',
    )

    for (let i = 1; i <= 3; i++) {
      await customerWrites(`Follow-up number ${i}`)
      await log.getByText(`Follow-up number ${i}`).waitFor()
    }
    // Both photos have loaded, and the newest message is on screen without anyone scrolling.
    await expect.poll(() => loadedImages(log), settled).toBe(2)
    const last = log.getByText('Follow-up number 3')
    await expect.poll(() => inView(log, last), settled).toBe(true)
    await expect.poll(() => distanceFromBottom(log), settled).toBeLessThan(25)

    // The agent scrolls up to read; the customer writes again: a button says so, and shows it.
    await log.hover()
    await page.mouse.wheel(0, -2000)
    await expect.poll(() => distanceFromBottom(log), settled).toBeGreaterThan(100)
    await customerWrites('Are you still there?')
    const jump = page.getByRole('button', { name: '1 new message: jump to the latest' })
    await jump.waitFor()
    const newest = log.getByText('Are you still there?')
    await expect(newest.count().then((n) => (n ? inView(log, newest) : false))).resolves.toBe(false)
    await jump.click()
    await expect.poll(() => inView(log, newest), settled).toBe(true)
    await jump.waitFor({ state: 'detached' })

    // The agent names the contact; the customer's profile name in the next message does not replace it.
    const ticketId = Number(new URL(page.url()).pathname.split('/').pop())
    const { contactId } = await api<{ contactId: number }>('GET', `/tickets/${ticketId}`)
    const edited = `${customer.name} Customer-Smith`
    await api('PUT', `/contacts/${contactId}`, { name: edited })
    // The conversation's header follows the saved name live.
    await page.getByText(edited).first().waitFor(settled)
    await customerWrites('One more thing')
    await log.getByText('One more thing').waitFor()
    await expect.poll(async () => (await api<{ name: string }>('GET', `/contacts/${contactId}`)).name).toBe(edited)
    await expect(page.getByText(edited).first().isVisible()).resolves.toBe(true)
    await context.close()
  })

  test("a picture the agent sends after a text leaves the text's time visible and the view at the bottom", async () => {
    const { api, connectionId } = file
    const { context, page, log } = await agentOnWaitingTab(screen.viewport)
    const other = { from: `${from.slice(0, -4)}7${from.slice(-3)}`, name: `Paulo ${width}` }
    await api('POST', `/simulator/${connectionId}/inbound`, { ...other, body: 'Can you see my parcel?' })
    await page.getByRole('listitem').filter({ hasText: other.name }).getByRole('button', { name: 'Accept' }).click()
    await page.waitForURL(/\/tickets\/\d+$/)
    await log.getByText('Can you see my parcel?').waitFor()
    // Enough earlier messages that the list scrolls.
    for (let i = 1; i <= 6; i++) {
      await api('POST', `/simulator/${connectionId}/inbound`, { ...other, body: `Detail number ${i}` })
      await log.getByText(`Detail number ${i}`).waitFor()
    }

    await page.getByRole('textbox', { name: 'Message' }).fill('Here is the label to print')
    await page.getByRole('button', { name: 'Send' }).click()
    const text = log.locator('[data-message-bubble]').filter({ hasText: 'Here is the label to print' })
    await text.waitFor()
    await sendFiles(page, [photo('label.png', [120, 80, 20])])
    await expect.poll(() => loadedImages(log), settled).toBe(1)

    // The text's time is drawn on top (nothing covers it) and the view is at the bottom, with the picture in it.
    const time = text.locator('time')
    const uncovered = () =>
      time.evaluate((el) => {
        const box = el.getBoundingClientRect()
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        return hit !== null && el.contains(hit)
      })
    await expect.poll(() => distanceFromBottom(log), settled).toBeLessThan(25)
    await expect.poll(() => inView(log, log.locator('img')), settled).toBe(true)
    await expect.poll(() => inView(log, time), settled).toBe(true)
    await expect.poll(uncovered, settled).toBe(true)

    // Scrolled up to read, the agent sends a file: the view goes to the bottom, where the file is.
    await log.hover()
    await page.mouse.wheel(0, -2000)
    await expect.poll(() => distanceFromBottom(log), settled).toBeGreaterThan(100)
    await sendFiles(page, [photo('back.png', [20, 120, 80])])
    await expect.poll(() => loadedImages(log), settled).toBe(2)
    await expect.poll(() => distanceFromBottom(log), settled).toBeLessThan(25)
    await expect.poll(() => inView(log, log.getByRole('img', { name: 'back.png' })), settled).toBe(true)
    await context.close()
  })
})

test('no page of this scenario reported a Content-Security-Policy violation', () => {
  expect(file.desk.cspViolations).toEqual([])
})
