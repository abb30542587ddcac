import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { UsersTable } from './UsersTable'

const NAMES = ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Diego Rocha', 'Elisa Prado', 'Fábio Nunes', 'Gabi Reis']
const manyUsers = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `${NAMES[i % NAMES.length]} ${i + 1}`,
  email: `agent${i + 1}@limedesk.test`,
  profile: i === 0 ? 'admin' : 'user',
  whatsapp: i % 3 === 0 ? null : { id: (i % 2) + 1, name: i % 2 ? 'Support line' : 'Main line' },
}))
const fewUsers = manyUsers.slice(0, 4)

const meta = {
  title: 'Components/UsersTable',
  component: UsersTable,
  args: {
    users: fewUsers,
    search: '',
    onSearchChange: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onLoadMore: fn(),
    maxHeight: '420px',
  },
  tags: ['autodocs'],
} satisfies Meta<typeof UsersTable>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Actions: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Bruno Lima 2' }))
    await expect(args.onEdit).toHaveBeenCalledWith(fewUsers[1])
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Carla Dias 3' }))
    await expect(args.onDelete).toHaveBeenCalledWith(fewUsers[2])
    await userEvent.click(canvas.getByRole('button', { name: 'Add user' }))
    await expect(args.onAdd).toHaveBeenCalledTimes(1)
  },
}

export const Search: Story = {
  args: { search: 'ana' },
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole('searchbox', { name: 'Search users by name or email' })
    await expect(box).toHaveValue('ana')
    await userEvent.type(box, 's')
    await expect(args.onSearchChange).toHaveBeenCalledWith('anas')
  },
}

/** Scrolling to within 100 px of the bottom asks for the next page; farther up it does not. */
export const InfiniteScroll: Story = {
  args: { users: manyUsers, hasMore: true },
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Users' })
    region.scrollTop = region.scrollHeight - region.clientHeight - 250
    await new Promise((resolve) => setTimeout(resolve, 200))
    await expect(args.onLoadMore).not.toHaveBeenCalled()
    region.scrollTop = region.scrollHeight - region.clientHeight - 60
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalledTimes(1))
  },
}

export const LastPage: Story = {
  args: { users: manyUsers, hasMore: false },
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Users' })
    region.scrollTop = region.scrollHeight
    await new Promise((resolve) => setTimeout(resolve, 200))
    await expect(args.onLoadMore).not.toHaveBeenCalled()
  },
}

export const Loading: Story = {
  args: { users: [], isLoading: true },
}

export const LoadingNextPage: Story = {
  args: { users: fewUsers, isLoading: true, hasMore: true },
}

export const Empty: Story = {
  args: { users: [], search: 'zzz' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No users found')).toBeVisible()
  },
}

export const LongNames: Story = {
  args: {
    users: [
      {
        id: 1,
        name: 'Maria Aparecida dos Santos Oliveira Pereira',
        email: 'maria.aparecida.dos.santos.oliveira@limedesk.test',
        profile: 'admin',
        whatsapp: { id: 1, name: 'Customer support line of the south region' },
      },
    ],
  },
}

/** The catalogue in both colour modes and in English and Portuguese: one matrix, one picture. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR'] },
      ],
    },
    // Every cell repeats the table's labelled scroll region; that is the matrix's doing, not the table's.
    a11y: { config: { rules: [{ id: 'landmark-unique', enabled: false }] } },
  },
  render: (args) => (
    <div style={{ display: 'grid', gap: '24px' }}>
      <UsersTable {...args} label="Loaded" users={fewUsers} maxHeight="240px" />
      <UsersTable {...args} label="Loading the next page" users={fewUsers.slice(0, 1)} isLoading maxHeight="240px" />
      <UsersTable {...args} label="Empty" users={[]} maxHeight="240px" />
    </div>
  ),
}

/** A phone (390 px): the e-mail goes under the name and the connection is left out, so Edit is on screen. */
export const Phone: Story = {
  args: { maxHeight: undefined },
  globals: { viewport: { value: 'phone' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('columnheader', { name: 'Connection' })).toBeNull()
    const row = canvas.getByRole('row', { name: /Bruno Lima 2/ })
    await expect(within(row).getByText('agent2@limedesk.test')).toBeVisible()
    const region = canvas.getByRole('region', { name: 'Users' })
    await expect(region.scrollWidth).toBeLessThanOrEqual(region.clientWidth)
    const edit = within(row).getByRole('button', { name: 'Edit Bruno Lima 2' })
    await expect(edit.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
    await userEvent.click(edit)
    await expect(args.onEdit).toHaveBeenCalledWith(fewUsers[1])
  },
}
