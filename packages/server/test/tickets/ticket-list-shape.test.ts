import { TicketListQuery, type TicketStatus } from '@desk/api-client'
import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, migrateToLatest, openDatabase } from '../../src/db'
import { createPostgresPool } from '../../src/db/postgres'
import { GENERIC_PLAN_MARK, PREPARED_MARK } from '../../src/db/prepared'
import { liveTicketOn } from '../../src/modules/inbound/repository'
import type { MessagesService } from '../../src/modules/messages/service'
import { createTicketsService } from '../../src/modules/tickets/service'
import type { Actor } from '../../src/modules/users/repository'
import { recordingPublisher } from '../../src/realtime/publisher'
import { createStorage, drivers, type TestStorage } from '../support/drivers'
import { contactRow, messageRow, queueRow, ticketRow, userRow } from '../support/rows'

/**
 * What the ticket list sends to the database: a list without a search reads its page and its
 * exact count in one statement, whatever the caller's visibility parts, besides the caller's
 * queues and the page's tags; and each part's count is answered from an index alone (the
 * covering indexes of migration 0034), never by reading the tickets table.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`ticket list statements (${driver})`, () => {
    let storage: TestStorage
    let database: Database
    let tickets: ReturnType<typeof createTicketsService>
    let agent: Actor
    let admin: Actor
    let mine: number
    let contactId: number
    const statements: Array<{ sql: string; parameters: readonly unknown[] }> = []

    beforeAll(async () => {
      storage = await createStorage(driver)
      database = openDatabase({ ...storage, onStatement: (statement) => statements.push(statement) })
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
        .values(['Mine', 'Theirs'].map((name, i) => queueRow({ name, color: `#${i}${i}${i}${i}${i}${i}` }, now)))
        .returning('id')
        .execute()
      mine = queues[0]!.id
      const theirs = queues[1]!.id
      await db.insertInto('user_queues').values({ userId: agent.id, queueId: mine, createdAt: now }).execute()
      const contacts = await db
        .insertInto('contacts')
        .values(Array.from({ length: 60 }, (_, i) => contactRow({ name: `Customer ${i}`, number: `5511900${i}` }, now)))
        .returning('id')
        .execute()
      contactId = contacts[0]!.id
      const kinds: Array<{ userId: number | null; status: TicketStatus; queueId: number | null }> = [
        { userId: agent.id, status: 'open', queueId: mine },
        { userId: null, status: 'pending', queueId: mine },
        { userId: null, status: 'pending', queueId: null },
        { userId: null, status: 'pending', queueId: theirs },
        { userId: other, status: 'open', queueId: mine },
        { userId: agent.id, status: 'pending', queueId: mine },
      ]
      await db
        .insertInto('tickets')
        .values(
          contacts.map((c, i) =>
            ticketRow(
              {
                contactId: c.id,
                ...kinds[i % kinds.length]!,
                updatedAt: new Date(Date.parse(now) + i * 60_000).toISOString(),
              },
              now,
            ),
          ),
        )
        .execute()
    })
    afterAll(async () => {
      await database?.destroy()
      await storage?.cleanup()
    })

    /** The statements one list sends, and its answer. */
    const listed = async (actor: Actor, query: Record<string, string>) => {
      statements.length = 0
      const page = await tickets.list(actor, TicketListQuery.parse(query))
      return { page, sent: [...statements] }
    }
    const firstTicket = () => database.db.selectFrom('tickets').select('id').orderBy('id').executeTakeFirstOrThrow()
    const readsTickets = (statement: { sql: string }) => /from "tickets"/.test(statement.sql)

    /** The plan of a statement, as text; PostgreSQL is told to use an index wherever one can serve. */
    const planOf = async ({ sql: text, parameters }: { sql: string; parameters: readonly unknown[] }) => {
      const db = database.db
      if (driver === 'sqlite') {
        const { rows } = await db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
        )
        return rows.map((r) => r.detail).join('\n')
      }
      return db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx)
        await sql`set local enable_bitmapscan = off`.execute(trx)
        const { rows } = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${text}`, [...parameters]),
        )
        return rows.map((r) => r['QUERY PLAN']).join('\n')
      })
    }
    /** Index-only reads in a plan (SQLite: a covering index; PostgreSQL: an index-only scan). */
    const indexOnlyReads = (plan: string) =>
      plan.match(driver === 'sqlite' ? /COVERING INDEX tickets_\w+_(cover|count)_idx/g : /Index Only Scan/g)?.length ??
      0
    const readsWholeTable = (plan: string) =>
      driver === 'sqlite' ? /SCAN tickets(?! USING)/.test(plan) : /Seq Scan on tickets/.test(plan)

    it("reads an agent's pending list, both visibility parts, page and count, in one statement", async () => {
      const { page, sent } = await listed(agent, { status: 'pending', queueIds: JSON.stringify([mine]) })
      // Own pending (10) and waiting in the agent's queue or in none (20).
      expect(page.count).toBe(30)
      expect(page.tickets).toHaveLength(30)
      expect(page.tickets.every((t) => t.status === 'pending')).toBe(true)
      // The caller's queues, the page with its count, the page's tags.
      expect(sent).toHaveLength(3)
      expect(sent.filter(readsTickets)).toHaveLength(1)
      const plan = await planOf(sent.find(readsTickets)!)
      // Each part's count from an index alone.
      expect(indexOnlyReads(plan)).toBeGreaterThanOrEqual(2)
      expect(readsWholeTable(plan)).toBe(false)
    })

    it("reads an admin's open list with a queue filter, page and count, in one statement", async () => {
      const { page, sent } = await listed(admin, {
        status: 'open',
        showAll: 'true',
        isGroup: 'false',
        queueIds: JSON.stringify([mine]),
      })
      expect(page.count).toBe(20)
      expect(page.tickets.every((t) => t.status === 'open' && t.queueId === mine)).toBe(true)
      // The page with its count and the page's tags: an admin's queues are not read.
      expect(sent).toHaveLength(2)
      const plan = await planOf(sent.find(readsTickets)!)
      expect(indexOnlyReads(plan)).toBeGreaterThanOrEqual(1)
      expect(readsWholeTable(plan)).toBe(false)
    })

    it('still counts a page past the end, which has no row to carry the count', async () => {
      const { page } = await listed(agent, { status: 'pending', pageNumber: '3' })
      expect(page).toMatchObject({ tickets: [], hasMore: false, count: 30 })
    })

    it('counts up to its limit: exact below it, the limit itself for that many or more', async () => {
      const capped = (listCountLimit: number) =>
        createTicketsService({
          db: database.db,
          publisher: recordingPublisher().publisher,
          messages: {} as MessagesService,
          listCountLimit,
        })
      const pending = TicketListQuery.parse({ status: 'pending' })
      // The agent's waiting tickets: 10 of their own and 20 unassigned in their queue or in none.
      expect((await capped(31).list(agent, pending)).count).toBe(30)
      expect((await capped(30).list(agent, pending)).count).toBe(30)
      // Each part stops at the limit, and so does their sum.
      expect((await capped(15).list(agent, pending)).count).toBe(15)
      expect((await capped(5).list(agent, pending)).count).toBe(5)
      // The page itself is whole, whatever the count says.
      const page = await capped(5).list(agent, pending)
      expect(page.tickets).toHaveLength(30)
      expect(page.hasMore).toBe(false)
      // A page past the end counts the same way.
      const past = await capped(12).list(agent, TicketListQuery.parse({ status: 'pending', pageNumber: '3' }))
      expect(past).toMatchObject({ tickets: [], hasMore: false, count: 12 })
    })

    it.runIf(driver === 'sqlite')(
      "reads an agent's search found by id from the list, each ticket by its key, for the page and the count",
      async () => {
        const { page, sent } = await listed(agent, { searchParam: 'customer 1' })
        expect(page.count).toBeGreaterThan(0)
        const fromList = sent.filter(
          (s) => /json_each/.test(s.sql) && /from "tickets"|cross join "tickets"/.test(s.sql),
        )
        // The page's ids and the count.
        expect(fromList).toHaveLength(2)
        for (const statement of fromList) {
          const plan = await planOf(statement)
          expect(plan).toMatch(/SEARCH tickets USING INTEGER PRIMARY KEY/)
          expect(plan).not.toMatch(/MULTI-INDEX OR/)
        }
      },
    )

    it.runIf(driver === 'sqlite')(
      'looks a search with a number up through one trigram of its digits, not through every trigram of it',
      async () => {
        await database.db
          .insertInto('messages')
          .values(
            messageRow(
              { ticketId: (await firstTicket()).id, body: 'Order 8812 left the warehouse' },
              '2026-01-01T00:00:00.000Z',
            ),
          )
          .execute()
        const { page, sent } = await listed(admin, { searchParam: 'order 8812', showAll: 'true' })
        expect(page.tickets).toHaveLength(1)
        // One count of a trigram of digits' entries, then its messages: never the probe over the whole text,
        // whose common trigrams ("ord", "rde", …) are in most messages.
        expect(sent.filter((s) => /messages_search match/.test(s.sql))).toHaveLength(2)
        expect(sent.some((s) => /"fts"\."body" like/.test(s.sql))).toBe(false)
      },
    )

    it.runIf(driver === 'postgres')(
      "reads a search found by id as one statement for the page and its count, and the page's matches prepared",
      async () => {
        const { page, sent } = await listed(agent, { searchParam: 'customer 1' })
        expect(page.count).toBeGreaterThan(0)
        expect(page.count).toBe(page.tickets.length)
        const byId = sent.filter((s) => /= any\(/.test(s.sql) && /from "tickets"/.test(s.sql))
        // The page's rows each carry the count: no statement of its own for it.
        expect(byId).toHaveLength(1)
        expect(byId[0]!.sql.startsWith(GENERIC_PLAN_MARK)).toBe(true)
        expect(byId[0]!.sql).toMatch(/count\(\*\)/)
        const matches = sent.filter((s) => /from "messages"/.test(s.sql) && /unnest/.test(s.sql))
        expect(matches).toHaveLength(1)
        expect(matches[0]!.sql.startsWith(PREPARED_MARK)).toBe(true)
        // A page past the end has no row to carry the count: counted on its own, the same.
        const past = await listed(agent, { searchParam: 'customer 1', pageNumber: '3' })
        expect(past.page).toMatchObject({ tickets: [], hasMore: false, count: page.count })
      },
    )

    it.runIf(driver === 'postgres')(
      'plans the list once for every value, and other statements with their values',
      async () => {
        // One connection, so the statements below and the views of it are all on the same session.
        const pool = createPostgresPool(storage.databaseUrl!, { max: 1 } as never)
        const client = await pool.connect()
        try {
          const marked = `${GENERIC_PLAN_MARK}select count(*) as n from tickets where status = $1 and "userId" is not distinct from $2`
          for (let i = 0; i < 8; i += 1) await client.query(marked, [i % 2 ? 'open' : 'pending', null])
          const { rows } = await client.query<{ generic: string; custom: string }>(
            `select generic_plans as generic, custom_plans as custom from pg_prepared_statements where statement = $1`,
            [marked],
          )
          // Without the setting PostgreSQL makes a custom plan at least the first five times.
          expect(rows).toEqual([{ generic: '8', custom: '0' }])
          // The statement with values that followed ran in the default mode, and so does the next one.
          const mode = await client.query<{ mode: string }>(`select current_setting($1) as mode`, ['plan_cache_mode'])
          expect(mode.rows).toEqual([{ mode: 'auto' }])
          // A rolled-back transaction that set it leaves it known again at the next marked statement.
          await client.query('begin')
          await client.query(marked, ['open', null])
          await client.query('rollback')
          await client.query(marked, ['open', null])
          const after = await client.query<{ generic: string; custom: string }>(
            `select generic_plans as generic, custom_plans as custom from pg_prepared_statements where statement = $1`,
            [marked],
          )
          expect(after.rows).toEqual([{ generic: '10', custom: '0' }])
          // A statement prepared without asking for a generic plan is parsed once, and leaves the mode as it is.
          const reused = `${PREPARED_MARK}select id from tickets where id = $1`
          for (let i = 0; i < 3; i += 1) await client.query(reused, [i])
          const plans = await client.query<{ n: string }>(
            `select count(*) as n from pg_prepared_statements where statement = $1`,
            [reused],
          )
          expect(plans.rows).toEqual([{ n: '1' }])
        } finally {
          client.release()
          await pool.end()
        }
      },
    )

    it("finds the contact's live ticket for an arriving message with the one-live-ticket index", async () => {
      const first = statements.length
      const live = await liveTicketOn(database.db, contactId, 1)
      expect(live).toBeUndefined()
      const sent = statements.slice(first)
      expect(sent).toHaveLength(1)
      const plan = await planOf(sent[0]!)
      expect(plan).toMatch(/tickets_one_live_uq/)
      expect(readsWholeTable(plan)).toBe(false)
    })
  })
}
