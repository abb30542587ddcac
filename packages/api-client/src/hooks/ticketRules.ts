import type { Contact, Ticket, TicketEvent, TicketListResponse } from '../contract'
import { TICKET_COUNT_LIMIT } from '../contract/constants'
import { type TicketListParams, type TicketViewer, ticketMatches } from '../rules'

export { type TicketListParams, type TicketViewer, ticketMatches }

const isSearch = (params: TicketListParams) => !!params.searchParam?.trim()

/** A count at TICKET_COUNT_LIMIT reads "that many or more": one ticket in or out leaves it there. */
const withCount = (page: TicketListResponse, delta: number): TicketListResponse =>
  delta && page.count < TICKET_COUNT_LIMIT
    ? { ...page, count: Math.min(TICKET_COUNT_LIMIT, Math.max(0, page.count + delta)) }
    : page

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
