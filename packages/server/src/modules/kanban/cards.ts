import { type Card, csvCell, LANE_CSV_COLUMNS, type Tag, type Ticket } from '@desk/api-client'
import type { Executor } from '../../db'
import { tagsOfContacts } from '../tags/repository'

/** The tags each card shows: its contact's, by contact id, in one query for the whole board. */
export const cardTagsOf = (db: Executor, contactIds: readonly number[]): Promise<Map<number, Tag[]>> =>
  tagsOfContacts(db, contactIds)

/** A ticket as a card in lane `laneId` (the seed's title, description and label, plus what the board shows). */
export const toCard = (ticket: Ticket, laneId: number, tags: Tag[] = []): Card => ({
  id: ticket.id,
  ticketId: ticket.id,
  status: ticket.status,
  laneId: String(laneId),
  title: ticket.contact.name,
  description: ticket.lastMessage,
  label: ticket.queue?.name ?? null,
  contact: ticket.contact,
  user: ticket.user,
  queue: ticket.queue,
  unreadMessages: ticket.unreadMessages,
  tags,
  waitingSince: ticket.updatedAt,
  ...(ticket.whatsapp?.driver ? { channel: ticket.whatsapp.driver } : {}),
})

/** One lane's cards as a spreadsheet: UTF-8 with a byte-order mark, `;` separators, formula-safe cells. */
export const cardsToCsv = (cards: readonly Card[]): string => {
  const line = (c: Card) =>
    [
      String(c.ticketId),
      c.contact.name,
      c.contact.number,
      c.user?.name ?? '',
      c.queue?.name ?? '',
      c.description ?? '',
      c.waitingSince,
    ]
      .map(csvCell)
      .join(';')
  return `\uFEFF${[LANE_CSV_COLUMNS.join(';'), ...cards.map(line)].join('\r\n')}\r\n`
}
