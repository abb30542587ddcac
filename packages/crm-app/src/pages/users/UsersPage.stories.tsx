import { fixtures, handlers, scenarios } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { UsersPage } from './UsersPage'

const meta = {
  title: 'Pages/Users',
  component: UsersPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/users' }, msw: { handlers } },
} satisfies Meta<typeof UsersPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** The first page of 20 users. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByText(fixtures.admin.email)).toBeVisible()
    await expect(page.getAllByRole('row').length).toBeGreaterThan(20)
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [...scenarios.usersLoading, ...handlers] } },
}

export const Empty: Story = {
  parameters: { msw: { handlers: [...scenarios.usersEmpty, ...handlers] } },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('No users found')).toBeVisible()
  },
}

export const LoadFailed: Story = {
  parameters: { msw: { handlers: [...scenarios.usersError, ...handlers] } },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('alert')).toHaveTextContent(
      'Something went wrong on the server. Please try again.',
    )
  },
}

/** Typing in the search box filters on the server after a pause. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(fixtures.admin.email)
    await userEvent.type(page.getByRole('searchbox', { name: /search users/i }), 'bruno')
    await waitFor(() => expect(page.queryByText(fixtures.admin.email)).toBeNull(), { timeout: 3000 })
    await expect(await page.findByText(fixtures.agent.email)).toBeVisible()
    await expect(page.getAllByRole('row')).toHaveLength(2)
  },
}

/** Adding a user: the server's field errors show on the form, then a valid user joins the list. */
export const AddUser: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(fixtures.admin.email)
    await userEvent.click(page.getByRole('button', { name: 'Add user' }))
    const dialog = within(await page.findByRole('dialog'))
    await userEvent.type(dialog.getByRole('textbox', { name: /name/i }), 'Eva Lima')
    await userEvent.type(dialog.getByRole('textbox', { name: /email/i }), fixtures.agent.email)
    await userEvent.type(dialog.getByLabelText(/password/i), 'secret123')
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }))
    // The code is a toast, and its translation sits under the e-mail field too.
    await waitFor(() => expect(dialog.getByText('A user with this email already exists.')).toBeVisible())
    await expect(dialog.getByRole('textbox', { name: /email/i })).toHaveAttribute('aria-invalid', 'true')

    await userEvent.clear(dialog.getByRole('textbox', { name: /email/i }))
    await userEvent.type(dialog.getByRole('textbox', { name: /email/i }), 'eva@limedesk.test')
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    await expect(await page.findByText('eva@limedesk.test')).toBeVisible()
    await settle()
  },
}

/** Deleting asks first, then the user leaves the list. */
export const DeleteUser: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(fixtures.agent.email)
    await userEvent.click(page.getByRole('button', { name: `Delete ${fixtures.agent.name}` }))
    const dialog = within(await page.findByRole('alertdialog'))
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(page.queryByText(fixtures.agent.email)).toBeNull())
    await waitFor(() => expect(page.getByText('User deleted successfully!')).toBeVisible())
    await settle()
  },
}
