import { Box, Stack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import {
  channelTickets,
  closedTicket,
  contactCardTicket,
  longTicket,
  manyTagsTicket,
  noQueueTicket,
  openTicket,
  pendingTicket,
  sampleTickets,
  unnamedGroupTicket,
} from './fixtures'
import { TicketListItem } from './TicketListItem'

const meta = {
  title: 'Components/TicketListItem',
  component: TicketListItem,
  args: {
    ticket: pendingTicket,
    onOpen: fn(),
    onAccept: fn(),
    onView: fn(),
    onClose: fn(),
  },
  decorators: [
    (Story) => (
      <Box width="sm" borderWidth="1px">
        <Story />
      </Box>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof TicketListItem>

export default meta
type Story = StoryObj<typeof meta>

/** Pending: Accept and View; the item itself does not open the conversation. */
export const Pending: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('09:12')).toBeVisible()
    await expect(canvas.getByText('3 unread messages')).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }))
    await expect(args.onAccept).toHaveBeenCalledWith(pendingTicket)
    await userEvent.click(canvas.getByRole('button', { name: 'View' }))
    await expect(args.onView).toHaveBeenCalledWith(pendingTicket)
    await userEvent.click(canvas.getByText('Ana Souza'))
    await expect(args.onOpen).not.toHaveBeenCalled()
    await expect(canvas.queryByRole('button', { name: 'Resolve' })).toBeNull()
  },
}

/** Every ticket shows its channel: an icon named for screen readers (and on hover). */
export const Channels: Story = {
  render: (args) => (
    <Stack gap="0">
      {channelTickets.map((ticket) => (
        <TicketListItem key={ticket.id} {...args} ticket={ticket} />
      ))}
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('img', { name: 'WhatsApp (web session)' })).toBeVisible()
    await expect(canvas.getByRole('img', { name: 'WhatsApp Cloud API' })).toBeVisible()
    await expect(canvas.getByRole('img', { name: 'Web chat' })).toBeVisible()
  },
}

/** A group whose name is not known yet reads "Group …" and the end of its id, not the raw id. */
export const UnnamedGroup: Story = {
  args: { ticket: unnamedGroupTicket },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Group …5486')).toBeVisible()
    await expect(canvas.queryByText('120363025246125486')).toBeNull()
  },
}

/** Open: user, connection, tags and the X; a click anywhere or Enter opens it, the X resolves it. */
export const OpenWithTags: Story = {
  args: { ticket: openTicket },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('14/01/2026')).toBeVisible()
    await expect(within(canvas.getByRole('list', { name: 'Tags' })).getAllByRole('listitem')).toHaveLength(2)
    // The X names whose ticket it resolves.
    await userEvent.click(canvas.getByRole('button', { name: "Resolve Bruno Lima's ticket" }))
    await expect(args.onClose).toHaveBeenCalledWith(openTicket)
    await expect(args.onOpen).not.toHaveBeenCalled()
    await userEvent.click(canvas.getByText('Main line'))
    await expect(args.onOpen).toHaveBeenCalledTimes(1)
    canvas.getByRole('button', { name: 'Bruno Lima' }).focus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onOpen).toHaveBeenCalledTimes(2)
    await expect(canvas.queryByRole('button', { name: 'Accept' })).toBeNull()
  },
}

/** Five tags: two chips and "+3", so the user's name keeps its room; "+3" names the hidden tags. */
export const ManyTags: Story = {
  args: { ticket: manyTagsTicket },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const tags = canvas.getByRole('list', { name: 'Tags' })
    const items = within(tags).getAllByRole('listitem')
    await expect(items).toHaveLength(3)
    await expect(items[2]).toHaveTextContent('+3')
    await expect(within(tags).getByText('3 more tags: Late payer, Wholesale, Follow-up')).toBeInTheDocument()
    await expect(within(tags).queryByText('Wholesale')).toBeNull()
    const user = canvas.getByText('Bruno Andrade')
    await expect(user.scrollWidth).toBeLessThanOrEqual(user.clientWidth)
  },
}

/** In search results: the message that holds the text (not the last one), the text marked, cut to show it. */
export const SearchMatch: Story = {
  args: {
    ticket: {
      ...openTicket,
      searchMatch: {
        body: 'Good morning! I wrote last week about a problem with my order: the INVOICE 4512 has the wrong address',
      },
    },
    highlight: 'invoice 4512',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const marks = canvasElement.querySelectorAll('mark')
    await expect(marks).toHaveLength(1)
    await expect(marks[0]).toHaveTextContent('INVOICE 4512')
    await expect(marks[0]).toBeVisible()
    await expect(canvas.queryByText(/I will check the link/)).toBeNull()
  },
}

export const Selected: Story = {
  args: { ticket: openTicket, selected: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Bruno Lima' })).toHaveAttribute(
      'aria-current',
      'true',
    )
  },
}

export const Closed: Story = {
  args: { ticket: closedTicket },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Closed')).toBeVisible()
    await expect(canvas.getByText('02/01/2026')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Diego Rocha' }))
    await expect(args.onOpen).toHaveBeenCalledWith(closedTicket)
  },
}

export const NoQueue: Story = {
  args: { ticket: noQueueTicket },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No queue')).toBeVisible()
  },
}

/** A contact card as the last message shows a label, not the card's text. */
export const ContactCardMessage: Story = {
  args: { ticket: contactCardTicket },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Contact card')).toBeVisible()
    await expect(canvas.queryByText(/BEGIN:VCARD/)).toBeNull()
  },
}

export const LocationMessage: Story = {
  args: {
    ticket: {
      ...openTicket,
      lastMessage: 'data:image/png;base64,iVBORw0KGgo=|https://maps.example.com/?q=-23.55,-46.63|Av. Paulista, 1000',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Location')).toBeVisible()
  },
}

/** A location without a thumbnail (the simulator's `/location`, the Cloud API) reads as a location too. */
export const LocationWithoutThumbnail: Story = {
  args: {
    ticket: { ...openTicket, lastMessage: '|https://maps.example.com/?q=-23.55,-46.63|Av. Paulista, 1000' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Location')).toBeVisible()
    await expect(canvas.queryByText(/maps\.example/)).toBeNull()
  },
}

/** Text waiting in the ticket's composer replaces the last message, after "Draft:". */
export const WithDraft: Story = {
  args: { ticket: openTicket, draft: 'I have just checked: the refund goes out today' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Draft:')).toBeVisible()
    await expect(canvas.getByText(/the refund goes out today/)).toBeVisible()
    await expect(canvas.queryByText(/I will check the link/)).toBeNull()
  },
}

/** The time is HH:mm today and dd/MM/yyyy before, against the `now` given. */
export const CustomNow: Story = {
  args: { ticket: openTicket, now: '2026-01-14T20:00:00Z' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('18:45')).toBeVisible()
  },
}

export const LongContent: Story = {
  args: { ticket: longTicket },
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
  },
  render: (args) => (
    <Stack gap="0">
      {sampleTickets.map((ticket) => (
        <TicketListItem key={ticket.id} {...args} ticket={ticket} selected={ticket.id === openTicket.id} />
      ))}
    </Stack>
  ),
}
