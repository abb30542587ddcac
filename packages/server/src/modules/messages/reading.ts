import { MESSAGES_PAGE_SIZE, type MessageListResponse, type Ticket } from '@desk/api-client'
import type { Executor } from '../../db'
import { addressOn } from '../../drivers/types'
import { sightOf } from '../tickets/repository'
import type { Actor } from '../users/repository'
import { countTicketMessages, hasUnreadMessages, markTicketRead, ticketMessagesPage, toMessage } from './repository'
import type { MessagesContext } from './service'

const nothing = async () => undefined

/** Reading a conversation, which marks it read (here and, when connected, on the network). */
export const createMessageReading = ({ db, publisher, driverOf, mediaUrl, visibleTicket }: MessagesContext) => {
  /**
   * Marks the ticket read (see `markTicketRead`) and reads, with `within`, what the reader is
   * shown, in the same transaction; answers the ticket's unread count after it. The network is
   * told exactly the messages this read marked: one that arrives meanwhile and stays unread is
   * not among them. With nothing unread, nothing is written.
   */
  const markRead = async <T = undefined>(
    ticket: Ticket,
    within: (executor: Executor) => Promise<T> = nothing as () => Promise<T>,
  ): Promise<{ unreadMessages: number; seen: T }> => {
    if (ticket.unreadMessages === 0 && !(await hasUnreadMessages(db, ticket.id))) {
      return { unreadMessages: 0, seen: await within(db) }
    }
    // Who hears it is read first: the event leaves inside the read's transaction, before any message
    // that arrives after the read (see `markTicketRead`).
    const sight = await sightOf(db, ticket)
    const { marked, unreadMessages, seen } = await markTicketRead(db, ticket.id, within, () =>
      publisher.ticket({ action: 'updateUnread', ticketId: ticket.id }, sight),
    )
    const driver = await driverOf(ticket.whatsappId)
    const ids = marked.map((r) => r.providerMessageId).filter((id): id is string => Boolean(id))
    const to = addressOn(driver, ticket.contact)
    if (driver?.isConnected() && to && ids.length) {
      await driver.markRead(to, ids).catch(() => {})
    }
    return { unreadMessages, seen }
  }

  /**
   * `GET /messages/:ticketId`: newest page first, each page oldest-first; marks the ticket read.
   * The page is read after the marking, in its transaction: it shows the conversation as this read
   * left it (a message arriving meanwhile is either on it and read, or not yet on it and unread).
   */
  const list = async (actor: Actor, ticketId: number, pageNumber: number): Promise<MessageListResponse> => {
    const ticket = await visibleTicket(actor, ticketId)
    const offset = (pageNumber - 1) * MESSAGES_PAGE_SIZE
    const { unreadMessages, seen } = await markRead(ticket, async (executor) => ({
      rows: await ticketMessagesPage(executor, ticketId, MESSAGES_PAGE_SIZE + 1, offset),
      count: await countTicketMessages(executor, ticketId),
    }))
    const { rows, count } = seen
    const hasMore = rows.length > MESSAGES_PAGE_SIZE
    const messages = rows
      .slice(0, MESSAGES_PAGE_SIZE)
      .reverse()
      .map((r) => toMessage(r, mediaUrl))
    return { messages, hasMore, count, ticket: { ...ticket, unreadMessages } }
  }

  return { list, markRead }
}
