import { dayRangeOf } from '../contract/constants'
import type { Ticket, TicketStatus, User } from '../contract/entities'

/** What visibility reads of a ticket. */
export type VisibleTicket = Pick<Ticket, 'userId' | 'status' | 'queueId'>

/** Who is looking, as the visibility rule needs them: their id, whether they are an admin, their queues. */
export interface TicketSeer {
  id: number
  admin: boolean
  queueIds: readonly number[]
}

/** A signed-in user as a `TicketSeer`. */
export const seerOf = (user: Pick<User, 'id' | 'profile' | 'queues'>): TicketSeer => ({
  id: user.id,
  admin: user.profile === 'admin',
  queueIds: user.queues.map((q) => q.id),
})

/** An unassigned pending ticket (waiting for someone in its queue to accept it). */
export const isUnassignedPending = (t: VisibleTicket) => t.userId === null && t.status === 'pending'

/**
 * Who may open a ticket: admins any ticket; anyone else their own tickets, and unassigned
 * pending ones in their queues or without a queue.
 */
export const canSeeTicket = (seer: TicketSeer, t: VisibleTicket): boolean =>
  seer.admin ||
  t.userId === seer.id ||
  (isUnassignedPending(t) && (t.queueId === null || seer.queueIds.includes(t.queueId)))

/** Which tickets a list covers before its other filters (`GET /tickets`, the dashboard's counters). */
export interface TicketScope {
  /** Every ticket, whoever holds it: admins only; anyone else's lists ignore it. */
  showAll?: boolean
  /** Narrows to these queues, tickets without a queue always included; empty narrows nothing. */
  queueIds?: readonly number[]
}

/**
 * Whether a ticket is in a list's scope: with show-all (admins) every ticket; otherwise, admins
 * included, the viewer's own tickets and unassigned pending ones in their queues or without a
 * queue. Then the list's queues narrow it.
 */
export const inTicketScope = (seer: TicketSeer, t: VisibleTicket, { showAll, queueIds = [] }: TicketScope): boolean => {
  if (queueIds.length && t.queueId !== null && !queueIds.includes(t.queueId)) return false
  return (!!showAll && seer.admin) || canSeeTicket({ ...seer, admin: false }, t)
}

/** The filters a loaded ticket list was made for (what `GET /tickets` was asked). */
export interface TicketListParams extends TicketScope {
  status?: TicketStatus
  searchParam?: string
  withUnreadMessages?: boolean
  /** `YYYY-MM-DD` or an ISO date-time: tickets created that calendar day (see `dayRangeOf`). */
  date?: string
  isGroup?: boolean
  /** Tickets whose contact carries any of these tags. */
  tagIds?: readonly number[]
}

/** Who is looking: the server's visibility rule depends on it. */
export type TicketViewer = Pick<User, 'id' | 'profile' | 'queues'>

/**
 * Whether a ticket belongs in a list, by the server's rules: its scope (`inTicketScope`), then the
 * list's status, group, unread, tag and day filters. A search list is never decided here: its
 * matches depend on message text only the server reads.
 */
export function ticketMatches(ticket: Ticket, params: TicketListParams, viewer: TicketViewer | null): boolean {
  if (!viewer || !inTicketScope(seerOf(viewer), ticket, params)) return false
  if (params.status && ticket.status !== params.status) return false
  if (params.isGroup !== undefined && ticket.isGroup !== params.isGroup) return false
  if (params.withUnreadMessages && ticket.unreadMessages <= 0) return false
  const tagIds = params.tagIds ?? []
  if (tagIds.length && !ticket.tags?.some((t) => t.id !== undefined && tagIds.includes(t.id))) return false
  if (params.date) {
    const day = dayRangeOf(params.date)
    const created = Date.parse(ticket.createdAt)
    if (!day || !(created >= Date.parse(day.start) && created < Date.parse(day.end))) return false
  }
  return true
}
