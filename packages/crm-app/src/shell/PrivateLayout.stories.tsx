import { fixtures, handlers, mockDb } from '@desk/api-client/mocks'
import { messagesFor } from '@desk/ui'
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { type ReactNode, useState } from 'react'
import { IntlProvider } from 'react-intl'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { LANGUAGE_KEY, usePreferences } from '../lib/preferences'
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

const meta = {
  title: 'Pages/Shell',
  component: PrivateLayout,
  decorators: [withApp],
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
    await userEvent.click(await page.findByRole('menuitem', { name: 'Profile' }))
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
