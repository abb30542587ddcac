/**
 * Tags, end to end: an administrator's catalogue, a tag set in the contact drawer showing in the ticket
 * list, a tag set elsewhere arriving live, and the list's tag filter finding the tagged ticket. The built
 * app in Chromium against a real server.
 */
import { afterAll, beforeAll, expect, test } from 'vitest'
import { type Api, adminApi, eventually, tokenOf } from './api'
import { signedInPage } from './pages'
import { type Desk, startDesk } from './support'

let desk: Desk
let api: Api
const admin = { name: 'Tess Admin', email: 'tess@example.com', password: 'tess-secret-1' }
let token: string
let tagged: number
let other: number

beforeAll(async () => {
  desk = await startDesk()
  api = await adminApi(desk, admin)
  token = await tokenOf(desk, admin)
  await api('POST', '/whatsapp', { name: 'Main line', driver: 'simulator', isDefault: true })
  await api('POST', '/tags', { tag: 'VIP', color: '#ffaa00' })
  await api('POST', '/tags', { tag: 'Late payer', color: '#d32f2f' })
  const olga = await api<{ id: number }>('POST', '/contacts', { name: 'Olga Etiqueta', number: '5511955550001' })
  const pedro = await api<{ id: number }>('POST', '/contacts', { name: 'Pedro Sem Tag', number: '5511955550002' })
  tagged = (await api<{ id: number }>('POST', '/tickets', { contactId: olga.id })).id
  other = (await api<{ id: number }>('POST', '/tickets', { contactId: pedro.id })).id
}, 120_000)

/** The seed's read: the names joined by commas, as one JSON string (its clients parse it). */
const userTags = async (number: string) =>
  (await fetch(`${desk.url}/api/getZDGUserTags/${number}`, { headers: { Authorization: `Bearer ${token}` } })).json()

afterAll(async () => {
  await desk?.stop()
})

test('a tag set in the contact drawer shows in the list, live, and the tag filter finds it', async () => {
  const { context, page } = await signedInPage(desk, admin, { viewport: { width: 1440, height: 900 } })
  await page.goto(`/tickets/${tagged}`)
  await page.getByRole('log', { name: 'Messages' }).waitFor()
  await page.getByRole('tab', { name: /In service/ }).click()
  const row = (name: string) => page.getByRole('listitem').filter({ hasText: name }).first()
  await row('Olga Etiqueta').waitFor()

  // The drawer's editor: add VIP from the catalogue; one request replaces the contact's tags.
  // The conversation header's contact (the list's row is a button with the same name, without the agent).
  await page
    .getByRole('button', { name: /Olga Etiqueta/ })
    .filter({ hasText: admin.name })
    .click()
  const drawer = page.getByRole('complementary', { name: 'Contact details' })
  await drawer.getByRole('combobox', { name: 'Add a tag' }).selectOption('VIP')
  await drawer.getByRole('button', { name: 'Remove VIP' }).waitFor()
  await page.getByText('Tags of Olga Etiqueta: VIP').waitFor()
  expect(await userTags('5511955550001')).toBe('VIP')

  // The list shows it, in the tag's colour.
  const chip = row('Olga Etiqueta').getByRole('list', { name: 'Tags' }).getByText('VIP')
  await chip.waitFor()
  expect(await chip.evaluate((el) => getComputedStyle(el.parentElement as Element).backgroundColor)).toBe(
    'rgb(255, 170, 0)',
  )

  // A tag set by someone else (the seed's call) arrives without a reload.
  await api('POST', '/zdgSetUserTags', { msgFrom: '5511955550002', tags: 'Late payer' })
  await row('Pedro Sem Tag').getByRole('list', { name: 'Tags' }).getByText('Late payer').waitFor()

  // The filter: only tickets whose contact carries VIP.
  await page.getByRole('button', { name: 'Filter by tag: All tags' }).click()
  await page.getByRole('menuitemcheckbox', { name: 'VIP' }).click()
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Filter by tag: 1 tag' }).waitFor()
  const rows = (name: string) => page.getByRole('listitem').filter({ hasText: name }).count()
  await eventually(
    () => rows('Pedro Sem Tag'),
    (n) => n === 0,
    'the untagged ticket to leave the filtered list',
  )
  expect(await rows('Olga Etiqueta')).toBeGreaterThan(0)
  const filtered = await api<{ tickets: Array<{ id: number }> }>(
    'GET',
    `/tickets?status=open&showAll=true&tagIds=[${(await api<Array<{ id: number; tag: string }>>('GET', '/tags')).find((t) => t.tag === 'VIP')!.id}]`,
  )
  expect(filtered.tickets.map((t) => t.id)).toEqual([tagged])
  expect(other).not.toBe(tagged)

  // Reset (after its confirmation) clears the contact's tags.
  await drawer.getByRole('button', { name: 'Reset' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reset' }).click()
  await drawer.getByText('No tags').waitFor()
  expect(await userTags('5511955550001')).toBe('')
  await context.close()
  expect(desk.cspViolations).toEqual([])
}, 90_000)
