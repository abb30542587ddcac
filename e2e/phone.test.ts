/**
 * The desk on a phone (390 × 844), end to end: the built app in its shell against a real server with a
 * simulator connection. Nothing on the tickets and contacts pages may be wider than the screen, the list
 * and the conversation take turns, the header's actions fold into its menu and the contact opens as a
 * full-screen sheet.
 */
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, test } from 'vitest'
import { admin, eventually } from './api'
import { setUpSimulatorDesk } from './fixture'
import { signedInPage } from './pages'

const file = setUpSimulatorDesk()

const customer = { from: '5511988887777', name: 'Maria Aparecida dos Santos' }
const second = { from: '5511988886666', name: 'Joana Prado' }
const PHONE = { width: 390, height: 844 }

/** How far the page reaches past the right edge of the screen (0 when nothing sticks out). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

beforeAll(async () => {
  await file.api('POST', `/simulator/${file.connectionId}/inbound`, {
    from: customer.from,
    name: customer.name,
    body: 'Hi!',
  })
  await file.api('POST', `/simulator/${file.connectionId}/inbound`, {
    from: second.from,
    name: second.name,
    body: 'Close it',
  })
  await file.api('POST', '/contacts', {
    name: 'Rodrigo Albuquerque Vasconcelos',
    number: '551391234432155',
    email: 'rodrigo.albuquerque.vasconcelos@a-long-company-domain.example.com',
  })
}, 120_000)

describe('on a 390 px phone', () => {
  test('the tickets page: list and conversation take turns, the header folds, the contact is a sheet', async () => {
    const { context, page } = await signedInPage(file.desk, admin, { viewport: PHONE })

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog').getByRole('link', { name: 'Tickets' }).click()
    await page.getByRole('tab', { name: /Waiting/ }).click()
    const item = page.getByRole('listitem').filter({ hasText: customer.name })
    await item.getByRole('button', { name: 'Accept' }).click()
    await page.waitForURL(/\/tickets\/\d+$/)

    // The conversation alone, with the contact's whole name and an input as wide as the screen.
    const log = page.getByRole('log', { name: 'Messages' })
    await log.getByText('Hi!').waitFor()
    expect(await page.getByRole('tab', { name: /Waiting/ }).count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Resolve' }).count()).toBe(0)
    const name = page.getByText(customer.name, { exact: true }).first()
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    const input = await page.getByRole('textbox', { name: 'Message' }).boundingBox()
    expect(input?.width).toBeGreaterThan(200)
    expect(await overflow(page)).toBe(0)

    // Return, Resolve, the hidden toolbar's tools and Transfer are in the header's menu, reachable from the keyboard.
    await page.getByRole('button', { name: 'Ticket options' }).focus()
    await page.keyboard.press('Enter')
    const menu = page.getByRole('menu')
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Return',
      'Resolve',
      'Resolve with protocol',
      'Export CSV',
      'Export text',
      'E-mail conversation',
      'Transfer',
      'Delete',
    ])
    // The menu takes the focus a frame after it opens; Escape is meant for it.
    await expect.poll(() => menu.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await menu.waitFor({ state: 'hidden' })

    // The contact fills the screen; closing it gives the conversation back.
    await page.getByRole('button', { name: new RegExp(customer.name) }).click()
    const sheet = page.getByRole('dialog', { name: 'Contact details' })
    await sheet.getByRole('button', { name: 'Edit contact' }).waitFor()
    // Once it has slid in.
    const box = await eventually(
      () => sheet.boundingBox(),
      (b) => b?.x === 0,
      'the contact sheet to slide in',
    )
    expect(box).toMatchObject({ width: PHONE.width, height: PHONE.height })
    await sheet.getByRole('button', { name: 'Close contact details' }).click()
    await sheet.waitFor({ state: 'hidden' })

    // Resolving from the menu goes back to the list.
    await page.getByRole('button', { name: 'Ticket options' }).click()
    await page.getByRole('menuitem', { name: 'Resolve', exact: true }).click()
    await page.waitForURL(/\/tickets$/)
    await page.getByRole('tab', { name: 'Open' }).waitFor()
    expect(await overflow(page)).toBe(0)

    // The contacts table: number and e-mail under the name, nothing past the screen's edge.
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog').getByRole('link', { name: 'Contacts' }).click()
    await page.getByText('Rodrigo Albuquerque Vasconcelos').waitFor()
    expect(await page.getByRole('columnheader', { name: 'Number' }).count()).toBe(0)
    expect(await overflow(page)).toBe(0)
    const table = page.getByRole('table')
    expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    await context.close()
  })

  test('resolving with a protocol number is reached from the ticket menu', async () => {
    const { context, page } = await signedInPage(file.desk, admin, { viewport: PHONE })
    const { tickets } = await file.api<{ tickets: Array<{ id: number; contact: { name: string } }> }>(
      'GET',
      '/tickets?status=pending&showAll=true',
    )
    const ticketId = tickets.find((t) => t.contact.name === second.name)!.id
    await file.api('PUT', `/tickets/${ticketId}`, { status: 'open' })
    await page.goto(`/tickets/${ticketId}`)
    await page.getByRole('log', { name: 'Messages' }).getByText('Close it').waitFor()
    expect(await page.getByRole('toolbar', { name: 'Export and e-mail' }).isVisible()).toBe(false)

    await page.getByRole('button', { name: 'Ticket options' }).click()
    await page.getByRole('menuitem', { name: 'Resolve with protocol' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Resolve' }).click()
    const shown = page.getByTestId('protocol-number')
    await shown.waitFor()
    const protocol = (await shown.textContent())?.trim() ?? ''
    expect(protocol).toMatch(/^\d{12}$/)
    expect(await file.api<{ status: string; protocol: string }>('GET', `/tickets/${ticketId}`)).toMatchObject({
      status: 'closed',
      protocol,
    })
    await context.close()
  })
})
