import type { AppMessageEvent, Card, CardEvent, Lane, LaneEvent, TicketEvent } from '../contract'
import { cardFieldsOf } from '../rules'

/** Lanes in board order. */
export const sortLanes = (lanes: readonly Lane[]): Lane[] =>
  [...lanes].sort((a, b) => a.position - b.position || a.id - b.id)

/** Applies a lane event to the loaded lanes. */
export function applyLaneEvent(lanes: Lane[] | undefined, event: LaneEvent): Lane[] | undefined {
  if (!lanes) return lanes
  if (event.action === 'order') return sortLanes(event.lanes)
  if (event.action === 'delete') return lanes.filter((l) => l.id !== event.laneId)
  const rest = lanes.filter((l) => l.id !== event.lane.id)
  return sortLanes([...rest, event.lane])
}

/** Applies a card event: a moved card replaces its old self (or joins the board); a removed one goes. */
export function applyCardEvent(cards: Card[] | undefined, event: CardEvent): Card[] | undefined {
  if (!cards) return cards
  if (event.action === 'delete') return cards.filter((c) => c.ticketId !== event.ticketId)
  const found = cards.some((c) => c.ticketId === event.card.ticketId)
  return found ? cards.map((c) => (c.ticketId === event.card.ticketId ? event.card : c)) : [...cards, event.card]
}

/** Puts one card in another lane (the optimistic move; the server's answer replaces it). */
export const placeCardLocally = (cards: Card[], ticketId: number, laneId: string): Card[] =>
  cards.map((c) => (c.ticketId === ticketId ? { ...c, laneId } : c))

/**
 * What a ticket event does to the board: a ticket no longer open leaves it; an open one already
 * on the board takes its new contact, assignee, queue, preview and activity. Answers `missing`
 * for an open ticket the board does not have yet (its lane must be fetched).
 */
export function applyTicketToCards(
  cards: Card[] | undefined,
  event: TicketEvent,
): { cards: Card[] | undefined; missing: boolean } {
  if (!cards) return { cards, missing: false }
  if (event.action === 'delete') return { cards: cards.filter((c) => c.ticketId !== event.ticketId), missing: false }
  if (event.action !== 'update') return { cards, missing: false }
  const { ticket } = event
  if (ticket.status !== 'open') return { cards: cards.filter((c) => c.ticketId !== ticket.id), missing: false }
  if (!cards.some((c) => c.ticketId === ticket.id)) return { cards, missing: true }
  return {
    cards: cards.map((c) => (c.ticketId === ticket.id ? { ...c, ...cardFieldsOf(ticket) } : c)),
    missing: false,
  }
}

/**
 * A new message moves its card's preview and activity, as it does the ticket's. A message whose ticket is older
 * than the card (a change after it, an accept say, was heard first) leaves the card as it is: that ticket, still
 * waiting, would take the card off the board.
 */
export const applyMessageToCards = (cards: Card[] | undefined, event: AppMessageEvent) => {
  if (event.action !== 'create') return { cards, missing: false }
  const card = cards?.find((c) => c.ticketId === event.ticket.id)
  if (card && Date.parse(event.ticket.updatedAt) < Date.parse(card.waitingSince)) return { cards, missing: false }
  return applyTicketToCards(cards, { action: 'update', ticket: event.ticket })
}
