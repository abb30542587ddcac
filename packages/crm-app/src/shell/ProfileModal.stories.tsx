import { fixtures, handlers } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor, within } from 'storybook/test'
import { withApp } from '../stories/withApp'
import ProfileModal from './ProfileModal'

/** "Profile" from the user menu: the user dialog for oneself. */
const meta = {
  title: 'Pages/Profile',
  component: ProfileModal,
  decorators: [withApp],
  args: { user: fixtures.agent, onClose: fn() },
  parameters: { layout: 'fullscreen', app: { path: '/', signedInAs: fixtures.agent.id }, msw: { handlers } },
} satisfies Meta<typeof ProfileModal>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** An agent sees their queues and default connection, which only an administrator can change. */
export const AgentSeesOwnQueues: Story = {
  play: async ({ canvasElement }) => {
    const dialog = within(await body(canvasElement).findByRole('dialog'))
    const support = await dialog.findByRole('checkbox', { name: 'Support' })
    await expect(support).toBeChecked()
    await expect(support).toBeDisabled()
    const sales = await dialog.findByRole('checkbox', { name: 'Sales' })
    await expect(sales).not.toBeChecked()
    await expect(sales).toBeDisabled()
    const connection = dialog.getByRole('combobox', { name: 'Default connection' })
    await expect(connection).toBeDisabled()
    await expect(connection).toHaveValue('')
    await expect(dialog.getByText('Only an administrator can change your queues and default connection.')).toBeVisible()
    await expect(dialog.queryByLabelText('Profile')).toBeNull()
  },
}

/** An administrator's own Profile offers every queue and connection to choose from. */
export const AdminChoosesOwnQueues: Story = {
  args: { user: fixtures.admin },
  parameters: { app: { signedInAs: fixtures.admin.id } },
  play: async ({ canvasElement }) => {
    const dialog = within(await body(canvasElement).findByRole('dialog'))
    // Editable once the session says who is signed in.
    await waitFor(() => expect(dialog.getByRole('checkbox', { name: 'Support' })).toBeEnabled())
    await expect(dialog.getByRole('checkbox', { name: 'Sales' })).toBeChecked()
    const connection = dialog.getByRole('combobox', { name: 'Default connection' })
    await expect(within(connection).getAllByRole('option')).toHaveLength(1 + fixtures.connections.length)
  },
}
