import { fixtures, handlers, mockDb } from '@desk/api-client/mocks'
import { messagesFor } from '@desk/ui'
import { clickMenuItem } from '@desk/ui/testing'
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { type ReactNode, useState } from 'react'
import { IntlProvider } from 'react-intl'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { LANGUAGE_KEY, usePreferences } from '../lib/preferences'
import { TicketsPage } from '../pages/tickets/TicketsPage'
import { settle, withApp } from '../stories/withApp'
import PrivateLayout from './PrivateLayout'

/**
 * As in the app, the messages follow the language preference (not the Storybook toolbar). Only the messages:
 * a second UiProvider would add a second toast region.
 */
function FollowPreferences({ children }: { children: ReactNode }) {
  const { locale } = usePreferences()
  return (
    <IntlProvider locale={locale} defaultLocale="en" messages={messagesFor(locale)}>
      {children}
    </IntlProvider>
  )
}

/** The signed-in agent's stored language, set after withApp has reset the mock db and before the session loads. */
const withAccountLanguage =
  (language: 'pt-BR' | 'es'): Decorator =>
  (Story) => {
    useState(() => {
      const agent = mockDb.users.find((u) => u.id === fixtures.agent.id)
      if (agent) agent.language = language
      return null
    })
    return <Story />
  }

/**
 * Every connection online: the Connections item's '!' appears two seconds after the list loads, so in a story that
 * runs about that long the picture would depend on the machine's speed. The alert has stories of its own.
 */
const withConnectionsOnline: Decorator = (Story) => {
  useState(() => {
    for (const connection of mockDb.connections) {
      connection.status = 'CONNECTED'
      connection.qrcode = null
    }
    return null
  })
  return <Story />
}

const meta = {
  title: 'Pages/Shell',
  component: PrivateLayout,
  decorators: [withConnectionsOnline, withApp],
  render: () => (
    <FollowPreferences>
      <PrivateLayout />
    </FollowPreferences>
  ),
  parameters: { layout: 'fullscreen', app: { path: '/', signedInAs: fixtures.agent.id }, msw: { handlers } },
  // Each story starts from the device's default language and leaves none behind for the next one.
  beforeEach: () => {
    localStorage.removeItem(LANGUAGE_KEY)
    return () => localStorage.removeItem(LANGUAGE_KEY)
  },
} satisfies Meta<typeof PrivateLayout>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** Saving the profile with Español switches the whole interface to Spanish at once, and the account keeps it. */
export const ProfileSwitchesLanguage: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('link', { name: 'Contacts' })).toBeVisible()
    await userEvent.click(page.getByRole('button', { name: /account menu/i }))
    await clickMenuItem(await page.findByRole('menuitem', { name: 'Profile' }))
    const dialog = within(await page.findByRole('dialog'))
    await expect(dialog.getByLabelText('Language')).toHaveValue('en')
    await userEvent.selectOptions(dialog.getByLabelText('Language'), 'Español')
    await userEvent.type(dialog.getByLabelText(/password/i), 'secret123')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    await expect(await page.findByRole('link', { name: 'Contactos' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es')
    await expect(document.documentElement.lang).toBe('es')
    await expect(localStorage.getItem(LANGUAGE_KEY)).toBe('es')
    await expect(mockDb.users.find((u) => u.id === fixtures.agent.id)?.language).toBe('es')
    await settle()
  },
}

/** On session restore the account's stored language wins over the device's default. */
export const StoredLanguageOnSignIn: Story = {
  decorators: [withAccountLanguage('pt-BR')],
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('link', { name: 'Contatos' })).toBeVisible()
    await expect(localStorage.getItem(LANGUAGE_KEY)).toBe('pt-BR')
  },
}

/** The top bar's language menu switches at once and saves the choice to the account. */
export const LanguageMenuSavesToAccount: Story = {
  decorators: [withAccountLanguage('pt-BR')],
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByRole('link', { name: 'Contatos' })
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'Idioma' }), 'Español')
    await expect(await page.findByRole('link', { name: 'Contactos' })).toBeVisible()
    await waitFor(() => expect(mockDb.users.find((u) => u.id === fixtures.agent.id)?.language).toBe('es'))
    await settle()
  },
}

/** The shell around the tickets page, as the app routes it. */
const withTicketsPage = {
  parameters: { app: { path: '/tickets', route: '/tickets/:ticketId?', signedInAs: fixtures.admin.id } },
  render: () => (
    <FollowPreferences>
      <PrivateLayout>
        <TicketsPage />
      </PrivateLayout>
    </FollowPreferences>
  ),
}

/** Each step waits on the mock server; on a busy machine that can take seconds. */
const slow = { timeout: 8000 }

/**
 * Ctrl+K on the tickets page, a contact's number, Enter: the conversation with that contact opens (a new
 * ticket, as they had none). Escape then closes the contact panel, and Escape again the conversation, leaving
 * the focus on the ticket's row in the list.
 */
export const PaletteFindsContactByNumber: Story = {
  ...withTicketsPage,
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Marina Costa', {}, slow)
    await userEvent.keyboard('{Control>}k{/Control}')
    const dialog = within(await page.findByRole('dialog', { name: 'Go to' }))
    const input = dialog.getByRole('combobox', { name: 'Page, ticket or contact' })
    await waitFor(() => expect(input).toHaveFocus())
    await userEvent.type(input, '87651507')
    const contacts = await dialog.findByRole('group', { name: 'Contacts' }, slow)
    await expect(within(contacts).getByRole('option', { name: /Vitor Lima/ })).toHaveAttribute('aria-selected', 'true')
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull(), slow)
    // The conversation header's contact button (the list has one with the name too).
    const header = await waitFor(() => {
      const button = page.getAllByRole('button', { name: /Vitor Lima/ }).find((b) => !b.closest('[role="region"]'))
      if (!button) throw new Error('The conversation is not open yet')
      return button
    }, slow)
    await expect(mockDb.tickets.some((t) => t.contactId === 12 && t.status === 'open')).toBe(true)

    // Escape: first the contact panel, then the conversation.
    await userEvent.click(header)
    // A column beside the conversation on wide screens, a sheet over it below 1280 px: either way, by its name.
    await expect(await page.findByLabelText('Contact details')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page.queryByLabelText('Contact details')).toBeNull())
    await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await expect(await page.findByText('Pick a ticket to see its conversation', {}, slow)).toBeVisible()
    // The keyboard goes on from the closed ticket's row.
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('listitem'))
    await expect(document.activeElement).toHaveTextContent('Vitor Lima')
    await settle()
  },
}

/** Escape leaves a message being written alone: the conversation stays open with its text. */
export const EscapeKeepsDraft: Story = {
  ...withTicketsPage,
  parameters: { app: { path: '/tickets/1', route: '/tickets/:ticketId?', signedInAs: fixtures.admin.id } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const box = await page.findByRole('textbox', { name: 'Message' }, slow)
    await waitFor(() => expect(box).toBeEnabled(), slow)
    await userEvent.type(box, 'Almost done')
    await userEvent.keyboard('{Escape}')
    await expect(page.getByRole('log', { name: 'Messages' })).toBeVisible()
    await expect(box).toHaveValue('Almost done')
    await userEvent.clear(box)
    await settle()
  },
}

/** `?` lists the shortcuts; Escape closes the list. */
export const ShortcutsHelp: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByRole('link', { name: 'Contacts' })
    await userEvent.keyboard('?')
    const dialog = within(await page.findByRole('dialog', { name: 'Keyboard shortcuts' }))
    await expect(
      dialog.getByText('Close the contact panel or the reply first, then the conversation (the draft is kept)'),
    ).toBeVisible()
    await expect(dialog.getByText('Go to a page, or find a ticket or contact')).toBeVisible()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
  },
}

/** The top bar's search button opens the palette too; an agent is offered the outreach pages but no administration page. */
export const PaletteButton: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Search or go to…' }))
    const dialog = within(await page.findByRole('dialog', { name: 'Go to' }))
    await expect(dialog.getByRole('option', { name: 'Quick answers' })).toBeVisible()
    await expect(dialog.getByRole('option', { name: /Import history/ })).toBeInTheDocument()
    await expect(dialog.queryByRole('option', { name: 'Users' })).toBeNull()
  },
}
