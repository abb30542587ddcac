import { canSeeTicket as canSee, type Ticket } from '@desk/api-client'
import type { Executor } from '../../db'
import { AppError } from '../../http/errors'
import { mentionedInNote } from '../chat/mentions-repository'
import { type Actor, isAdmin } from '../users/repository'
import { queueIdsOf, type ScopePart, type TicketsEb, type Visible } from './repository'

/**
 * Who may do what with a ticket and its messages: the one place the tickets and messages
 * services ask. The visibility rule is the contract's (`canSeeTicket`, `inTicketScope`); below it is
 * applied to one ticket in hand (`canSeeTicket`) and written as SQL conditions for the lists and
 * counters (`ticketScope`), which a test checks against the contract's rule on generated cases.
 */

export const ticketNotFound = () => new AppError('ERR_NO_TICKET_FOUND', 404)
export const noPermission = () => new AppError('ERR_NO_PERMISSION', 403)
const ticketNotOpen = () => new AppError('ERR_TICKET_NOT_OPEN', 409)

/**
 * Who sees a ticket (the contract's `canSeeTicket`): admins see every ticket (their list narrows it
 * unless show-all is on); a user sees their own tickets, and unassigned pending ones in their queues
 * or without a queue.
 */
export const canSeeTicket = (actor: Actor, actorQueueIds: readonly number[], t: Visible): boolean =>
  canSee({ id: actor.id, admin: isAdmin(actor), queueIds: actorQueueIds }, t)

/** `canSeeTicket`, reading the caller's queues only when the answer depends on them. */
export const actorCanSee = async (db: Executor, actor: Actor, t: Visible) =>
  isAdmin(actor) || t.userId === actor.id || canSeeTicket(actor, await queueIdsOf(db, actor.id), t)

/**
 * Who may read a ticket: those who see it, and anyone a private note on it mentioned (read only:
 * writing still needs the ticket to be theirs).
 */
export const actorCanRead = async (db: Executor, actor: Actor, t: Visible & { id: number }) =>
  (await actorCanSee(db, actor, t)) || (await mentionedInNote(db, t.id, actor.id))

/** Show-all (every ticket, whoever holds it) is for admins only; anyone else's lists ignore it. */
export const seesEveryTicket = (actor: Actor, showAll: boolean) => showAll && isAdmin(actor)

/**
 * - `read`: open it, list its messages, or ask for a transition (which has rules of its own);
 * - `write`: send a message on it: open, and the caller's unless they are an admin. Pending and
 *   closed tickets are read-only until someone accepts or reopens them; automatic messages
 *   (greetings, farewells, transfer notices) are the server's own and are not asked for;
 * - `delete`: admins only;
 * - `move-connection`: move it to another connection (a transfer): admins only.
 */
export type TicketAction = 'read' | 'write' | 'delete' | 'move-connection'

/**
 * The ticket when `actor` may do `action` with it; else 404 `ERR_NO_TICKET_FOUND` (no such
 * ticket), 403 `ERR_NO_PERMISSION`, or for `write` on a ticket that is not open 409
 * `ERR_TICKET_NOT_OPEN`. Admin-only actions are refused before saying whether the ticket exists.
 */
export const requireTicketAccess = async (
  db: Executor,
  actor: Actor,
  ticket: Ticket | undefined,
  action: TicketAction,
): Promise<Ticket> => {
  if ((action === 'delete' || action === 'move-connection') && !isAdmin(actor)) throw noPermission()
  if (!ticket) throw ticketNotFound()
  if (!(await (action === 'read' ? actorCanRead : actorCanSee)(db, actor, ticket))) throw noPermission()
  if (action === 'write') {
    if (ticket.status !== 'open') throw ticketNotOpen()
    if (ticket.userId !== actor.id && !isAdmin(actor)) throw noPermission()
  }
  return ticket
}

/** Only the agent who sent a message may delete it. */
export const requireMessageAuthor = <M extends { fromMe: number; userId: number | null }>(
  actor: Actor,
  message: M | undefined,
): M => {
  if (!message) throw new AppError('ERR_NOT_FOUND', 404, undefined, 'Message not found')
  if (message.fromMe !== 1 || message.userId !== actor.id) throw noPermission()
  return message
}

/**
 * The tickets a list covers for a caller, before its other filters (status, search, date …):
 * the one rule behind `GET /tickets` and the dashboard's counters, so a counter always equals
 * its list's `count`, and the SQL form of the contract's `inTicketScope`.
 * - `showAll` (admins only, see `seesEveryTicket`): every ticket; anyone else: their own
 *   tickets, and unassigned pending ones in their queues (`myQueues`) or without a queue. The
 *   two parts never overlap, so their counts add up.
 * - `queueIds` narrows to those queues, tickets without a queue always included; an empty list
 *   narrows nothing (the app sends none when the user has no queue).
 */
export const ticketScope = (
  actor: Actor,
  myQueues: readonly number[],
  { showAll, queueIds }: { showAll: boolean; queueIds: readonly number[] },
): ScopePart[] => {
  const selected = (eb: TicketsEb) =>
    queueIds.length ? [eb.or([eb('tickets.queueId', 'in', [...queueIds]), eb('tickets.queueId', 'is', null)])] : []
  if (seesEveryTicket(actor, showAll)) return [selected]
  return [
    (eb) => [eb('tickets.userId', '=', actor.id), ...selected(eb)],
    (eb) => [
      eb('tickets.userId', 'is', null),
      eb('tickets.status', '=', 'pending'),
      myQueues.length
        ? eb.or([eb('tickets.queueId', 'is', null), eb('tickets.queueId', 'in', [...myQueues])])
        : eb('tickets.queueId', 'is', null),
      ...selected(eb),
    ],
  ]
}
