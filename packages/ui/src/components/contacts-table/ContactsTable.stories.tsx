import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ContactsTable } from './ContactsTable'

const NAMES = ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Diego Rocha', 'Elisa Prado', 'Fábio Nunes', 'Gabi Reis']
const manyContacts = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  name: `${NAMES[i % NAMES.length]} ${i + 1}`,
  number: i === 3 ? null : `55139${String(12340000 + i * 7919).padStart(8, '0')}`,
  email: i % 3 === 0 ? null : `customer${i + 1}@example.com`,
  profilePicUrl: null,
}))
const fewContacts = manyContacts.slice(0, 5)

const meta = {
  title: 'Components/ContactsTable',
  component: ContactsTable,
  args: {
    contacts: fewContacts,
    search: '',
    onSearchChange: fn(),
    onAdd: fn(),
    onImport: fn(),
    onExport: fn(),
    onDeleteAll: fn(),
    onStartTicket: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onLoadMore: fn(),
    maxHeight: '420px',
  },
  tags: ['autodocs'],
} satisfies Meta<typeof ContactsTable>

export default meta
type Story = StoryObj<typeof meta>

/** Numbers read the way people write them (`+55 13 91234-0000`), not as the digits the desk stores. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('row', { name: /Ana Souza 1/ })
    await expect(within(row).getByRole('cell', { name: '+55 13 91234-0000' })).toBeVisible()
  },
}

export const Actions: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Start a ticket with Bruno Lima 2' }))
    await expect(args.onStartTicket).toHaveBeenCalledWith(fewContacts[1])
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Carla Dias 3' }))
    await expect(args.onEdit).toHaveBeenCalledWith(fewContacts[2])
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Ana Souza 1' }))
    await expect(args.onDelete).toHaveBeenCalledWith(fewContacts[0])
  },
}

export const ToolbarActions: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search contacts by name, number or email' }), 'a')
    await expect(args.onSearchChange).toHaveBeenCalledWith('a')
    for (const [name, handler] of [
      ['Import', args.onImport],
      ['Export', args.onExport],
      ['Delete all', args.onDeleteAll],
      ['Add contact', args.onAdd],
    ] as const) {
      await userEvent.click(canvas.getByRole('button', { name }))
      await expect(handler).toHaveBeenCalledTimes(1)
    }
  },
}

/** Import and export show their progress; agents see no delete buttons (neither per contact nor for all). */
export const AgentWhileExporting: Story = {
  args: { onDelete: undefined, onDeleteAll: undefined, isExporting: true, search: 'ana' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('button', { name: /^Delete/ })).toBeNull()
    await expect(canvas.getByRole('button', { name: 'Exporting contacts…' })).toBeDisabled()
  },
}

/** A contact without a number cannot get a ticket. */
export const NoNumber: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Start a ticket with Diego Rocha 4' })
    await expect(button).toBeDisabled()
  },
}

/** Scrolling to within 100 px of the bottom asks for the next page; farther up it does not. */
export const InfiniteScroll: Story = {
  args: { contacts: manyContacts, hasMore: true },
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Contacts' })
    region.scrollTop = region.scrollHeight - region.clientHeight - 250
    await new Promise((resolve) => setTimeout(resolve, 200))
    await expect(args.onLoadMore).not.toHaveBeenCalled()
    region.scrollTop = region.scrollHeight - region.clientHeight - 60
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalledTimes(1))
  },
}

export const LastPage: Story = {
  args: { contacts: manyContacts, hasMore: false },
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Contacts' })
    region.scrollTop = region.scrollHeight
    await new Promise((resolve) => setTimeout(resolve, 200))
    await expect(args.onLoadMore).not.toHaveBeenCalled()
  },
}

export const Loading: Story = {
  args: { contacts: [], isLoading: true },
}

export const LoadingNextPage: Story = {
  args: { contacts: fewContacts, isLoading: true, hasMore: true },
}

export const Empty: Story = {
  args: { contacts: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No contacts found')).toBeVisible()
  },
}

export const LongValues: Story = {
  args: {
    contacts: [
      {
        id: 1,
        name: 'Maria Aparecida dos Santos Oliveira Pereira da Silva',
        number: '551391234432155139123443215513',
        email: 'maria.aparecida.dos.santos.oliveira.pereira@example.com',
        profilePicUrl: null,
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
      <ContactsTable {...args} label="Loaded" contacts={fewContacts} maxHeight="260px" />
      <ContactsTable {...args} label="Loading the next page" contacts={fewContacts.slice(0, 1)} isLoading />
      <ContactsTable {...args} label="Without delete" contacts={fewContacts.slice(0, 2)} onDelete={undefined} />
      <ContactsTable {...args} label="Empty" contacts={[]} />
    </div>
  ),
}

/** A phone (390 px): number and e-mail go under the name, so nothing overlaps; the actions keep their column. */
export const Phone: Story = {
  // The long contact gets an id of its own: the rows are keyed by id.
  args: {
    maxHeight: undefined,
    contacts: [...manyContacts.slice(0, 6), { ...LongValues.args!.contacts![0]!, id: 99 }],
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('columnheader', { name: 'Number' })).toBeNull()
    const row = canvas.getByRole('row', { name: /Bruno Lima 2/ })
    await expect(within(row).getByText('customer2@example.com')).toBeVisible()
    await expect(within(row).getByText('+55 13 91234-7919')).toBeVisible()
    const table = canvas.getByRole('table')
    await expect(table.scrollWidth).toBeLessThanOrEqual(table.clientWidth)
    await userEvent.click(within(row).getByRole('button', { name: 'Start a ticket with Bruno Lima 2' }))
    await expect(args.onStartTicket).toHaveBeenCalledWith(manyContacts[1])
  },
}
