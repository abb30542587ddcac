import { Flex } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { clickMenuItem, nextFrames } from '../../testing'
import { type NotificationMention, NotificationsBell, type NotificationTicket } from './NotificationsBell'

const NAMES = ['Ana Souza', 'Bruno Lima', 'Carla Dias', 'Diego Rocha', 'Elisa Prado', 'Fábio Nunes', 'Gabi Reis']

const unread: NotificationTicket[] = [
  {
    id: 1,
    contact: { name: 'Ana Souza' },
    lastMessage: 'Hi! My order *#4512* has not arrived yet',
    unreadMessages: 3,
    updatedAt: '2026-01-15T10:12:00Z',
  },
  {
    id: 2,
    contact: { name: 'Bruno Lima' },
    lastMessage: 'BEGIN:VCARD\nVERSION:3.0\nFN:Gabi Reis\nTEL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD',
    unreadMessages: 1,
    updatedAt: '2026-01-15T08:01:00Z',
  },
  {
    id: 3,
    contact: { name: 'Carla Dias' },
    lastMessage: 'Can you call me back tomorrow?',
    unreadMessages: 12,
    updatedAt: '2026-01-13T17:45:00Z',
  },
]

const many: NotificationTicket[] = Array.from({ length: 20 }, (_, i) => ({
  id: 100 + i,
  contact: { name: `${NAMES[i % NAMES.length]} ${i + 1}` },
  lastMessage: `Message ${i + 1}`,
  unreadMessages: (i % 5) + 1,
  updatedAt: new Date(Date.parse('2026-01-15T10:00:00Z') - i * 17 * 60_000).toISOString(),
}))

const meta = {
  title: 'Components/NotificationsBell',
  component: NotificationsBell,
  args: { tickets: unread, onOpen: fn() },
  decorators: [
    (Story) => (
      <Flex justifyContent="flex-end" width="xl" padding="2">
        <Story />
      </Flex>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof NotificationsBell>

export default meta
type Story = StoryObj<typeof meta>

const openMenu = async (canvasElement: HTMLElement, name: string | RegExp) => {
  within(canvasElement).getByRole('button', { name }).focus()
  await userEvent.keyboard('{Enter}')
  const menu = await within(canvasElement.ownerDocument.body).findByRole('menu')
  await waitFor(() => expect(menu).toHaveAttribute('data-state', 'open'))
  // The menu takes the focus a frame after it opens; keys pressed before that go to the button.
  await waitFor(() => expect(menu).toHaveFocus())
  return menu
}

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Notifications: 3 tickets with unread messages' }),
    ).toHaveTextContent('3')
  },
}

/** The list shows each ticket's contact, time and last message; choosing one opens it. */
export const Open: Story = {
  play: async ({ args, canvasElement }) => {
    const menu = await openMenu(canvasElement, /Notifica/)
    const items = within(menu).getAllByRole('menuitem')
    await expect(items).toHaveLength(3)
    await expect(items[0]).toHaveTextContent('10:12')
    await expect(items[1]).toHaveTextContent('Contact card')
    await expect(items[2]).toHaveTextContent('13/01/2026')
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await waitFor(() => expect(items[2]).toHaveAttribute('data-highlighted'))
    await nextFrames()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(args.onOpen).toHaveBeenCalledWith(unread[2]))
  },
}

export const Empty: Story = {
  args: { tickets: [] },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement, 'Notifications')
    await expect(within(menu).getByRole('menuitem', { name: 'No new messages' })).toHaveAttribute(
      'aria-disabled',
      'true',
    )
  },
}

/** The list failed: its reason and a Retry item, not "No new messages". */
export const LoadFailed: Story = {
  args: { tickets: [], error: { code: 'ERR_INTERNAL' }, onRetry: fn() },
  play: async ({ canvasElement, args }) => {
    const menu = within(await openMenu(canvasElement, 'Notifications'))
    await expect(menu.getByText('Something went wrong on the server. Please try again.')).toBeVisible()
    await expect(menu.queryByText('No new messages')).toBeNull()
    await clickMenuItem(menu.getByRole('menuitem', { name: 'Retry' }))
    await waitFor(() => expect(args.onRetry).toHaveBeenCalledOnce())
    // Open again for the picture.
    await openMenu(canvasElement, 'Notifications')
  },
}

/** Long lists scroll inside a 350 px list. */
export const Many: Story = {
  args: { tickets: many },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement, /20 tickets/)
    await expect(menu.clientHeight).toBeLessThanOrEqual(350)
    await expect(menu.scrollHeight).toBeGreaterThan(menu.clientHeight)
  },
}

const mentions: NotificationMention[] = [
  {
    id: 7,
    kind: 'note',
    by: { name: 'Alice' },
    channelName: null,
    ticketId: 1234,
    contactName: 'Maria Souza',
    excerpt: '@Bob do you know this customer? She says the refund never came.',
    read: false,
    createdAt: '2026-01-15T10:20:00Z',
  },
  {
    id: 6,
    kind: 'chat',
    by: { name: 'Carla Dias' },
    channelName: 'Sales',
    ticketId: null,
    contactName: null,
    excerpt: '@Bob can you take the 3pm call?',
    read: false,
    createdAt: '2026-01-15T09:05:00Z',
  },
]

/** Mentions head the list (a private note's, then the team chat's) and count in the badge; one opens it. */
export const WithMentions: Story = {
  args: { tickets: unread.slice(0, 1), mentions, onOpenMention: fn() },
  play: async ({ args, canvasElement }) => {
    const menu = await openMenu(canvasElement, /Notifica/)
    await expect(within(menu).getByText('Mentions')).toBeVisible()
    const items = within(menu).getAllByRole('menuitem')
    await expect(items[0]).toHaveTextContent('Alice mentioned you in a note on #1234 Maria Souza')
    await expect(items[1]).toHaveTextContent('Carla Dias mentioned you in Sales')
    await clickMenuItem(items[0] as HTMLElement)
    await waitFor(() => expect(args.onOpenMention).toHaveBeenCalledWith(mentions[0]))
    await openMenu(canvasElement, /Notifica/)
  },
}

export const Catalog: Story = {
  play: async ({ canvasElement }) => {
    await openMenu(canvasElement, /Notifica/)
  },
}

export const Light: Story = {
  play: Catalog.play,
  globals: { colorMode: 'light' },
}

export const Spanish: Story = {
  play: Catalog.play,
  globals: { locale: 'es' },
}

/** The browser-notification opt-in under the list: a checkbox that keeps the menu open. */
export const DesktopNotifications: Story = {
  args: { desktopAlerts: 'off', onDesktopAlertsChange: fn() },
  play: async ({ args, canvasElement }) => {
    const menu = await openMenu(canvasElement, /Notifica/)
    const toggle = within(menu).getByRole('menuitemcheckbox', { name: 'Desktop notifications' })
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await userEvent.click(toggle)
    await expect(args.onDesktopAlertsChange).toHaveBeenCalledWith(true)
    await expect(menu).toHaveAttribute('data-state', 'open')
  },
}

export const DesktopNotificationsOn: Story = {
  args: { desktopAlerts: 'on', onDesktopAlertsChange: fn(), tickets: many },
  play: async ({ args, canvasElement }) => {
    const menu = await openMenu(canvasElement, /20 tickets/)
    // The opt-in stays in view under a list that scrolls.
    const toggle = within(menu).getByRole('menuitemcheckbox', { name: 'Desktop notifications' })
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    await expect(toggle.getBoundingClientRect().bottom).toBeLessThanOrEqual(menu.getBoundingClientRect().bottom)
    await userEvent.click(toggle)
    await expect(args.onDesktopAlertsChange).toHaveBeenCalledWith(false)
  },
}

/** The browser refuses notifications: only its settings can change that. */
export const DesktopNotificationsBlocked: Story = {
  args: { desktopAlerts: 'blocked', onDesktopAlertsChange: fn() },
  play: async ({ canvasElement }) => {
    const menu = await openMenu(canvasElement, /Notifica/)
    const toggle = within(menu).getByRole('menuitemcheckbox', { name: /Desktop notifications/ })
    await expect(toggle).toHaveAttribute('aria-disabled', 'true')
    await expect(toggle).toHaveTextContent('Blocked in the browser settings')
  },
}
