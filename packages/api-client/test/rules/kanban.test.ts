import { describe, expect, it } from 'vitest'
import { type Card, cardsToCsv, LANE_CSV_COLUMNS, type Ticket, toCard } from '../../src/contract'
import { applyTicketToCards } from '../../src/hooks'
import { applyMessageToCards } from '../../src/hooks/kanbanRules'
import { fixtures } from '../../src/mocks'

const ticket = (over: Partial<Ticket> = {}): Ticket => ({ ...fixtures.tickets[0], ...over })

describe('a ticket as a kanban card', () => {
  it('shows the contact as title, the last message, the queue as label and the wait since the last change', () => {
    const t = ticket({ lastMessage: 'hello', updatedAt: '2026-11-24T10:00:00.000Z' })
    const card = toCard(t, 7)
    expect(card).toMatchObject({
      id: t.id,
      ticketId: t.id,
      status: t.status,
      laneId: '7',
      title: t.contact.name,
      description: 'hello',
      label: t.queue?.name ?? null,
      contact: t.contact,
      user: t.user,
      queue: t.queue,
      unreadMessages: t.unreadMessages,
      waitingSince: '2026-11-24T10:00:00.000Z',
      tags: t.tags ?? [],
    })
    expect(toCard({ ...t, queue: null }, '3').label).toBeNull()
  })

  it('shows the tags it is given (the contact’s, on the server) over the ticket’s own', () => {
    const tag: NonNullable<Ticket['tags']>[number] = { id: 9, tag: 'VIP', color: '#ff0000' }
    expect(toCard(ticket({ tags: [] }), 1, [tag]).tags).toEqual([tag])
  })

  it('follows its ticket on the board as it would if fetched again, keeping lane and tags', () => {
    const before = toCard(ticket({ status: 'open' }), 4)
    const changed = ticket({
      status: 'open',
      lastMessage: 'new',
      unreadMessages: 5,
      updatedAt: '2026-11-25T00:00:00.000Z',
    })
    const { cards } = applyTicketToCards([before], { action: 'update', ticket: changed })
    expect(cards).toEqual([toCard(changed, 4, before.tags)])
  })
})

describe('a message on a ticket of the board', () => {
  const accepted = ticket({ status: 'open', updatedAt: '2026-11-25T00:00:05.000Z' })
  const card = toCard(accepted, 4)
  const message = { ...fixtures.messages[0], ticketId: accepted.id }
  const event = (t: Ticket) => ({ action: 'create' as const, message, ticket: t, contact: t.contact })

  it('leaves the card when the message carries its ticket as it was before a change heard first', () => {
    // Written while the ticket waited; the accept just after was heard first.
    const older = ticket({ status: 'pending', lastMessage: 'hi', updatedAt: '2026-11-25T00:00:04.000Z' })
    expect(applyMessageToCards([card], event(older))).toEqual({ cards: [card], missing: false })
  })

  it('moves the card with a message written after it', () => {
    const later = ticket({ status: 'open', lastMessage: 'thanks', updatedAt: '2026-11-25T00:00:06.000Z' })
    const { cards } = applyMessageToCards([card], event(later))
    expect(cards).toEqual([toCard(later, 4, card.tags)])
  })
})

describe("a lane's CSV", () => {
  it('has the lane columns and one formula-safe row a card', () => {
    const card: Card = toCard(ticket({ lastMessage: '=SUM(A1)' }), 1)
    const [header, row] = cardsToCsv([card])
      .replace(/^\uFEFF/, '')
      .split('\r\n')
    expect(header).toBe(LANE_CSV_COLUMNS.join(';'))
    expect(row.split(';')[0]).toBe(String(card.ticketId))
    expect(row).toContain("'=SUM(A1)")
  })
})
