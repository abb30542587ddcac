import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { sampleTickets } from '../ticket-list-item/fixtures'
import type { TicketListItemTicket } from '../ticket-list-item/TicketListItem'
import { TicketList } from './TicketList'

const NAMES = ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Diego Rocha', 'Elisa Prado', 'Fábio Nunes', 'Gabi Reis']
const STATUSES = ['pending', 'open', 'closed'] as const

/** Many tickets, minutes apart, counting back from 10:29 on 2026-01-15. */
const manyTickets = (count: number): TicketListItemTicket[] =>
  Array.from({ length: count }, (_, i) => ({
    ...sampleTickets[i % sampleTickets.length],
    id: 1000 + i,
    status: STATUSES[i % 3],
    contact: { name: `${NAMES[i % NAMES.length]} ${i + 1}` },
    unreadMessages: i % 4,
    updatedAt: new Date(Date.parse('2026-01-15T10:29:00Z') - i * 7 * 60_000).toISOString(),
  }))

const meta = {
  title: 'Components/TicketList',
  component: TicketList,
  args: {
    tickets: sampleTickets,
    onOpen: fn(),
    onAccept: fn(),
    onView: fn(),
    onClose: fn(),
    onLoadMore: fn(),
    height: '480px',
  },
  decorators: [
    (Story) => (
      <Box width="sm" borderWidth="1px">
        <Story />
      </Box>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof TicketList>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  args: { selectedId: 102 },
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Tickets' })
    await expect(region.querySelectorAll('[aria-posinset]')).toHaveLength(sampleTickets.length)
    await userEvent.click(within(region).getByRole('button', { name: 'Bruno Lima' }))
    await expect(args.onOpen).toHaveBeenCalledWith(sampleTickets[1])
  },
}

/** By keyboard: Tab reaches the list, ↓ goes to the first row, ↓ again to the next, Enter opens it. */
export const Keyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Tickets' })
    const row = (name: string) =>
      within(region)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.includes(name))
    await userEvent.tab()
    await expect(region).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(row('Ana Souza')).toHaveFocus()
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}')
    await expect(row('Bruno Lima')).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onOpen).toHaveBeenCalledTimes(1)
    await expect(args.onOpen).toHaveBeenCalledWith(sampleTickets[1])
    // A waiting ticket cannot be opened before it is accepted: Enter views it.
    await userEvent.keyboard('{Home}{Enter}')
    await expect(row('Ana Souza')).toHaveFocus()
    await expect(args.onView).toHaveBeenCalledTimes(1)
    await expect(args.onView).toHaveBeenCalledWith(sampleTickets[0])
    // The list keeps one tab stop among its rows: the active one.
    await userEvent.keyboard('{End}')
    const lastRow = row(sampleTickets[sampleTickets.length - 1]!.contact.name)
    await expect(lastRow).toHaveFocus()
    await expect(region.querySelectorAll('[tabindex="0"][data-row-index]')).toHaveLength(1)
  },
}

/** The first ↓ goes to the open ticket's row; End goes far beyond the rows drawn so far: the row scrolls into view and takes the focus. */
export const KeyboardBeyondWindow: Story = {
  args: { tickets: manyTickets(10_000), selectedId: 1002 },
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Tickets' })
    region.focus()
    await userEvent.keyboard('{ArrowDown}')
    await expect(
      within(region).getByRole('button', { name: 'Carla Dias 3' }).closest('[role="listitem"]'),
    ).toHaveFocus()
    await userEvent.keyboard('{End}')
    const last = await within(region).findByText('Diego Rocha 10000')
    await waitFor(() => expect(last.closest('[role="listitem"]')).toHaveFocus())
    await waitFor(() => expect(last).toBeVisible())
    await userEvent.keyboard('{ArrowUp}{Enter}')
    await expect(args.onOpen).toHaveBeenCalledTimes(1)
    await expect(args.onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 1000 + 9998 }))
    await expect(region.querySelectorAll('[role="listitem"]').length).toBeLessThan(20)
  },
}

/** Ten thousand tickets: only the rows in view (and a few beyond) are in the page. */
export const Virtualised: Story = {
  args: { tickets: manyTickets(10_000) },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Tickets' })
    await expect(region.querySelectorAll('[role="listitem"]').length).toBeLessThan(20)
    region.scrollTop = 96 * 5000
    await waitFor(() => expect(within(region).getByRole('button', { name: 'Carla Dias 5001' })).toBeVisible())
    await expect(region.querySelectorAll('[role="listitem"]').length).toBeLessThan(20)
  },
}

/** Within 100 px of the bottom the next page is asked for, once; farther up it is not. */
export const InfiniteScroll: Story = {
  args: { tickets: manyTickets(40), hasMore: true },
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Tickets' })
    region.scrollTop = region.scrollHeight - region.clientHeight - 250
    await new Promise((resolve) => setTimeout(resolve, 200))
    await expect(args.onLoadMore).not.toHaveBeenCalled()
    region.scrollTop = region.scrollHeight - region.clientHeight - 60
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalledTimes(1))
    region.scrollTop = region.scrollHeight - region.clientHeight
    await new Promise((resolve) => setTimeout(resolve, 200))
    await expect(args.onLoadMore).toHaveBeenCalledTimes(1)
  },
}

export const LastPage: Story = {
  args: { tickets: manyTickets(40), hasMore: false },
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Tickets' })
    region.scrollTop = region.scrollHeight
    await new Promise((resolve) => setTimeout(resolve, 200))
    await expect(args.onLoadMore).not.toHaveBeenCalled()
  },
}

export const Loading: Story = {
  args: { tickets: [], isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: 'Tickets' })).toHaveAttribute('aria-busy', 'true')
  },
}

export const LoadingNextPage: Story = {
  args: { tickets: sampleTickets.slice(0, 3), isLoading: true, hasMore: true },
}

export const Empty: Story = {
  args: { tickets: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('No tickets here!')).toBeVisible()
    await expect(canvas.getByText('No tickets found with this status or search term.')).toBeVisible()
  },
}

/** The list failed: the reason and Retry, never "No tickets here!" with it. */
export const LoadFailed: Story = {
  args: { tickets: [], error: { code: 'ERR_INTERNAL' }, onReload: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong on the server. Please try again.')
    await expect(canvas.queryByText('No tickets here!')).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }))
    await expect(args.onReload).toHaveBeenCalledOnce()
  },
}

/** The next page failed: the rows stay, Retry sits under them and no further page is asked for. */
export const NextPageFailed: Story = {
  args: { tickets: sampleTickets.slice(0, 3), hasMore: true, error: {}, onReload: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(sampleTickets[0].contact.name)).toBeVisible()
    await expect(canvas.getByRole('alert')).toHaveTextContent('An error occurred!')
    await expect(args.onLoadMore).not.toHaveBeenCalled()
  },
}

/** The catalogue in both colour modes and in English and Spanish: one matrix, one picture. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'es'] },
      ],
    },
    // Every cell repeats the table's labelled scroll region; that is the matrix's doing, not the table's.
    a11y: { config: { rules: [{ id: 'landmark-unique', enabled: false }] } },
  },
  render: (args) => (
    <Box display="grid" gridTemplateColumns="repeat(3, 320px)" gap="4">
      <Box borderWidth="1px">
        <TicketList {...args} tickets={sampleTickets} selectedId={102} />
      </Box>
      <Box borderWidth="1px">
        <TicketList {...args} label="Loading" tickets={[]} isLoading />
      </Box>
      <Box borderWidth="1px">
        <TicketList {...args} label="Empty" tickets={[]} />
      </Box>
    </Box>
  ),
  decorators: [(Story) => <Story />],
}
