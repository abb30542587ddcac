import { fixtures, handlers, MOCK_API_TOKEN, scenarios } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { SettingsPage } from './SettingsPage'

const meta = {
  title: 'Pages/Settings',
  component: SettingsPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/settings' }, msw: { handlers } },
} satisfies Meta<typeof SettingsPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** An administrator sees every setting and the API token. */
export const Admin: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByDisplayValue(MOCK_API_TOKEN)).toBeVisible()
  },
}

/** An agent sees the settings but not the token. */
export const Agent: Story = {
  parameters: { app: { signedInAs: fixtures.agent.id } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('combobox', { name: 'User creation' })).toBeVisible()
    await expect(page.queryByDisplayValue(MOCK_API_TOKEN)).toBeNull()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [...scenarios.settingsLoading, ...handlers] } },
}

/** Changing a setting saves it at once and says so. */
export const DisableUserCreation: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByDisplayValue(MOCK_API_TOKEN)
    await userEvent.selectOptions(page.getByRole('combobox', { name: 'User creation' }), 'disabled')
    await waitFor(() => expect(page.getByText('Settings saved successfully!')).toBeVisible())
    await expect(page.getByRole('combobox', { name: 'User creation' })).toHaveValue('disabled')
    await settle()
  },
}

/** Regenerating asks first, then shows a new token. */
export const RegenerateToken: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByDisplayValue(MOCK_API_TOKEN)
    await userEvent.click(page.getByRole('button', { name: 'Regenerate' }))
    const dialog = within(await page.findByRole('alertdialog'))
    await userEvent.click(dialog.getByRole('button', { name: /regenerate|confirm|delete/i }))
    await waitFor(() => expect(page.getByText('API token regenerated!')).toBeVisible())
    await expect(page.queryByDisplayValue(MOCK_API_TOKEN)).toBeNull()
    await settle()
  },
}
