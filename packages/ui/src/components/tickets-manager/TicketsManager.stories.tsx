import { Box } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { clickMenuItem } from '../../testing'
import { TicketList } from '../ticket-list/TicketList'
import { closedTicket, openTicket, pendingTicket, sampleTickets } from '../ticket-list-item/fixtures'
import { TicketsManager, type TicketsManagerProps, type TicketsSubTab, type TicketsTab } from './TicketsManager'

const queues = [
  { id: 1, name: 'Support', color: '#7c3aed' },
  { id: 2, name: 'Sales', color: '#0ea5e9' },
]

/** Keeps the tabs, search, switch and queues in state, and lists what the tab asks for. */
function Managed(args: TicketsManagerProps) {
  const [tab, setTab] = useState<TicketsTab>(args.tab)
  const [subTab, setSubTab] = useState<TicketsSubTab>(args.subTab)
  const [showAll, setShowAll] = useState(args.showAll)
  const [queueIds, setQueueIds] = useState(args.selectedQueueIds)
  const [search, setSearch] = useState(args.search)
  const tickets =
    tab === 'closed'
      ? [closedTicket]
      : tab === 'search'
        ? sampleTickets.filter((ticket) => search && ticket.contact.name.toLowerCase().includes(search.toLowerCase()))
        : subTab === 'pending'
          ? [pendingTicket]
          : [openTicket]
  return (
    <TicketsManager
      {...args}
      tab={tab}
      onTabChange={(next) => {
        args.onTabChange(next)
        setTab(next)
        setSubTab(next === 'closed' ? 'private' : 'open')
      }}
      subTab={subTab}
      onSubTabChange={(next) => {
        args.onSubTabChange(next)
        setSubTab(next)
      }}
      showAll={showAll}
      onShowAllChange={(next) => {
        args.onShowAllChange(next)
        setShowAll(next)
      }}
      selectedQueueIds={queueIds}
      onSelectedQueueIdsChange={(next) => {
        args.onSelectedQueueIdsChange(next)
        setQueueIds(next)
      }}
      search={search}
      onSearchChange={(next) => {
        args.onSearchChange(next)
        setSearch(next)
      }}
    >
      <TicketList tickets={tickets} />
    </TicketsManager>
  )
}

const meta = {
  title: 'Components/TicketsManager',
  component: TicketsManager,
  args: {
    tab: 'open',
    onTabChange: fn(),
    subTab: 'open',
    onSubTabChange: fn(),
    counts: { open: 1, pending: 4 },
    search: '',
    onSearchChange: fn(),
    onNewTicket: fn(),
    onCloseAll: fn(),
    showAll: false,
    onShowAllChange: fn(),
    queues,
    selectedQueueIds: [1, 2],
    onSelectedQueueIdsChange: fn(),
    children: null,
  },
  render: (args) => <Managed {...args} />,
  decorators: [
    (Story) => (
      <Box width="md" height="560px">
        <Story />
      </Box>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof TicketsManager>

export default meta
type Story = StoryObj<typeof meta>

/** Open tab: the open and pending sub-tabs with their counts; arrows move between tabs. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const sub = within(canvas.getByRole('tablist', { name: 'Ticket status' }))
    await expect(sub.getByRole('tab', { name: 'In service 1' })).toHaveAttribute('aria-selected', 'true')
    await userEvent.click(sub.getByRole('tab', { name: 'Waiting 4' }))
    await expect(args.onSubTabChange).toHaveBeenCalledWith('pending')
    await expect(canvas.getByRole('button', { name: 'Accept' })).toBeVisible()
    await userEvent.keyboard('{ArrowLeft}')
    await expect(args.onSubTabChange).toHaveBeenLastCalledWith('open')
    await expect(sub.getByRole('tab', { name: 'In service 1' })).toHaveFocus()
  },
}

/** A list counts up to 1,000 tickets: past that the badge reads "1,000+" (an administrator's busy desk). */
export const ManyTickets: Story = {
  args: { canShowAll: true, showAll: true, counts: { open: 1000, pending: 999 } },
  play: async ({ canvasElement }) => {
    const sub = within(within(canvasElement).getByRole('tablist', { name: 'Ticket status' }))
    await expect(sub.getByRole('tab', { name: 'In service 1,000+' })).toBeVisible()
    await expect(sub.getByRole('tab', { name: 'Waiting 999' })).toBeVisible()
  },
}

export const Actions: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'New ticket' }))
    await expect(args.onNewTicket).toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: 'Close all' }))
    await expect(args.onCloseAll).toHaveBeenCalled()
    await expect(canvas.queryByRole('switch', { name: 'Show all' })).toBeNull()
  },
}

/** Administrators get the Show all switch. */
export const AsAdmin: Story = {
  args: { canShowAll: true },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('switch', { name: 'Show all' }))
    await expect(args.onShowAllChange).toHaveBeenCalledWith(true)
  },
}

/** The queue menu checks and unchecks the user's queues; with every one ticked it reads "All queues". */
export const Queues: Story = {
  play: async ({ args, canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'All queues' }).focus()
    await userEvent.keyboard('{Enter}')
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu')
    await waitFor(() => expect(menu).toHaveAttribute('data-state', 'open'))
    await clickMenuItem(within(menu).getByRole('menuitemcheckbox', { name: 'Sales' }))
    await expect(args.onSelectedQueueIdsChange).toHaveBeenCalledWith([1])
    await waitFor(() =>
      expect(within(menu).getByRole('menuitemcheckbox', { name: 'Sales' })).toHaveAttribute('aria-checked', 'false'),
    )
    // The last ticked queue stays: unticking it would list everything again.
    await expect(within(menu).getByRole('menuitemcheckbox', { name: 'Support' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: '1 queue' })).toBeVisible())
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/**
 * An administrator with no queue of their own sees every ticket: the filter says "All queues", ticks
 * every queue, and narrows to any of them.
 */
export const AdminWithoutQueues: Story = {
  args: {
    canShowAll: true,
    showAll: true,
    selectedQueueIds: [],
    queues: [...queues, { id: 3, name: 'Billing', color: '#16a34a' }],
  },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'All queues' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu')
    await waitFor(() => expect(menu).toHaveAttribute('data-state', 'open'))
    for (const name of ['Support', 'Sales', 'Billing'])
      await expect(within(menu).getByRole('menuitemcheckbox', { name })).toHaveAttribute('aria-checked', 'true')
    await clickMenuItem(within(menu).getByRole('menuitemcheckbox', { name: 'Billing' }))
    await expect(args.onSelectedQueueIdsChange).toHaveBeenCalledWith([1, 2])
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(within(canvasElement).getByRole('button', { name: '2 queues' })).toBeVisible())
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/**
 * An agent's options bar with the tag and queue filters stays one row in the list's column beside a
 * conversation (24rem, as at 1440 px) and on a phone (390 px).
 */
export const AgentToolbarFits: Story = {
  args: {
    tags: [
      { id: 1, tag: 'VIP', color: '#ffaa00' },
      { id: 2, tag: 'New', color: '#2e7d32' },
    ],
    selectedTagIds: [],
    onSelectedTagIdsChange: fn(),
    queues: [...queues, { id: 3, name: 'Billing', color: '#16a34a' }],
    selectedQueueIds: [1, 2],
  },
  render: (args) => (
    <Box display="flex" flexDirection="column" gap="4">
      {['24rem', '390px'].map((width) => (
        <Box key={width} width={width} height="120px" data-testid={width}>
          <TicketsManager {...args}>{null}</TicketsManager>
        </Box>
      ))}
    </Box>
  ),
  play: async ({ canvasElement }) => {
    for (const width of ['24rem', '390px']) {
      const bar = within(within(canvasElement).getByTestId(width))
      const top = (name: string | RegExp) => bar.getByRole('button', { name }).getBoundingClientRect().top
      const row = top('New ticket')
      await expect([top('Close all'), top(/Filter by tag/), top('2 queues')]).toEqual([row, row, row])
    }
  },
}

/** With the tag catalogue, a tag filter sits beside the queues. */
export const TagFilter: Story = {
  args: {
    tags: [
      { id: 1, tag: 'VIP', color: '#ffaa00' },
      { id: 2, tag: 'New', color: '#2e7d32' },
    ],
    selectedTagIds: [1],
    onSelectedTagIdsChange: fn(),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Filter by tag: 1 tag' })).toBeVisible()
  },
}

/** Closed: Private and Groups sections instead of counts. */
export const ClosedTab: Story = {
  args: { tab: 'closed', subTab: 'private' },
  play: async ({ canvasElement }) => {
    const sub = within(within(canvasElement).getByRole('tablist', { name: 'Ticket status' }))
    await expect(sub.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Private', 'Groups'])
  },
}

/** Search: a text box and no sub-tabs. */
export const SearchTab: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('tab', { name: 'Search' }))
    await expect(args.onTabChange).toHaveBeenCalledWith('search')
    await expect(canvas.queryByRole('tablist', { name: 'Ticket status' })).toBeNull()
    // The cursor goes to the field: typing right away searches.
    const field = canvas.getByRole('searchbox', { name: 'Search tickets and messages' })
    await waitFor(() => expect(field).toHaveFocus())
    await userEvent.keyboard('bru')
    await expect(args.onSearchChange).toHaveBeenLastCalledWith('bru')
    await expect(canvas.getByRole('button', { name: 'Bruno Lima' })).toBeVisible()
  },
}

export const Catalog: Story = {
  args: { canShowAll: true, showAll: true, subTab: 'pending' },
}

export const Light: Story = {
  args: { canShowAll: true, subTab: 'pending' },
  globals: { colorMode: 'light' },
}

export const Portuguese: Story = {
  args: { canShowAll: true, tab: 'closed', subTab: 'private' },
  globals: { locale: 'pt-BR' },
}
