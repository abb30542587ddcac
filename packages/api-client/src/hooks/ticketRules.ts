import type { Contact, Ticket, TicketEvent, TicketListResponse, TicketStatus, User } from '../contract'
import { dayRangeOf } from '../contract/constants'

/** The filters a loaded ticket list was made for (what `GET /tickets` was asked). */
export interface TicketListParams {
  status?: TicketStatus
  searchParam?: string
  showAll?: boolean
  queueIds?: readonly number[]
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
 * Whether a ticket belongs in a list, by the server's rules: the viewer's own tickets and
 * unassigned pending ones in their queues (or without a queue), everything with show-all
 * (admins); then the list's queue, status, group, unread and day filters. A search list is
 * never decided here: its matches depend on message text only the server reads.
 */
export function ticketMatches(ticket: Ticket, params: TicketListParams, viewer: TicketViewer | null): boolean {
  if (!viewer) return false
  const admin = viewer.profile === 'admin'
  const visible =
    (params.showAll && admin) ||
    ticket.userId === viewer.id ||
    (ticket.userId === null &&
      ticket.status === 'pending' &&
      (ticket.queueId === null || viewer.queues.some((q) => q.id === ticket.queueId)))
  if (!visible) return false
  const queueIds = params.queueIds ?? []
  if (queueIds.length && ticket.queueId !== null && !queueIds.includes(ticket.queueId)) return false
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

const isSearch = (params: TicketListParams) => !!params.searchParam?.trim()

const withCount = (page: TicketListResponse, delta: number): TicketListResponse =>
  delta ? { ...page, count: Math.max(0, page.count + delta) } : page

const without = (pages: TicketListResponse[], id: number): [TicketListResponse[], boolean] => {
  let removed = false
  const next = pages.map((page) => {
    if (!page.tickets.some((t) => t.id === id)) return page
    removed = true
    return { ...page, tickets: page.tickets.filter((t) => t.id !== id) }
  })
  if (removed) next[0] = withCount(next[0], -1)
  return [next, removed]
}

const atTop = (pages: TicketListResponse[], ticket: Ticket, inserted: boolean): TicketListResponse[] => {
  const [first, ...rest] = pages
  return [withCount({ ...first, tickets: [ticket, ...first.tickets] }, inserted ? 1 : 0), ...rest]
}

const isLoaded = (pages: TicketListResponse[], id: number) => pages.some((p) => p.tickets.some((t) => t.id === id))

/**
 * Applies a `ticket` event to the loaded pages of one list (spec §4 list rules): an update
 * replaces the ticket in place when it still belongs, inserts it at the top when it now
 * does, removes it when it no longer does; a delete removes it; `updateUnread` zeroes the
 * unread count (and drops it from unread-only lists). The first page's `count` follows.
 */
export function applyTicketEventToPages(
  pages: TicketListResponse[] | undefined,
  event: TicketEvent,
  params: TicketListParams,
  viewer: TicketViewer | null,
): TicketListResponse[] | undefined {
  if (!pages?.length) return pages
  if (event.action === 'delete') return without(pages, event.ticketId)[0]
  if (event.action === 'updateUnread') {
    if (params.withUnreadMessages) return without(pages, event.ticketId)[0]
    if (!isLoaded(pages, event.ticketId)) return pages
    return pages.map((page) => ({
      ...page,
      tickets: page.tickets.map((t) => (t.id === event.ticketId ? { ...t, unreadMessages: 0 } : t)),
    }))
  }
  const { ticket } = event
  const loaded = isLoaded(pages, ticket.id)
  if (isSearch(params)) {
    return loaded ? replaceIn(pages, ticket) : pages
  }
  if (!ticketMatches(ticket, params, viewer)) return loaded ? without(pages, ticket.id)[0] : pages
  return loaded ? replaceIn(pages, ticket) : atTop(pages, ticket, true)
}

/**
 * A new message moves its ticket to the top with the new last message and unread count
 * (inserting it when it now belongs to the list); a message update only refreshes it in place.
 */
export function applyMessageTicketToPages(
  pages: TicketListResponse[] | undefined,
  action: 'create' | 'update',
  ticket: Ticket,
  params: TicketListParams,
  viewer: TicketViewer | null,
): TicketListResponse[] | undefined {
  if (!pages?.length) return pages
  const loaded = isLoaded(pages, ticket.id)
  if (action === 'update' || isSearch(params)) {
    return loaded ? replaceIn(pages, ticket) : pages
  }
  if (!ticketMatches(ticket, params, viewer)) return loaded ? without(pages, ticket.id)[0] : pages
  if (!loaded) return atTop(pages, ticket, true)
  const [rest] = without(pages, ticket.id)
  // `without` lowered the count; putting the ticket back on top restores it.
  return atTop(rest, ticket, true)
}

const replaceIn = (pages: TicketListResponse[], ticket: Ticket) =>
  pages.map((p) => ({ ...p, tickets: p.tickets.map((t) => (t.id === ticket.id ? ticket : t)) }))

/** A contact update refreshes the contact on every loaded ticket of theirs. */
export function applyContactToPages(
  pages: TicketListResponse[] | undefined,
  contact: Contact,
): TicketListResponse[] | undefined {
  if (!pages?.some((p) => p.tickets.some((t) => t.contactId === contact.id))) return pages
  return pages.map((p) => ({
    ...p,
    tickets: p.tickets.map((t) => (t.contactId === contact.id ? { ...t, contact: { ...t.contact, ...contact } } : t)),
  }))
}

/** The loaded tickets of a list, each once, in page order. */
export const flattenTickets = (pages: TicketListResponse[] | undefined): Ticket[] => {
  const seen = new Set<number>()
  return (pages ?? []).flatMap((p) => p.tickets).filter((t) => !seen.has(t.id) && seen.add(t.id))
}
