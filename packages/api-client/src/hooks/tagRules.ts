import type { ContactTagsEvent, Tag, TagEvent, Ticket, TicketListResponse } from '../contract'
import type { TicketListParams } from './ticketRules'

/** The catalogue after a `tag` event: by name, a rename or recolour in place, a delete gone. */
export function applyTagToCatalogue(list: Tag[] | undefined, event: TagEvent): Tag[] | undefined {
  if (!list) return list
  if (event.action === 'delete') return list.filter((t) => t.id !== event.tagId)
  const rest = list.filter((t) => t.id !== event.tag.id)
  return [...rest, event.tag].sort((a, b) => a.tag.toLowerCase().localeCompare(b.tag.toLowerCase()))
}

/** A contact's tags after a catalogue change: renamed or recoloured in place, a deleted tag gone. */
export function applyTagToTags(tags: Tag[] | undefined, event: TagEvent): Tag[] | undefined {
  if (!tags?.length) return tags
  if (event.action === 'delete') {
    return tags.some((t) => t.id === event.tagId) ? tags.filter((t) => t.id !== event.tagId) : tags
  }
  const { tag } = event
  return tags.some((t) => t.id === tag.id) ? tags.map((t) => (t.id === tag.id ? tag : t)) : tags
}

const mapTickets = (pages: TicketListResponse[], change: (t: Ticket) => Ticket): TicketListResponse[] =>
  pages.map((p) => ({ ...p, tickets: p.tickets.map(change) }))

/** A catalogue change on every loaded ticket of one list. */
export function applyTagToPages(
  pages: TicketListResponse[] | undefined,
  event: TagEvent,
): TicketListResponse[] | undefined {
  if (!pages?.length) return pages
  return mapTickets(pages, (t) => {
    const tags = applyTagToTags(t.tags, event)
    return tags === t.tags ? t : { ...t, tags }
  })
}

/**
 * A contact's new tags on every loaded ticket of theirs. A list filtered by tag drops the
 * contact's tickets that no longer carry one of its tags (a ticket that gains one waits for the
 * next load: the list cannot know where it sorts).
 */
export function applyContactTagsToPages(
  pages: TicketListResponse[] | undefined,
  event: ContactTagsEvent,
  params: Pick<TicketListParams, 'tagIds'>,
): TicketListResponse[] | undefined {
  if (!pages?.some((p) => p.tickets.some((t) => t.contactId === event.contactId))) return pages
  const tagIds = params.tagIds ?? []
  const keeps = !tagIds.length || event.tags.some((t) => t.id !== undefined && tagIds.includes(t.id))
  if (!keeps) {
    const dropped = pages.reduce((n, p) => n + p.tickets.filter((t) => t.contactId === event.contactId).length, 0)
    const next = pages.map((p) => ({ ...p, tickets: p.tickets.filter((t) => t.contactId !== event.contactId) }))
    next[0] = { ...next[0]!, count: Math.max(0, next[0]!.count - dropped) }
    return next
  }
  return mapTickets(pages, (t) => (t.contactId === event.contactId ? { ...t, tags: event.tags } : t))
}
