/**
 * The conversation header with the contact open, on a desktop and on a phone. At 1440 px, with the contact panel
 * beside it, the contact's name keeps its room, the status actions fold into the ticket's menu and the bot
 * switches stay on one row. At 390 px the contact is a sheet over the whole screen that reads the name in full,
 * and closing it gives back the header with the name.
 */
import type { Locator } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { admin } from './api'
import { setUpSimulatorDesk } from './fixture'
import { SCREENS, signedInPage } from './pages'

const file = setUpSimulatorDesk()

/** Shown in full: on screen, and not cut to an ellipsis or to nothing. */
const inFull = (name: Locator) =>
  name.evaluate((el) => el.checkVisibility() && el.clientWidth > 60 && el.scrollWidth <= el.clientWidth)

describe.each(SCREENS)('at $label', (screen) => {
  test('with the contact open, the name still reads in full', async () => {
    const { desk, api, connectionId } = file
    const customer = { from: `55119666${screen.viewport.width}5`, name: `Dora Customer ${screen.viewport.width}` }
    const { ticketId } = await api<{ ticketId: number }>('POST', `/simulator/${connectionId}/inbound`, {
      ...customer,
      body: 'Hello, is anyone there?',
    })
    const { context, page } = await signedInPage(desk, admin, { viewport: screen.viewport })
    await page.goto(`/tickets/${ticketId}`)
    // Accept: a button in the header on a desktop, in the ticket's menu on a phone.
    if (screen.phone) {
      await page.getByRole('button', { name: 'Ticket options' }).click()
      await page.getByRole('menuitem', { name: 'Accept' }).click()
    } else {
      await page.getByRole('button', { name: 'Accept' }).last().click()
    }
    await expect.poll(() => page.getByRole('textbox', { name: 'Message' }).isEnabled()).toBe(true)
    const header = page.getByTestId('conversation-header')
    const name = header.getByText(customer.name, { exact: true })
    await header.getByRole('button', { name: customer.name }).click()

    if (screen.phone) {
      // A sheet over the whole screen, with the name in full; closed, the header shows it again.
      const sheet = page.getByRole('dialog', { name: 'Contact details' })
      await expect.poll(() => sheet.boundingBox().then((box) => box?.x === 0 && box.width)).toBe(390)
      await expect.poll(() => inFull(sheet.getByText(customer.name, { exact: true }).first())).toBe(true)
      await sheet.getByRole('button', { name: 'Close contact details' }).click()
      await sheet.waitFor({ state: 'hidden' })
      await expect.poll(() => inFull(name)).toBe(true)
    } else {
      await page.getByRole('complementary', { name: /Contact/ }).waitFor()
      await expect.poll(() => inFull(name)).toBe(true)
      // The header is one row, and the bot switches one more.
      const headerBox = await header.boundingBox()
      expect(headerBox?.height).toBeLessThan(64)
      const botsBox = await page.getByRole('group', { name: 'Bots' }).boundingBox()
      expect(botsBox?.height).toBeLessThan(48)
    }
    await context.close()
  }, 120_000)
})
