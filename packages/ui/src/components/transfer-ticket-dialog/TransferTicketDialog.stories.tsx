import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { TransferTicketDialog, type TransferTicketDialogProps } from './TransferTicketDialog'

const USERS = [
  { id: 1, name: 'Ana Souza' },
  { id: 2, name: 'Anabela Prado' },
  { id: 3, name: 'Bruno Lima' },
  { id: 4, name: 'Carla Dias' },
]
const queues = [
  { id: 1, name: 'Sales' },
  { id: 2, name: 'Support' },
]
const connections = [
  { id: 1, name: 'Main line' },
  { id: 2, name: 'Support line' },
]

/** Searches like a page would: from 3 characters, by name (or hands over the whole small team). */
function Searching(args: TransferTicketDialogProps) {
  const [search, setSearch] = useState(args.userSearch)
  const users = args.allUsersListed
    ? USERS
    : search.trim().length >= 3
      ? USERS.filter((u) => u.name.toLowerCase().includes(search.trim().toLowerCase()))
      : []
  return (
    <TransferTicketDialog
      {...args}
      userSearch={search}
      users={users}
      onUserSearchChange={(next) => {
        args.onUserSearchChange(next)
        setSearch(next)
      }}
    />
  )
}

const meta = {
  title: 'Components/TransferTicketDialog',
  component: TransferTicketDialog,
  args: {
    open: true,
    onClose: fn(),
    userSearch: '',
    onUserSearchChange: fn(),
    users: [],
    queues,
    connections,
    onSubmit: fn(),
  },
  render: (args) => <Searching {...args} />,
  tags: ['autodocs'],
} satisfies Meta<typeof TransferTicketDialog>

export default meta
type Story = StoryObj<typeof meta>

/** The open dialog, once it has moved the focus inside (so later clicks do not race its initial focus). */
const dialog = async (canvasElement: HTMLElement) => {
  const element = await within(canvasElement.ownerDocument.body).findByRole('dialog')
  await waitFor(() => expect(element.contains(document.activeElement)).toBe(true))
  return within(element)
}

/** Nothing chosen yet: the user list waits for 3 characters and Transfer is disabled. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByText('Type at least 3 characters')).toBeVisible()
    await expect(modal.getByLabelText('User')).toBeDisabled()
    await expect(modal.getByRole('button', { name: 'Transfer' })).toBeDisabled()
    await expect(modal.queryByLabelText('Connection')).toBeNull()
  },
}

/** A team that fits in one page is listed at once, and typing narrows it from the first letter. */
export const SmallTeam: Story = {
  args: { allUsersListed: true },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.queryByText('Type at least 3 characters')).toBeNull()
    const user = modal.getByLabelText('User') as HTMLSelectElement
    await expect(user).toBeEnabled()
    await expect([...user.options].map((o) => o.text)).toEqual([
      'Select a user',
      'Ana Souza',
      'Anabela Prado',
      'Bruno Lima',
      'Carla Dias',
    ])
    await userEvent.type(modal.getByLabelText('Search user'), 'b')
    await waitFor(() =>
      expect([...user.options].map((o) => o.text)).toEqual(['Select a user', 'Anabela Prado', 'Bruno Lima']),
    )
    await userEvent.selectOptions(user, 'Bruno Lima')
    await userEvent.click(modal.getByRole('button', { name: 'Transfer' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ userId: 3, queueId: null, whatsappId: null })
  },
}

/** A big team: two characters search nothing; the third lists the matches; a user and a queue are sent. */
export const ToUserAndQueue: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText('Search user'), 'an')
    await expect(modal.getByLabelText('User')).toBeDisabled()
    await userEvent.type(modal.getByLabelText('Search user'), 'a')
    const user = modal.getByLabelText('User')
    await waitFor(() => expect(user).toBeEnabled())
    await expect([...(user as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Select a user',
      'Ana Souza',
      'Anabela Prado',
    ])
    await userEvent.selectOptions(user, 'Anabela Prado')
    await userEvent.selectOptions(modal.getByLabelText('Queue'), 'Support')
    await userEvent.click(modal.getByRole('button', { name: 'Transfer' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ userId: 2, queueId: 2, whatsappId: null })
  },
}

/** A queue without a user: the ticket goes back to pending in that queue, and the dialog says so. */
export const QueueOnly: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.selectOptions(modal.getByLabelText('Queue'), 'Sales')
    await expect(modal.getByText(/waits as pending in that queue/)).toBeVisible()
    await userEvent.click(modal.getByRole('button', { name: 'Transfer' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ userId: null, queueId: 1, whatsappId: null })
  },
}

export const NoUsersFound: Story = {
  args: { userSearch: 'zzz' },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByLabelText('User')).toHaveDisplayValue('No users found')
  },
}

/** Administrators may also pick the connection. */
export const AsAdmin: Story = {
  args: { canChooseConnection: true, userSearch: 'carla' },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.selectOptions(modal.getByLabelText('User'), 'Carla Dias')
    await userEvent.selectOptions(modal.getByLabelText('Connection'), 'Support line')
    await userEvent.click(modal.getByRole('button', { name: 'Transfer' }))
    await expect(args.onSubmit).toHaveBeenCalledWith({ userId: 4, queueId: null, whatsappId: 2 })
  },
}

export const Submitting: Story = {
  args: { isSubmitting: true },
}

export const WithError: Story = {
  args: { error: { code: 'ERR_NO_PERMISSION' } },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('alert')).toHaveTextContent("You don't have permission to do this.")
  },
}

/** The users search failed: one line with Retry, and the user select does not claim "No users found". */
export const ChoicesFailed: Story = {
  args: { userSearch: 'zzz', loadError: { code: 'ERR_INTERNAL' }, onRetryLoad: fn() },
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByRole('alert')).toHaveTextContent('Something went wrong on the server. Please try again.')
    await expect(modal.getByLabelText('User')).not.toHaveDisplayValue('No users found')
    await userEvent.click(modal.getByRole('button', { name: 'Retry' }))
    await expect(args.onRetryLoad).toHaveBeenCalledOnce()
  },
}

export const Cancel: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.click(modal.getByRole('button', { name: 'Cancel' }))
    await expect(args.onClose).toHaveBeenCalled()
    await expect(args.onSubmit).not.toHaveBeenCalled()
  },
}

/** The admin variant with results and the queue hint showing, for review. */
export const Catalog: Story = {
  args: { canChooseConnection: true, userSearch: 'ana' },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.selectOptions(modal.getByLabelText('Queue'), 'Support')
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

export const Light: Story = {
  args: Catalog.args,
  play: Catalog.play,
  globals: { colorMode: 'light' },
}

export const Spanish: Story = {
  args: { canChooseConnection: true },
  globals: { locale: 'es' },
}
