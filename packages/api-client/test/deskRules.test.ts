import { describe, expect, it } from 'vitest'
import { type Message, TICKET_COUNT_LIMIT, type Ticket, type TicketListResponse } from '../src/contract'
import {
  applyEntityToList,
  applyMessageTicketToPages,
  applyMessageToPages,
  applyTicketEventToPages,
  fetchMissed,
  flattenMessages,
  mergeCaughtUp,
  ticketMatches,
} from '../src/hooks'
import { fixtures } from '../src/mocks'

const admin = fixtures.admin
const agent = fixtures.agent // queue 2 (Support) only
const ticket = (over: Partial<Ticket> = {}): Ticket => ({ ...fixtures.tickets[0], ...over })
const pages = (...lists: Ticket[][]): TicketListResponse[] =>
  lists.map((tickets, i) => ({ tickets, hasMore: i < lists.length - 1, count: lists.flat().length }))
const idsOf = (p: TicketListResponse[] | undefined) => p?.flatMap((x) => x.tickets.map((t) => t.id))

describe('ticketMatches (visibility and filters)', () => {
  it('lets a user see their own tickets and unassigned pending ones in their queues or in none', () => {
    expect(ticketMatches(ticket({ userId: agent.id }), {}, agent)).toBe(true)
    expect(ticketMatches(ticket({ userId: null, status: 'pending', queueId: 2 }), {}, agent)).toBe(true)
    expect(ticketMatches(ticket({ userId: null, status: 'pending', queueId: null }), {}, agent)).toBe(true)
    expect(ticketMatches(ticket({ userId: null, status: 'pending', queueId: 1 }), {}, agent)).toBe(false)
    expect(ticketMatches(ticket({ userId: admin.id, status: 'open' }), {}, agent)).toBe(false)
  })

  it('widens to everything with show-all for admins only', () => {
    const others = ticket({ userId: agent.id })
    expect(ticketMatches(others, {}, admin)).toBe(false)
    expect(ticketMatches(others, { showAll: true }, admin)).toBe(true)
    expect(ticketMatches(ticket({ userId: admin.id }), { showAll: true }, agent)).toBe(false)
  })

  it('applies status, queue, group and unread filters', () => {
    const mine = ticket({ userId: admin.id, status: 'open', queueId: 1, unreadMessages: 0, isGroup: false })
    expect(ticketMatches(mine, { status: 'pending' }, admin)).toBe(false)
    expect(ticketMatches(mine, { queueIds: [2] }, admin)).toBe(false)
    expect(ticketMatches({ ...mine, queueId: null }, { queueIds: [2] }, admin)).toBe(true)
    expect(ticketMatches(mine, { isGroup: true }, admin)).toBe(false)
    expect(ticketMatches(mine, { withUnreadMessages: true }, admin)).toBe(false)
  })

  it('keeps a day filter the way the server reads it, from a plain day or a full date-time', () => {
    const late = ticket({ userId: admin.id, createdAt: '2026-11-24T23:30:00.000Z' })
    expect(ticketMatches(late, { date: '2026-11-24' }, admin)).toBe(true)
    expect(ticketMatches(late, { date: '2026-11-24T07:18:39.967Z' }, admin)).toBe(true)
    expect(ticketMatches(late, { date: '2026-11-25' }, admin)).toBe(false)
    // 23:30 UTC is already 25 November at UTC+2.
    expect(ticketMatches(late, { date: '2026-11-24T12:00:00+02:00' }, admin)).toBe(false)
    expect(ticketMatches(late, { date: '2026-11-25T09:00:00+02:00' }, admin)).toBe(true)
    expect(ticketMatches(late, { date: 'not a day' }, admin)).toBe(false)
  })
})

describe('applyTicketEventToPages', () => {
  const open = { status: 'open' as const }
  const a = ticket({ id: 1, userId: admin.id, status: 'open' })
  const b = ticket({ id: 2, userId: admin.id, status: 'open' })

  it('replaces a ticket that still belongs, in place', () => {
    const next = applyTicketEventToPages(
      pages([a, b]),
      { action: 'update', ticket: { ...b, lastMessage: 'new' } },
      open,
      admin,
    )
    expect(idsOf(next)).toEqual([1, 2])
    expect(next?.[0].tickets[1].lastMessage).toBe('new')
  })

  it('inserts a ticket that now belongs at the top and counts it', () => {
    const c = ticket({ id: 3, userId: admin.id, status: 'open' })
    const next = applyTicketEventToPages(pages([a], [b]), { action: 'update', ticket: c }, open, admin)
    expect(idsOf(next)).toEqual([3, 1, 2])
    expect(next?.[0].count).toBe(3)
  })

  it('leaves a count at the list\'s limit where it is: it reads "that many or more"', () => {
    const atLimit = (list: TicketListResponse[]) => [{ ...list[0]!, count: TICKET_COUNT_LIMIT }, ...list.slice(1)]
    const c = ticket({ id: 3, userId: admin.id, status: 'open' })
    const grown = applyTicketEventToPages(atLimit(pages([a], [b])), { action: 'update', ticket: c }, open, admin)
    expect(idsOf(grown)).toEqual([3, 1, 2])
    expect(grown?.[0].count).toBe(TICKET_COUNT_LIMIT)
    const shrunk = applyTicketEventToPages(atLimit(pages([a, b])), { action: 'delete', ticketId: 2 }, open, admin)
    expect(idsOf(shrunk)).toEqual([1])
    expect(shrunk?.[0].count).toBe(TICKET_COUNT_LIMIT)
    // One below the limit, one more reaches it, and stays there.
    const below = [{ ...pages([a], [b])[0]!, count: TICKET_COUNT_LIMIT - 1 }]
    expect(applyTicketEventToPages(below, { action: 'update', ticket: c }, open, admin)?.[0].count).toBe(
      TICKET_COUNT_LIMIT,
    )
  })

  it('removes a ticket that no longer belongs (resolved, returned, transferred away) and deletes', () => {
    const resolved = applyTicketEventToPages(
      pages([a, b]),
      { action: 'update', ticket: { ...a, status: 'closed' } },
      open,
      admin,
    )
    expect(idsOf(resolved)).toEqual([2])
    expect(resolved?.[0].count).toBe(1)
    const transferred = applyTicketEventToPages(
      pages([a, b]),
      { action: 'update', ticket: { ...a, userId: agent.id } },
      open,
      admin,
    )
    expect(idsOf(transferred)).toEqual([2])
    expect(idsOf(applyTicketEventToPages(pages([a, b]), { action: 'delete', ticketId: 2 }, open, admin))).toEqual([1])
  })

  it('zeroes the unread count on updateUnread, and drops the ticket from unread-only lists', () => {
    const unread = { ...a, unreadMessages: 4 }
    const next = applyTicketEventToPages(pages([unread]), { action: 'updateUnread', ticketId: 1 }, open, admin)
    expect(next?.[0].tickets[0].unreadMessages).toBe(0)
    const bell = applyTicketEventToPages(
      pages([unread]),
      { action: 'updateUnread', ticketId: 1 },
      { withUnreadMessages: true },
      admin,
    )
    expect(idsOf(bell)).toEqual([])
  })

  it('leaves a search list to the server: replaces in place, never inserts', () => {
    const c = ticket({ id: 3, userId: admin.id, status: 'open' })
    const search = { searchParam: 'invoice' }
    expect(idsOf(applyTicketEventToPages(pages([a]), { action: 'update', ticket: c }, search, admin))).toEqual([1])
  })
})

describe('applyMessageTicketToPages', () => {
  it('moves the ticket of a new message to the top with its unread count, once', () => {
    const a = ticket({ id: 1, userId: admin.id, status: 'open' })
    const b = ticket({ id: 2, userId: admin.id, status: 'open' })
    const moved = applyMessageTicketToPages(
      pages([a, b]),
      'create',
      { ...b, unreadMessages: 5 },
      { status: 'open' },
      admin,
    )
    expect(idsOf(moved)).toEqual([2, 1])
    expect(moved?.[0].tickets[0].unreadMessages).toBe(5)
    expect(moved?.[0].count).toBe(2)
  })
})

const message = (id: number, minute: number, over: Partial<Message> = {}): Message => ({
  ...fixtures.messages[0],
  id,
  body: `m${id}`,
  createdAt: new Date(Date.UTC(2026, 0, 15, 10, minute)).toISOString(),
  ...over,
})
const chat = (...lists: Message[][]) => lists.map((messages, i) => ({ messages, hasMore: i < lists.length - 1 }))

describe('message pages', () => {
  it('flatten to every message once, oldest first, the newest copy winning', () => {
    const flat = flattenMessages(
      chat([message(3, 3), message(4, 4, { ack: 3 })], [message(1, 1), message(2, 2), message(4, 4)]),
    )
    expect(flat.map((m) => m.id)).toEqual([1, 2, 3, 4])
    expect(flat[3].ack).toBe(3)
  })

  it('take a live message into the newest page, and replace a known one in place', () => {
    const base = chat([message(2, 2)], [message(1, 1)])
    const added = applyMessageToPages(base, message(3, 3))
    expect(flattenMessages(added).map((m) => m.id)).toEqual([1, 2, 3])
    const twice = applyMessageToPages(added, message(3, 3, { ack: 2 }))
    expect(flattenMessages(twice).map((m) => m.ack)).toEqual([0, 0, 2])
    const deleted = applyMessageToPages(twice, message(1, 1, { isDeleted: true }))
    expect(deleted?.[1].messages[0].isDeleted).toBe(true)
  })

  it('fetch newer pages until they meet the loaded ones, then merge without duplicates', async () => {
    const loaded = chat([message(1, 1), message(2, 2)])
    const server = [
      { messages: [message(5, 5), message(6, 6)], hasMore: true },
      { messages: [message(2, 2), message(3, 3), message(4, 4)], hasMore: true },
      { messages: [message(0, 0)], hasMore: false },
    ]
    const asked: number[] = []
    const { fresh, joined } = await fetchMissed(loaded, async (n) => {
      asked.push(n)
      return server[n - 1]
    })
    expect(asked).toEqual([1, 2])
    expect(joined).toBe(true)
    expect(flattenMessages(mergeCaughtUp(loaded, fresh)).map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('report a gap when the loaded messages are not reached within the limit', async () => {
    const loaded = chat([message(1, 1)])
    const { joined } = await fetchMissed(
      loaded,
      async (n) => ({ messages: [message(100 + n, 50 + n)], hasMore: true }),
      3,
    )
    expect(joined).toBe(false)
  })
})

describe('applyEntityToList', () => {
  it('inserts, replaces and deletes by id, kept in order', () => {
    const list = [{ id: 1, name: 'b' }]
    const added = applyEntityToList(list, { action: 'create', item: { id: 2, name: 'a' } }, (x) => x.name)
    expect(added?.map((x) => x.id)).toEqual([2, 1])
    expect(
      applyEntityToList(added, { action: 'update', item: { id: 1, name: 'c' } })?.find((x) => x.id === 1)?.name,
    ).toBe('c')
    expect(applyEntityToList(added, { action: 'delete', id: 2 })?.map((x) => x.id)).toEqual([1])
  })
})
