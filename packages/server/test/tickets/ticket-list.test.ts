import { TicketListQuery, type TicketStatus } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, migrateToLatest, openDatabase } from '../../src/db'
import type { MessagesService } from '../../src/modules/messages/service'
import { createTicketsService } from '../../src/modules/tickets/service'
import type { Actor } from '../../src/modules/users/repository'
import { recordingPublisher } from '../../src/realtime/publisher'
import { createStorage, drivers, type TestStorage } from '../support/drivers'
import { contactRow, queueRow, ticketRow, userRow } from '../support/rows'

/**
 * The list merges an agent's own tickets with the unassigned pending ones they may take:
 * pages must come out newest first across both, with nothing lost or repeated between pages.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`ticket list paging (${driver})`, () => {
    let storage: TestStorage
    let database: Database
    let tickets: ReturnType<typeof createTicketsService>
    let agent: Actor
    let admin: Actor
    const expected: number[] = []

    beforeAll(async () => {
      storage = await createStorage(driver)
      database = openDatabase(storage)
      const db = database.db
      await migrateToLatest(db)
      tickets = createTicketsService({ db, publisher: recordingPublisher().publisher, messages: {} as MessagesService })
      const now = '2026-01-01T00:00:00.000Z'
      const users = await db
        .insertInto('users')
        .values(
          ['Admin', 'Agent', 'Other'].map((name, i) =>
            userRow({ name, email: `${name.toLowerCase()}@desk.test`, profile: i === 0 ? 'admin' : 'user' }, now),
          ),
        )
        .returning('id')
        .execute()
      admin = { id: users[0]!.id, name: 'Admin', profile: 'admin' }
      agent = { id: users[1]!.id, name: 'Agent', profile: 'user' }
      const other = users[2]!.id
      const queues = await db
        .insertInto('queues')
        .values(
          ['Mine', 'Theirs'].map((name) => queueRow({ name, color: name === 'Mine' ? '#111111' : '#222222' }, now)),
        )
        .returning('id')
        .execute()
      const [mine, theirs] = queues.map((q) => q.id)
      await db.insertInto('user_queues').values({ userId: agent.id, queueId: mine!, createdAt: now }).execute()
      const contacts = await db
        .insertInto('contacts')
        .values(
          Array.from({ length: 90 }, (_, i) =>
            contactRow({ name: `Customer ${i}`, number: `55119000${String(i).padStart(5, '0')}` }, now),
          ),
        )
        .returning('id')
        .execute()
      // Ticket i is updated i minutes after the start; a few share a timestamp to test the tie-break.
      const rows = contacts.map((c, i) => {
        const kind = i % 6
        const ownerAndStatus = (
          [
            { userId: agent.id, status: 'open', queueId: theirs! }, // own, whatever the queue
            { userId: null, status: 'pending', queueId: mine! }, // waiting in the agent's queue
            { userId: null, status: 'pending', queueId: null }, // waiting without a queue
            { userId: null, status: 'pending', queueId: theirs! }, // not for this agent
            { userId: other, status: 'open', queueId: mine! }, // someone else's
            { userId: agent.id, status: 'closed', queueId: null }, // own, closed
          ] satisfies Array<{ userId: number | null; status: TicketStatus; queueId: number | null }>
        )[kind]!
        const minute = i - (i % 3 === 0 && i > 0 ? 1 : 0)
        const updatedAt = new Date(Date.parse(now) + minute * 60_000).toISOString()
        return { contactId: c.id, ...ownerAndStatus, kind, updatedAt }
      })
      const inserted = await db
        .insertInto('tickets')
        .values(rows.map(({ kind: _kind, ...r }) => ticketRow(r, now)))
        .returning('id')
        .execute()
      const visible = rows
        .map((r, i) => ({ ...r, id: inserted[i]!.id }))
        .filter((r) => [0, 1, 2, 5].includes(r.kind))
        .sort((a, b) => (a.updatedAt === b.updatedAt ? b.id - a.id : a.updatedAt < b.updatedAt ? 1 : -1))
      expected.push(...visible.map((r) => r.id))
    })
    afterAll(async () => {
      await database?.destroy()
      await storage?.cleanup()
    })

    const page = (actor: Actor, query: Record<string, string> = {}) => tickets.list(actor, TicketListQuery.parse(query))

    it('pages an agent through own and waiting tickets newest first, each exactly once', async () => {
      expect(expected).toHaveLength(60)
      const first = await page(agent)
      const second = await page(agent, { pageNumber: '2' })
      expect(first).toMatchObject({ count: 60, hasMore: true })
      expect(second).toMatchObject({ count: 60, hasMore: false })
      expect([...first.tickets, ...second.tickets].map((t) => t.id)).toEqual(expected)
      expect((await page(agent, { pageNumber: '3' })).tickets).toEqual([])
    })

    it('keeps the filters on both parts and the counts in step', async () => {
      const pending = await page(agent, { status: 'pending' })
      expect(pending.count).toBe(30)
      expect(pending.tickets.every((t) => t.status === 'pending' && t.userId === null)).toBe(true)
      const open = await page(agent, { status: 'open' })
      expect(open.count).toBe(15)
      expect(open.tickets.every((t) => t.userId === agent.id)).toBe(true)
      const all = await page(admin, { showAll: 'true' })
      expect(all).toMatchObject({ count: 90, hasMore: true })
      expect(all.tickets).toHaveLength(40)
    })
  })
}
