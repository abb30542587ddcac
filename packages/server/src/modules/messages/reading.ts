import { MESSAGES_PAGE_SIZE, type MessageListResponse, type Ticket } from '@desk/api-client'
import { addressOn } from '../../drivers/types'
import { sightOf } from '../tickets/repository'
import type { Actor } from '../users/repository'
import { countTicketMessages, markTicketRead, ticketMessagesPage, toMessage, unreadMessagesOf } from './repository'
import type { MessagesContext } from './service'

/** Reading a conversation, which marks it read (here and, when connected, on the network). */
export const createMessageReading = ({ db, publisher, driverOf, mediaUrl, visibleTicket }: MessagesContext) => {
  const markRead = async (ticket: Ticket) => {
    const unread = await unreadMessagesOf(db, ticket.id)
    if (unread.length === 0 && ticket.unreadMessages === 0) return
    await markTicketRead(db, ticket.id, unread.length > 0)
    publisher.ticket({ action: 'updateUnread', ticketId: ticket.id }, await sightOf(db, ticket))
    const driver = await driverOf(ticket.whatsappId)
    const ids = unread.map((r) => r.providerMessageId).filter((id): id is string => Boolean(id))
    const to = addressOn(driver, ticket.contact)
    if (driver?.isConnected() && to && ids.length) {
      await driver.markRead(to, ids).catch(() => {})
    }
  }

  /** `GET /messages/:ticketId`: newest page first, each page oldest-first; marks the ticket read. */
  const list = async (actor: Actor, ticketId: number, pageNumber: number): Promise<MessageListResponse> => {
    const ticket = await visibleTicket(actor, ticketId)
    const offset = (pageNumber - 1) * MESSAGES_PAGE_SIZE
    const rows = await ticketMessagesPage(db, ticketId, MESSAGES_PAGE_SIZE + 1, offset)
    const hasMore = rows.length > MESSAGES_PAGE_SIZE
    const messages = rows
      .slice(0, MESSAGES_PAGE_SIZE)
      .reverse()
      .map((r) => toMessage(r, mediaUrl))
    const count = await countTicketMessages(db, ticketId)
    await markRead(ticket)
    return { messages, hasMore, count, ticket: { ...ticket, unreadMessages: 0 } }
  }

  return { list, markRead }
}
