import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from '../../src/db'
import { createContactsBulkService } from '../../src/modules/contacts/bulk'
import {
  emptyMessageIndex,
  holdMessageIndexing,
  indexMessageTail,
} from '../../src/modules/tickets/repository/search-index'
import { recordingPublisher } from '../../src/realtime/publisher'
import { checkMessageIndex } from '../support/database'
import { connectSimulator } from '../support/desk'
import { drivers } from '../support/drivers'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

/**
 * Deleting every contact goes a batch at a time, each batch its own transaction, with the event loop free
 * between them: a request that comes meanwhile is answered before the deletion ends (on SQLite, one transaction
 * held the one connection, and every request with it, to the end), and what arrives meanwhile is either deleted
 * with what it belongs to or, when it is new, kept. Two rows a batch here, so that there are many.
 */
const CUSTOMERS = 30

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`deleting every contact in batches (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let sim: Awaited<ReturnType<typeof connectSimulator>>

    beforeAll(async () => {
      t = await startTestServer(driver, { simulator: { qrRefreshMs: 0 }, autoCloseHours: 0 })
      admin = await bootstrapAdmin(t)
      sim = await connectSimulator(admin, { name: 'Main' })
    })
    afterAll(() => t?.close())

    const number = (i: number) => `55119300${String(i).padStart(5, '0')}`
    const count = async (table: 'contacts' | 'tickets' | 'messages' | 'contact_extra_info') =>
      Number(
        (
          await t.server.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )

    it('answers other requests meanwhile, keeps what is new, and leaves search agreeing with what is stored', async () => {
      for (let i = 0; i < CUSTOMERS; i += 1) {
        await sim.inbound({ from: number(i), name: `Customer ${i}`, body: `first words ${i}` })
        await sim.inbound({ from: number(i), body: `second words ${i}` })
      }
      const made = await admin.call('contactCreate', {
        body: { name: 'With extras', number: '5511930099999', extraInfo: [{ name: 'Plan', value: 'Gold' }] },
      })
      expect(made.status).toBe(200)
      if (driver === 'sqlite') await indexMessageTail(t.server.db, 10_000)
      const before = {
        contacts: await count('contacts'),
        tickets: await count('tickets'),
        messages: await count('messages'),
      }
      expect(before).toEqual({ contacts: CUSTOMERS + 1, tickets: CUSTOMERS, messages: 2 * CUSTOMERS })

      // The first batch of tickets announced: the deletion has begun. A list asked for then, and a new customer's
      // first message, are answered before it ends.
      const { publisher, events } = recordingPublisher()
      let begun: () => void = () => {}
      const started = new Promise<void>((resolve) => {
        begun = resolve
      })
      const bulk = createContactsBulkService({
        db: t.server.db,
        publisher: {
          ...publisher,
          ticket: (...args) => {
            publisher.ticket(...args)
            begun()
          },
        },
        sessions: { driver: async () => undefined },
        deleteBatch: 2,
      })
      const order: string[] = []
      const deleting = bulk.deleteAll(null).then((answer) => {
        order.push('deleted')
        return answer
      })
      await started
      const [listed, newcomer, answer] = await Promise.all([
        admin.call('ticketList', { query: { showAll: true } }).then((r) => {
          order.push('listed')
          return r
        }),
        sim.inbound({ from: '5511930088888', name: 'Newcomer', body: 'hello, new here' }),
        deleting,
      ])
      expect(listed.status).toBe(200)
      expect(order.indexOf('listed')).toBeLessThan(order.indexOf('deleted'))

      // Everything there was at the start went, and was counted; the newcomer stays with their ticket.
      expect(answer).toEqual({ contacts: CUSTOMERS + 1, tickets: CUSTOMERS, messages: 2 * CUSTOMERS, cards: CUSTOMERS })
      expect(await count('contacts')).toBe(1)
      expect(await count('contact_extra_info')).toBe(0)
      const [kept] = await t.server.db.selectFrom('contacts').select(['number']).execute()
      expect(kept?.number).toBe('5511930088888')
      expect(await count('tickets')).toBe(1)
      expect(await count('messages')).toBe(1)

      // Each ticket and contact was announced once.
      const ticketEvents = events.filter((e) => e.kind === 'ticket')
      expect(ticketEvents).toHaveLength(CUSTOMERS)
      const contactEvents = events.filter((e) => e.kind === 'contact')
      expect(contactEvents).toHaveLength(CUSTOMERS + 1)

      // Search agrees with what is stored: the old messages are not found, the newcomer's is.
      if (driver === 'sqlite') {
        const { rows } = await sql<{ upto: number }>`select upto from messages_search_state`.execute(t.server.db)
        expect(rows[0]?.upto).toBeLessThan(Number(newcomer.messageId))
        await indexMessageTail(t.server.db, 10_000)
        // SQLite refuses this unless the index holds exactly the stored messages up to its mark.
        await checkMessageIndex(t.server.db)
      }
      const search = async (text: string) =>
        (await admin.call('ticketList', { query: { searchParam: text, showAll: true } })).body.tickets.map((x) => x.id)
      expect(await search('words 1')).toEqual([])
      expect(await search('new here')).toEqual([newcomer.ticketId])
    })

    it('runs a second deletion asked meanwhile after the first, which counted everything', async () => {
      for (let i = 0; i < 5; i += 1) await sim.inbound({ from: number(100 + i), name: `Again ${i}`, body: 'hi' })
      const contacts = await count('contacts')
      const [first, second] = await Promise.all([
        admin.call('contactDeleteAll', { body: {} }),
        admin.call('contactDeleteAll', { body: {} }),
      ])
      expect([first.status, second.status]).toEqual([200, 200])
      expect([first.body.contacts, second.body.contacts].toSorted()).toEqual([0, contacts])
      expect(await count('contacts')).toBe(0)
    })

    it.skipIf(driver !== 'sqlite')(
      'builds the search index again for the messages left when a deletion stopped half-way',
      async () => {
        for (let i = 0; i < 4; i += 1)
          await sim.inbound({ from: number(200 + i), name: `Left ${i}`, body: `kept text ${i}` })
        await indexMessageTail(t.server.db, 10_000)
        // A deletion that emptied the index and then stopped (its process ended) before deleting anything.
        const release = holdMessageIndexing(t.server.db)
        await t.server.db.transaction().execute((trx) => emptyMessageIndex(trx))
        release()
        const search = async (text: string) =>
          (await admin.call('ticketList', { query: { searchParam: text, showAll: true } })).body.tickets.length
        // Read directly meanwhile, the messages are still found.
        expect(await search('kept text 2')).toBe(1)
        await indexMessageTail(t.server.db, 10_000)
        await checkMessageIndex(t.server.db)
        const { rows } = await sql<{ upto: number; last: number }>`
          select upto, (select max(id) from messages) as last from messages_search_state`.execute(t.server.db)
        expect(rows[0]?.upto).toBe(rows[0]?.last)
        expect(await search('kept text 2')).toBe(1)
      },
    )
  })
}
