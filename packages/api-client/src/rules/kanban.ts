import { LANE_CSV_COLUMNS } from '../contract/constants'
import type { Card, Tag, Ticket } from '../contract/entities'
import { csvFile } from './csv'

/** What a card shows of its ticket (the seed's title, description and label, plus what the board shows). */
export const cardFieldsOf = (ticket: Ticket) => ({
  title: ticket.contact.name,
  description: ticket.lastMessage,
  label: ticket.queue?.name ?? null,
  contact: ticket.contact,
  user: ticket.user,
  queue: ticket.queue,
  unreadMessages: ticket.unreadMessages,
  waitingSince: ticket.updatedAt,
  ...(ticket.whatsapp?.driver ? { channel: ticket.whatsapp.driver } : {}),
})

/** A ticket as a card in lane `laneId`, showing `tags` (by default the ticket's own). */
export const toCard = (ticket: Ticket, laneId: number | string, tags: Tag[] = ticket.tags ?? []): Card => ({
  id: ticket.id,
  ticketId: ticket.id,
  status: ticket.status,
  laneId: String(laneId),
  ...cardFieldsOf(ticket),
  tags,
})

/** One lane's cards as a spreadsheet (`GET /lanes/:id/cards.csv`), with the columns of `LANE_CSV_COLUMNS`. */
export const cardsToCsv = (cards: readonly Card[]): string =>
  csvFile(
    LANE_CSV_COLUMNS,
    cards.map((c) => [
      c.ticketId,
      c.contact.name,
      c.contact.number,
      c.user?.name,
      c.queue?.name,
      c.description,
      c.waitingSince,
    ]),
  )
