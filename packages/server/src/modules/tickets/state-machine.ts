import type { Ticket, TicketTransition, TicketUpdateData } from '@desk/api-client'
import type { Actor } from '../users/repository'
import type { TicketState } from './repository'

/**
 * The ticket state machine of `PUT /tickets/:id` (seed §4), without the database: where a
 * transition takes a ticket. The service applies the answer as one conditional write.
 */

/** The part of a ticket its transitions move, as it is now. */
export const stateOf = (ticket: Ticket): TicketState => ({
  status: ticket.status,
  userId: ticket.userId,
  queueId: ticket.queueId,
  whatsappId: ticket.whatsappId,
})

export const sameState = (a: TicketState, b: TicketState) =>
  a.status === b.status && a.userId === b.userId && a.queueId === b.queueId && a.whatsappId === b.whatsappId

/**
 * A request to take the ticket or look at it waiting (accept, reopen, view) while someone
 * else holds it open: their accept or reopen won the race, whichever read came first.
 */
export const lostTo = (actor: Actor, current: Ticket, input: TicketUpdateData) =>
  current.status === 'open' &&
  current.userId !== null &&
  current.userId !== actor.id &&
  input.queueId === undefined &&
  input.whatsappId === undefined &&
  (input.status === 'open' || (input.status === 'pending' && input.userId !== null))

/**
 * Where a transition other than `resolve` takes the ticket: accept and reopen assign the
 * caller; return leaves it waiting for anyone; view changes nothing on a pending ticket (and
 * returns any other); a transfer names a queue, a user or a connection.
 */
export const nextState = (
  actor: Actor,
  current: Ticket,
  transition: Exclude<TicketTransition, 'resolve'>,
  input: TicketUpdateData,
): TicketState => {
  const same = stateOf(current)
  switch (transition) {
    case 'accept':
    case 'reopen':
      return { ...same, status: 'open', userId: actor.id }
    case 'return':
      return { ...same, status: 'pending', userId: null }
    case 'view':
      // Looking at a pending ticket changes nothing; asking for pending on another one returns it.
      return current.status === 'pending' ? same : { ...same, status: 'pending', userId: null }
    default: {
      const queueId = input.queueId === undefined ? current.queueId : input.queueId
      const whatsappId = input.whatsappId ?? current.whatsappId
      if (input.queueId != null && input.userId == null) {
        return { status: 'pending', userId: null, queueId, whatsappId }
      }
      const userId = input.userId === undefined ? current.userId : input.userId
      const status = input.status ?? (current.status === 'closed' ? 'open' : current.status)
      return { status: userId === null && status === 'open' ? 'pending' : status, userId, queueId, whatsappId }
    }
  }
}

/** Fills `{{name}}` with the contact's name. */
export const fillTemplate = (text: string, values: { name: string }) => text.replaceAll('{{name}}', values.name)

/** What the customer is told after a transfer. */
export const transferNotice = (queue: string | null, user: string | null) => {
  if (queue && user) return `Your conversation was transferred to *${queue}*, attendant *${user}*.`
  return `Your conversation was transferred to *${queue ?? user}*.`
}
