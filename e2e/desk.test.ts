/**
 * The rest of the desk, end to end: queues, contacts with their CSV export, quick answers filled in a
 * conversation, and the dashboard following tickets live. The built app in Chromium against a real
 * server; the test plays the phone and the customer through the simulator's control endpoints.
 */
import { readFileSync } from 'node:fs'
import type { Locator, Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { type Account, admin, agent, eventually } from './api'
import { setUpSimulatorDesk } from './fixture'
import { signedInPage } from './pages'

const file = setUpSimulatorDesk()

const customer = { from: '5511977776666', name: 'Carla Customer' }

/** Logged in on a page that may download (the contacts export). */
const deskPage = (who: Account) => signedInPage(file.desk, who, { acceptDownloads: true })

/** A minimal reader for the exported CSV: `;` between cells, `"` quoting with `""` inside. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ';') {
      row.push(cell)
      cell = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
    } else cell += c
  }
  if (cell || row.length) rows.push([...row, cell])
  return rows
}

/** Picks a palette colour from the keyboard, the way the swatch grid is meant to be used. */
async function pickColour(dialog: Locator, name: string) {
  const swatch = dialog.getByRole('radio', { name })
  await swatch.focus()
  await swatch.press('Space')
  await expect(swatch.isChecked()).resolves.toBe(true)
}

/** The number a dashboard counter shows. */
const counter = (page: Page, label: string): Locator =>
  page
    .locator('dl')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd')

beforeAll(async () => {
  await file.api('POST', '/users', { ...agent, profile: 'user', queueIds: [] })
}, 120_000)

describe('queues, contacts, quick answers and the dashboard', () => {
  test('a second queue with a colour already in use is refused with the translated error', async () => {
    const { context, page } = await deskPage(admin)
    await page.getByRole('link', { name: 'Queues' }).click()

    await page.getByRole('button', { name: 'Add queue' }).click()
    let dialog = page.getByRole('dialog', { name: 'Add queue' })
    await dialog.getByLabel('Name').fill('Support')
    await pickColour(dialog, 'Green 500')
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('table').getByText('Support', { exact: true }).waitFor()

    await page.getByRole('button', { name: 'Add queue' }).click()
    dialog = page.getByRole('dialog', { name: 'Add queue' })
    await dialog.getByLabel('Name').fill('Sales')
    await pickColour(dialog, 'Green 500')
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await dialog.getByText('This colour is already in use. Pick another one.').first().waitFor()

    await pickColour(dialog, 'Blue 500')
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('table').getByText('Sales', { exact: true }).waitFor()
    const queues = await file.api<{ name: string; color: string }[]>('GET', '/queue')
    expect(queues.map((q) => q.name).sort()).toEqual(['Sales', 'Support'])
    expect(new Set(queues.map((q) => q.color)).size).toBe(2)
    await context.close()
  })

  test('a contact with two extra fields is exported to a CSV that spreadsheets read safely', async () => {
    const formula = '=HYPERLINK("http://x.io","go")'
    await file.api('POST', '/contacts', { name: formula, number: '5511955554444' })
    const { context, page } = await deskPage(admin)
    await page.getByRole('link', { name: 'Contacts' }).click()

    await page.getByRole('button', { name: 'Add contact' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add contact' })
    await dialog.getByLabel('Name').fill('Maria Souza')
    await dialog.getByLabel('Number').fill('+55 (11) 91234-5678')
    await dialog.getByLabel('Email').fill('maria@example.com')
    await dialog.getByRole('button', { name: 'Add information' }).click()
    await dialog.getByRole('button', { name: 'Add information' }).click()
    await dialog.getByLabel('Field').nth(0).fill('Company')
    await dialog.getByLabel('Value').nth(0).fill('Acme')
    await dialog.getByLabel('Field').nth(1).fill('City')
    await dialog.getByLabel('Value').nth(1).fill('Santos')
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    await page.getByRole('table').getByText('Maria Souza', { exact: true }).waitFor()

    const { contacts } = await file.api<{ contacts: { id: number; name: string; number: string }[] }>(
      'GET',
      '/contacts/?searchParam=Maria',
    )
    expect(contacts).toHaveLength(1)
    expect(contacts[0].number).toBe('5511912345678')
    const maria = await file.api<{ extraInfo: { name: string; value: string }[] }>('GET', `/contacts/${contacts[0].id}`)
    expect(maria.extraInfo.map(({ name, value }) => ({ name, value }))).toEqual([
      { name: 'Company', value: 'Acme' },
      { name: 'City', value: 'Santos' },
    ])

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ])
    const text = readFileSync((await download.path()) as string, 'utf8')
    const rows = parseCsv(text.replace(/^\uFEFF/, ''))
    expect(rows[0]).toEqual(['name', 'number', 'email'])
    expect(rows).toContainEqual(['Maria Souza', '5511912345678', 'maria@example.com'])
    const risky = rows.find((row) => row[0].includes('HYPERLINK'))
    // Neutralised: a spreadsheet shows the text instead of running it.
    expect(risky?.[0]).toBe(`'${formula}`)
    await context.close()
  })

  test('a quick answer picked with / is sent with the contact name filled, and the dashboard follows', async () => {
    const board = await deskPage(admin)
    await board.page.getByRole('link', { name: 'Quick answers' }).click()
    await board.page.getByRole('button', { name: 'Add quick answer' }).click()
    const dialog = board.page.getByRole('dialog', { name: 'Add quick answer' })
    await dialog.getByLabel('Shortcut').fill('thanks')
    await dialog.getByLabel('Message').fill('Thank you for writing, ')
    await dialog.getByRole('button', { name: "Contact's name" }).click()
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await dialog.waitFor({ state: 'hidden' })
    await expect(file.api<{ quickAnswers: { message: string }[] }>('GET', '/quickAnswers/')).resolves.toMatchObject({
      quickAnswers: [{ message: 'Thank you for writing, {{name}}' }],
    })

    // The administrator watches the dashboard while the agent works.
    await board.page.getByRole('link', { name: 'Dashboard' }).click()
    await counter(board.page, 'Waiting').waitFor()
    const before = {
      waiting: Number(await counter(board.page, 'Waiting').textContent()),
      inService: Number(await counter(board.page, 'In service').textContent()),
      closed: Number(await counter(board.page, 'Closed').textContent()),
    }

    await file.api('POST', `/simulator/${file.connectionId}/inbound`, {
      from: customer.from,
      name: customer.name,
      body: 'Hi!',
    })
    await expect
      .poll(async () => Number(await counter(board.page, 'Waiting').textContent()), { timeout: 10_000 })
      .toBe(before.waiting + 1)

    const { context, page } = await deskPage(agent)
    await page.getByRole('link', { name: 'Tickets' }).click()
    await page.getByRole('tab', { name: /Waiting/ }).click()
    await page.getByRole('listitem').filter({ hasText: customer.name }).getByRole('button', { name: 'Accept' }).click()
    await page.waitForURL(/\/tickets\/\d+$/)
    await expect
      .poll(async () => Number(await counter(board.page, 'In service').textContent()), { timeout: 10_000 })
      .toBe(before.inService + 1)

    const box = page.getByRole('textbox', { name: 'Message' })
    await box.fill('/tha')
    await page.getByRole('listbox', { name: 'Quick answers' }).getByRole('option').first().click()
    await expect(box.inputValue()).resolves.toContain(`Thank you for writing, ${customer.name}`)
    await page.getByRole('button', { name: 'Send' }).click()
    await eventually(
      () => file.api<{ body?: string }[]>('GET', `/simulator/${file.connectionId}/outbox?to=${customer.from}`),
      (o) => o.some((m) => m.body?.includes(`Thank you for writing, ${customer.name}`)),
      'the filled quick answer in the outbox',
    )

    await page.getByRole('button', { name: 'Resolve', exact: true }).last().click()
    await expect
      .poll(async () => Number(await counter(board.page, 'Closed').textContent()), { timeout: 10_000 })
      .toBe(before.closed + 1)
    await expect
      .poll(async () => Number(await counter(board.page, 'In service').textContent()), { timeout: 10_000 })
      .toBe(before.inService)
    await context.close()
    await board.context.close()
  })
})

test('no page of this scenario reported a Content-Security-Policy violation', () => {
  expect(file.desk.cspViolations).toEqual([])
})
