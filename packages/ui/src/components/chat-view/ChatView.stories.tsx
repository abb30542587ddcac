import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ChatView } from './ChatView'
import type { ChatPerson, ChatViewChannel, ChatViewMessage } from './types'

const people: ChatPerson[] = [
  { id: 1, name: 'Admin' },
  { id: 2, name: 'Alice' },
  { id: 3, name: 'Bob Martins' },
  { id: 4, name: 'Carla Dias' },
]

const channels: ChatViewChannel[] = [
  { id: 1, kind: 'general', name: 'general', unread: 0 },
  { id: 2, kind: 'queue', name: 'Sales', color: '#16a34a', unread: 3 },
  { id: 3, kind: 'group', name: 'Night shift', unread: 0 },
  { id: 4, kind: 'direct', name: 'Carla Dias', unread: 1 },
]

const at = (minute: number) => `2026-01-15T10:${String(minute).padStart(2, '0')}:00Z`

const messages: ChatViewMessage[] = [
  {
    id: 1,
    userId: 4,
    userName: 'Carla Dias',
    body: 'Morning all! The promo starts at noon.',
    mediaType: 'chat',
    mediaUrl: null,
    createdAt: at(1),
  },
  {
    id: 2,
    userId: 3,
    userName: 'Bob Martins',
    body: '@Alice can you take the 3pm call? The customer asked for you.',
    mediaType: 'chat',
    mediaUrl: null,
    createdAt: at(4),
  },
  {
    id: 3,
    userId: 2,
    userName: 'Alice',
    body: 'Sure. Have a look at this one first:',
    mediaType: 'chat',
    mediaUrl: null,
    ticket: { id: 1234, contactName: 'Maria Souza', status: 'pending', canOpen: true },
    createdAt: at(6),
  },
  {
    id: 4,
    userId: 4,
    userName: 'Carla Dias',
    body: '',
    mediaType: 'chat',
    mediaUrl: null,
    ticket: { id: 987, contactName: 'João Pereira', status: 'open', canOpen: false },
    createdAt: at(8),
  },
  {
    id: 5,
    userId: null,
    userName: null,
    body: 'Price list attached 😀',
    mediaType: 'chat',
    mediaUrl: null,
    createdAt: at(9),
  },
]

const meta = {
  title: 'Components/ChatView',
  component: ChatView,
  parameters: { layout: 'fullscreen' },
  args: {
    channels,
    activeChannelId: 2,
    onSelectChannel: fn(),
    people: people.filter((p) => p.id !== 2),
    onStartDirect: fn(),
    meId: 2,
    members: people,
    messages,
    search: '',
    onSearchChange: fn(),
    draft: '',
    onDraftChange: fn(),
    onSend: fn(),
    onAttach: fn(),
    onOpenTicket: fn(),
    hasMore: true,
    onLoadOlder: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ height: '640px', padding: '16px' }}>
        <Story />
      </div>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof ChatView>

export default meta
type Story = StoryObj<typeof meta>

/**
 * A queue's channel: unread counts in the list, the reader's mention marked, a shared ticket they may
 * open and one they may not, a message of a former user.
 */
export const Channel: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: /^Sales\W+3 unread messages/ })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(canvasElement.querySelector('[data-mention="2"]')).toHaveTextContent('@Alice')
    await userEvent.click(canvas.getByRole('button', { name: /#1234/ }))
    await expect(args.onOpenTicket).toHaveBeenCalledWith(1234)
    await expect(canvas.queryByRole('button', { name: /#987/ })).toBeNull()
    await expect(canvas.getByText('Former user')).toBeVisible()
    await expect(canvas.getByText('You')).toBeVisible()
  },
}

/** Typing: the draft is the page's; Enter sends it. */
export const Typing: Story = {
  render: function Render(args) {
    const [draft, setDraft] = useState('')
    return <ChatView {...args} draft={draft} onDraftChange={setDraft} />
  },
  play: async ({ args, canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: /message/i })
    await userEvent.type(input, '@Carla Dias thanks!{Enter}')
    await waitFor(() => expect(args.onSend).toHaveBeenCalledWith('@Carla Dias thanks!'))
  },
}

/** A search that finds nothing. */
export const NoResults: Story = {
  args: { messages: [], search: 'refund', hasMore: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No message matches your search.')).toBeVisible()
  },
}

/** No channel open yet. */
export const NoChannelOpen: Story = {
  args: { activeChannelId: null, messages: [] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Pick a channel to start talking.')).toBeVisible()
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Message someone' }), 'Bob Martins')
    await expect(args.onStartDirect).toHaveBeenCalledWith(3)
  },
}
