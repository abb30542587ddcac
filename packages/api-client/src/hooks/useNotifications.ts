import { useTickets } from './useTickets'

/**
 * The bell: tickets with unread messages that the user may see, newest activity first.
 * Follows the live rules of any ticket list filtered on unread messages: a new incoming
 * message adds or moves its ticket to the top, reading it (`updateUnread`) or any update
 * leaving it without unread messages removes it, and a delete removes it.
 */
export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  const { tickets, count, isLoading, error, reload } = useTickets({ withUnreadMessages: true, enabled })
  const unread = tickets.reduce((sum, t) => sum + t.unreadMessages, 0)
  return { tickets, count, unread, isLoading, error, reload }
}
