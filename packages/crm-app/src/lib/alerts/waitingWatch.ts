import type { AppMessageEvent, Ticket, TicketEvent, TicketStatus } from '@desk/api-client'

interface Known {
  status: TicketStatus
  userId: number | null
}

/** What the watch remembers of a ticket: enough to tell a new wait from one that was already there. */
const knownOf = (ticket: Pick<Ticket, 'status' | 'userId'>): Known => ({ status: ticket.status, userId: ticket.userId })

/**
 * Tells which live events show a ticket that has just started waiting (pending): a customer's first
 * message, a closed ticket the customer brought back, a ticket transferred to a queue. It remembers
 * the last status it saw of each ticket (seeded with the tickets already on screen), so a waiting
 * ticket's later messages are not new again, and a ticket that was the user's own in service and is
 * now waiting is the user's own doing (return or transfer), not news.
 */
export function createWaitingWatch(userId: number | null) {
  const known = new Map<number, Known>()

  const check = (ticket: Ticket, firstMessage: boolean): Ticket | null => {
    const before = known.get(ticket.id)
    known.set(ticket.id, knownOf(ticket))
    if (ticket.status !== 'pending') return null
    if (before === undefined) {
      // Never seen: new when this is the wait's first message (a ticket with older unread messages
      // was waiting before the page looked).
      return firstMessage || ticket.unreadMessages <= 1 ? ticket : null
    }
    if (before.status === 'pending') return null
    if (before.status === 'open' && userId !== null && before.userId === userId) return null
    return ticket
  }

  return {
    /** Tickets the page already shows: their state is known, not news. */
    seed(tickets: Pick<Ticket, 'id' | 'status' | 'userId'>[]) {
      for (const ticket of tickets) if (!known.has(ticket.id)) known.set(ticket.id, knownOf(ticket))
    },
    /** A `ticket` event: the ticket when it has just started waiting. */
    onTicket(event: TicketEvent): Ticket | null {
      if (event.action === 'delete') {
        known.delete(event.ticketId)
        return null
      }
      if (event.action !== 'update') return null
      return check(event.ticket, false)
    },
    /** An `appMessage` event: the ticket when the customer's message made it wait. */
    onMessage(event: Pick<AppMessageEvent, 'action' | 'message' | 'ticket'>): Ticket | null {
      if (event.action !== 'create') return null
      if (event.message.fromMe || event.message.automatic) {
        known.set(event.ticket.id, knownOf(event.ticket))
        return null
      }
      return check(event.ticket, event.ticket.unreadMessages <= 1)
    },
  }
}

export type WaitingWatch = ReturnType<typeof createWaitingWatch>
