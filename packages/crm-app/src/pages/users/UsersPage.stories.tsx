import type { UserUpdateRequest } from '@desk/api-client'
import { fixtures, handlers, mockDb, mockRoute } from '@desk/api-client/mocks'
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { listStateStories } from '../../stories/listStates'
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

const listStates = listStateStories({
  route: 'userList',
  emptyText: 'No users found',
  emptyAnswer: { users: [], hasMore: false, count: 0 },
  loadedText: fixtures.agent.email,
})

export const Loading: Story = listStates.Loading
export const Empty: Story = listStates.Empty
/** The list failed: the reason and Retry where the table was, never "No users found" with it. */
export const LoadFailed: Story = listStates.LoadFailed
/** The first load fails, Retry brings the rows. */
export const RetryAfterFailure: Story = listStates.RetryAfterFailure

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
    // The server names the e-mail field: the message shows under it, once (no toast, no banner), and the
    // field takes the focus.
    await waitFor(() => expect(dialog.getByText('A user with this email already exists.')).toBeVisible())
    const email = dialog.getByRole('textbox', { name: /email/i })
    await expect(email).toHaveAttribute('aria-invalid', 'true')
    await waitFor(() => expect(email).toHaveFocus())
    await expect(page.getAllByText('A user with this email already exists.')).toHaveLength(1)
    await expect(dialog.queryByRole('alert')).toBeNull()

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

/** The agent's default connection is the main line, set after withApp has reset the mock db. */
const withAgentOnMainLine: Decorator = (Story) => {
  useState(() => {
    const agent = mockDb.users.find((u) => u.id === fixtures.agent.id)
    const line = fixtures.connections[0]
    if (agent) Object.assign(agent, { whatsappId: line.id, whatsapp: { id: line.id, name: line.name } })
    return null
  })
  return <Story />
}

/** Editing a user offers every queue and connection, with the user's own ones chosen. */
export const EditShowsAssignments: Story = {
  decorators: [withAgentOnMainLine],
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(fixtures.agent.email)
    await userEvent.click(page.getByRole('button', { name: `Edit ${fixtures.agent.name}` }))
    const dialog = within(await page.findByRole('dialog'))
    await expect(await dialog.findByRole('checkbox', { name: 'Support' })).toBeChecked()
    await expect(dialog.getByRole('checkbox', { name: 'Sales' })).not.toBeChecked()
    await expect(dialog.queryByText('No queues yet')).toBeNull()
    const connection = dialog.getByRole('combobox', { name: 'Default connection' })
    await waitFor(() =>
      expect(
        within(connection)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['None', ...fixtures.connections.map((c) => c.name)]),
    )
    await expect(connection).toHaveValue(String(fixtures.connections[0].id))
    await expect(within(connection).getByRole('option', { name: 'Main line' })).toHaveProperty('selected', true)
  },
}

/** What the page sent to PUT /users/:id, for the story to check. */
const sentUpdates: UserUpdateRequest[] = []
const recordUpdates = mockRoute('userUpdate', async ({ request }) => {
  sentUpdates.push((await request.clone().json()) as UserUpdateRequest)
})

/** An administrator gives the agent a second queue and a default connection, and saving sends both. */
export const AssignQueues: Story = {
  parameters: { msw: { handlers: [recordUpdates, ...handlers] } },
  beforeEach: () => {
    sentUpdates.length = 0
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText(fixtures.agent.email)
    await userEvent.click(page.getByRole('button', { name: `Edit ${fixtures.agent.name}` }))
    const dialog = within(await page.findByRole('dialog'))
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Sales' }))
    await userEvent.selectOptions(dialog.getByRole('combobox', { name: 'Default connection' }), 'Main line')
    await userEvent.type(dialog.getByLabelText(/password/i), 'secret123')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())

    await expect(sentUpdates).toHaveLength(1)
    await expect([...(sentUpdates[0].queueIds ?? [])].sort()).toEqual([1, 2])
    await expect(sentUpdates[0].whatsappId).toBe(1)
    const saved = mockDb.users.find((u) => u.id === fixtures.agent.id)
    await expect(saved?.queues.map((q) => q.name)).toEqual(['Sales', 'Support'])
    // The list shows the new default connection.
    const row = page.getByRole('row', { name: new RegExp(fixtures.agent.name) })
    await expect(within(row).getByText('Main line')).toBeVisible()
    await waitFor(() => expect(page.getByText('User saved successfully!')).toBeVisible())
    await settle()
  },
}
