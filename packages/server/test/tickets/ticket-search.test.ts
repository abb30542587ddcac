import { contactSearchDigits, isStartSearch, TicketListQuery } from '@desk/api-client'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, migrateToLatest, openDatabase } from '../../src/db'
import { createTrigramIndexes, dropTrigramIndexes } from '../../src/db/postgres'
import { createContactsService } from '../../src/modules/contacts/service'
import type { MessagesService } from '../../src/modules/messages/service'
import { indexMessageTail } from '../../src/modules/tickets/repository'
import { createTicketsService, trigramPattern } from '../../src/modules/tickets/service'
import type { Actor } from '../../src/modules/users/repository'
import { recordingPublisher } from '../../src/realtime/publisher'
import { checkMessageIndex } from '../support/database'
import { createStorage, drivers, type TestStorage } from '../support/drivers'
import { contactRow, messageRow, queueRow, ticketRow, userRow } from '../support/rows'

describe('trigram pattern of a search', () => {
  it('turns escaped characters into single-character wildcards, and needs three characters in a row', () => {
    expect(trigramPattern('order 4711')).toBe('%order 4711%')
    expect(trigramPattern('100%')).toBe('%100_%')
    expect(trigramPattern('a_b\\c')).toBe(null)
    expect(trigramPattern('ab')).toBe(null)
    expect(trigramPattern('ção')).toBe('%ção%')
    expect(trigramPattern('😀ok')).toBe('%😀ok%')
  })
})

/**
 * Ticket search finds text in contact names, numbers and message bodies. However the
 * database narrows it down, it must find exactly what one LIKE per ticket finds.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`ticket search (${driver})`, () => {
    let storage: TestStorage
    let database: Database
    let tickets: ReturnType<typeof createTicketsService>
    /** The same service, taking every search for a broad one (checked ticket by ticket). */
    let broad: ReturnType<typeof createTicketsService>
    /** The same service, reading every search of three characters or more through one rare trigram (SQLite). */
    let rare: ReturnType<typeof createTicketsService>
    /** The same service, taking two matching contacts for many (the messages' tickets listed, the contacts checked ticket by ticket). */
    let manyContacts: ReturnType<typeof createTicketsService>
    const admin: Actor = { id: 1, name: 'Admin', profile: 'admin' }
    const now = '2026-01-01T00:00:00.000Z'

    const bodies = [
      'I want a REFUND please',
      'refund processed',
      '100% sure',
      '1000 units',
      'file a_b.txt',
      'file axb.txt',
      'saved in C:\\temp\\x',
      'INFORMAÇÃO do pedido',
      'informação recebida',
      'party 😀ok',
      'zz top',
      'order 4711 is late',
    ]

    beforeAll(async () => {
      storage = await createStorage(driver)
      // PostgreSQL would read these few rows straight from the tables; make it use the indexes.
      const url = storage.databaseUrl ? new URL(storage.databaseUrl) : undefined
      url?.searchParams.set('options', `${url.searchParams.get('options')} -c enable_seqscan=off`)
      database = openDatabase({ dataDir: storage.dataDir, databaseUrl: url?.toString() })
      const db = database.db
      await migrateToLatest(db)
      const deps = { db, publisher: recordingPublisher().publisher, messages: {} as MessagesService }
      tickets = createTicketsService(deps)
      broad = createTicketsService({ ...deps, searchProbeRows: 0, searchMessageBudget: 0 })
      rare = createTicketsService({ ...deps, searchProbeRows: 0 })
      manyContacts = createTicketsService({ ...deps, searchProbeRows: 1 })
      await db
        .insertInto('users')
        .values(userRow({ name: 'Admin', email: 'admin@desk.test', profile: 'admin' }, now))
        .execute()
      const names = ['Maria Souza', 'JOÃO Silva', 'Ana_Lima', 'Zelda 100%', 'Rui', 'Carla Ölz']
      const contacts = await db
        .insertInto('contacts')
        .values(names.map((name, i) => contactRow({ name, number: `551190000${String(i).padStart(4, '0')}` }, now)))
        .returning('id')
        .execute()
      const rows = await db
        .insertInto('tickets')
        .values(
          bodies.map((_, i) =>
            ticketRow(
              {
                status: 'open',
                contactId: contacts[i % contacts.length]!.id,
                userId: admin.id,
                updatedAt: new Date(Date.parse(now) + i * 60_000).toISOString(),
              },
              now,
            ),
          ),
        )
        .returning('id')
        .execute()
      // On SQLite the first half is in the trigram index and the rest not yet (the indexer writes it in
      // batches, migration 0035): every search below reads both.
      const half = bodies.length / 2
      await db
        .insertInto('messages')
        .values(bodies.slice(0, half).map((body, i) => messageRow({ ticketId: rows[i]!.id, body }, now)))
        .execute()
      if (driver === 'sqlite') expect(await indexMessageTail(db)).toBe(half)
      await db
        .insertInto('messages')
        .values(bodies.slice(half).map((body, i) => messageRow({ ticketId: rows[half + i]!.id, body }, now)))
        .execute()
    })
    afterAll(async () => {
      await database?.destroy()
      await storage?.cleanup()
    })

    /**
     * The search as one LIKE per ticket: contact name, number, then any of its messages; one or
     * two characters only the start of the name or number.
     */
    const reference = async (searchParam: string) => {
      const search = searchParam.trim().toLowerCase()
      const start = isStartSearch(search)
      const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`)
      const pattern = start ? `${escaped}%` : `%${escaped}%`
      const rows = await database.db
        .selectFrom('tickets')
        .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
        .select('tickets.id')
        .where((eb) =>
          eb.or([
            sql<boolean>`lower(${sql.ref('contacts.name')}) like ${pattern} escape '\\'`,
            sql<boolean>`${sql.ref('contacts.number')} like ${pattern} escape '\\'`,
            start
              ? sql<boolean>`false`
              : eb.exists(
                  eb
                    .selectFrom('messages')
                    .select('messages.id')
                    .whereRef('messages.ticketId', '=', 'tickets.id')
                    .where(sql<boolean>`lower(${sql.ref('messages.body')}) like ${pattern} escape '\\'`),
                ),
          ]),
        )
        .orderBy('tickets.updatedAt', 'desc')
        .orderBy('tickets.id', 'desc')
        .execute()
      return rows.map((r) => r.id)
    }
    const found = async (searchParam: string, service = tickets) => {
      const res = await service.list(admin, TicketListQuery.parse({ showAll: 'true', searchParam }))
      expect(res.count).toBe(res.tickets.length)
      return res.tickets.map((t) => t.id)
    }

    const searches = [
      'refund',
      'ReFuNd',
      '100%',
      '100',
      'a_b',
      '_',
      '%',
      'c:\\temp',
      '\\',
      'ção',
      'INFORMAÇÃO',
      'joão',
      'ölz',
      '😀ok',
      'zz',
      'z',
      'ze',
      'ZE',
      'm',
      'jo',
      'a',
      'an',
      'ö',
      '55',
      '5',
      '9',
      'ana_l',
      '9000000',
      '0003',
      'order 4711',
      'no such words',
    ]

    it.each(searches)('finds for %j exactly what a LIKE per ticket finds', async (search) => {
      const expected = await reference(search)
      expect(await found(search)).toEqual(expected)
      expect(await found(search, broad)).toEqual(expected)
      expect(await found(search, rare)).toEqual(expected)
      expect(await found(search, manyContacts)).toEqual(expected)
    })

    it('finds at least something for the searches that should match', async () => {
      for (const search of ['refund', '100%', 'a_b', 'c:\\temp', '😀ok', 'zz top', 'ana_l', 'order 4711']) {
        expect((await found(search)).length, search).toBeGreaterThan(0)
      }
      for (const search of ['ze', 'm', 'jo', 'an', '55', '5']) {
        expect((await found(search)).length, search).toBeGreaterThan(0)
      }
    })

    it('matches one or two characters only at the start of a name or number, not inside messages', async () => {
      const names = async (search: string) =>
        (await tickets.list(admin, TicketListQuery.parse({ showAll: 'true', searchParam: search }))).tickets.map(
          (t) => t.contact.name,
        )
      // "zz top" is a message and "Zelda" a name: two letters find the name, never the message.
      expect(await names('zz')).toEqual([])
      expect(new Set(await names('ze'))).toEqual(new Set(['Zelda 100%']))
      // Inside a name is not the start of it; three letters find it anywhere again.
      expect(await names('lv')).toEqual([])
      expect(new Set(await names('ilv'))).toEqual(new Set(['JOÃO Silva']))
      expect(await names('9')).toEqual([])
    })

    it('follows renamed contacts, edited and deleted messages', async () => {
      const db = database.db
      const [maria] = await db.selectFrom('contacts').select('id').where('name', '=', 'Maria Souza').execute()
      await db
        .updateTable('contacts')
        .set({ name: 'Mariana Costa', number: '5521988887777' })
        .where('id', '=', maria!.id)
        .execute()
      expect(await found('souza')).toEqual([])
      expect(await found('mariana costa')).toEqual(await reference('mariana costa'))
      expect((await found('mariana costa')).length).toBeGreaterThan(0)
      expect(await found('21988887')).toEqual(await reference('21988887'))
      expect((await found('21988887')).length).toBeGreaterThan(0)

      await db
        .updateTable('messages')
        .set({ body: 'all sorted now' })
        .where('body', '=', 'order 4711 is late')
        .execute()
      expect(await found('order 4711')).toEqual([])
      expect(await found('sorted now')).toEqual(await reference('sorted now'))
      expect(await found('sorted now', rare)).toEqual(await reference('sorted now'))
      expect(await found('order 4711', rare)).toEqual([])
      // Numbers that many contacts hold and no message does.
      for (const search of ['9000', '0000', '551']) {
        expect(await found(search, manyContacts), search).toEqual(await reference(search))
      }
      expect((await found('sorted now')).length).toBe(1)

      await db.deleteFrom('messages').where('body', 'in', ['I want a REFUND please', 'refund processed']).execute()
      expect(await found('refund')).toEqual(await reference('refund'))
      expect(await found('refund')).toEqual([])
    })

    it.skipIf(driver !== 'sqlite')(
      'finds messages before and after they enter the index, edited or deleted on either side of its mark',
      async () => {
        const db = database.db
        const upto = async () =>
          (await sql<{ upto: number }>`select upto from messages_search_state`.execute(db)).rows[0]!.upto
        const same = async (search: string) => {
          const expected = await reference(search)
          expect(await found(search), search).toEqual(expected)
          expect(await found(search, rare), search).toEqual(expected)
          return expected
        }
        const [a, b] = await db.selectFrom('tickets').select('id').orderBy('id').limit(2).execute()
        const written = await db
          .insertInto('messages')
          .values([
            messageRow({ ticketId: a!.id, body: 'parcel 881 is lost' }, now),
            messageRow({ ticketId: b!.id, body: 'parcel 882 arrived' }, now),
            messageRow({ ticketId: b!.id, body: 'parcel 883 is here' }, now),
          ])
          .returning('id')
          .execute()
        // Not in the index yet: read directly.
        expect(await upto()).toBeLessThan(written[0]!.id)
        expect(await same('parcel 88')).toEqual([b!.id, a!.id].sort((x, y) => y - x))
        // Edited and deleted before the index holds them.
        await db.updateTable('messages').set({ body: 'box 771 is lost' }).where('id', '=', written[0]!.id).execute()
        await db.deleteFrom('messages').where('id', '=', written[1]!.id).execute()
        expect(await same('parcel 881')).toEqual([])
        expect(await same('box 771')).toEqual([a!.id])
        expect(await same('parcel 88')).toEqual([b!.id])
        // Indexed: the edit is what the index holds, the deleted one is not there.
        expect(await indexMessageTail(db)).toBeGreaterThan(0)
        expect(await upto()).toBe(written[2]!.id)
        expect(await indexMessageTail(db)).toBe(0)
        expect(await same('box 771')).toEqual([a!.id])
        expect(await same('parcel 881')).toEqual([])
        expect(await same('parcel 88')).toEqual([b!.id])
        // Edited and deleted once in the index.
        await db.updateTable('messages').set({ body: 'crate 9911 opened' }).where('id', '=', written[0]!.id).execute()
        await db.deleteFrom('messages').where('id', '=', written[2]!.id).execute()
        expect(await same('box 771')).toEqual([])
        expect(await same('crate 9911')).toEqual([a!.id])
        expect(await same('parcel 88')).toEqual([])
        // The index agrees with the messages it holds, row for row.
        await checkMessageIndex(db)
      },
    )

    it('finds contacts exactly as a LIKE per contact does', async () => {
      const db = database.db
      await db
        .insertInto('contacts')
        .values([
          contactRow({ name: 'Mail Only', number: null, email: 'sales@shop.test' }, now),
          contactRow({ name: 'Bo', number: '5511987650001' }, now),
        ])
        .execute()
      const contacts = createContactsService({ db, publisher: recordingPublisher().publisher })
      const referenceContacts = async (searchParam: string) => {
        const search = searchParam.trim().toLowerCase()
        const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`)
        const pattern = isStartSearch(search) ? `${escaped}%` : `%${escaped}%`
        const digits = contactSearchDigits(search)
        const rows = await db
          .selectFrom('contacts')
          .select('id')
          .where(({ or }) =>
            or([
              sql<boolean>`lower(${sql.ref('name')}) like ${pattern} escape '\\'`,
              sql<boolean>`${sql.ref('number')} like ${pattern} escape '\\'`,
              sql<boolean>`lower(${sql.ref('email')}) like ${pattern} escape '\\'`,
              ...(digits ? [sql<boolean>`${sql.ref('number')} like ${`%${digits}%`}`] : []),
            ]),
          )
          .orderBy('name')
          .orderBy('id')
          .execute()
        return rows.map((r) => r.id)
      }
      // The same, walking contacts in name order as a search with many matches does.
      const walking = createContactsService({ db, publisher: recordingPublisher().publisher, searchProbeRows: 0 })
      const extra = ['shop.test', 'SALES@', '+55 11 98765', '9876', 'bo', 'BO', 'mail only', 'sa', 's', 'ai', 'ma']
      for (const search of [...searches, ...extra]) {
        const expected = await referenceContacts(search)
        for (const service of [contacts, walking]) {
          const listed = await service.list({ searchParam: search, pageNumber: 1 })
          expect(
            listed.contacts.map((c) => c.id),
            search,
          ).toEqual(expected)
          expect(listed.count, search).toBe(expected.length)
        }
      }
      // E-mails too match from their start only, below three characters.
      expect((await contacts.list({ searchParam: 'sa', pageNumber: 1 })).contacts.map((c) => c.name)).toEqual([
        'Mail Only',
      ])
      expect((await contacts.list({ searchParam: 'ho', pageNumber: 1 })).contacts).toEqual([])

      // A search counts up to its limit, and never below what was listed.
      await db
        .insertInto('contacts')
        .values(
          Array.from({ length: 25 }, (_, i) =>
            contactRow({ name: `Bulk ${String(i).padStart(2, '0')}`, number: null }, now),
          ),
        )
        .execute()
      const tight = createContactsService({ db, publisher: recordingPublisher().publisher, searchCountLimit: 22 })
      for (const search of ['bulk', 'bu']) {
        const first = await tight.list({ searchParam: search, pageNumber: 1 })
        expect(first, search).toMatchObject({ hasMore: true, count: 22 })
        expect(first.contacts.map((c) => c.name)).toEqual(
          Array.from({ length: 20 }, (_, i) => `Bulk ${String(i).padStart(2, '0')}`),
        )
        const second = await tight.list({ searchParam: search, pageNumber: 2 })
        expect(second, search).toMatchObject({ hasMore: false, count: 25 })
        expect(second.contacts).toHaveLength(5)
        expect((await contacts.list({ searchParam: search, pageNumber: 1 })).count).toBe(25)
      }
      // The list without a search counts the same way.
      const all = Number(
        (
          await db
            .selectFrom('contacts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
      expect(all).toBeGreaterThan(22)
      expect(await tight.list({ searchParam: '', pageNumber: 1 })).toMatchObject({ hasMore: true, count: 22 })
      expect((await contacts.list({ searchParam: '', pageNumber: 1 })).count).toBe(all)
    })

    it.skipIf(driver !== 'postgres')('finds the same without the trigram indexes (pg_trgm unavailable)', async () => {
      const results = async () => Promise.all(searches.map((search) => found(search)))
      const indexed = await results()
      await dropTrigramIndexes(database.db)
      try {
        expect(await results()).toEqual(indexed)
      } finally {
        await createTrigramIndexes(database.db)
      }
    })

    it('counts a broad search exactly up to its limit, then never below what was listed', async () => {
      const db = database.db
      const contact = await db.selectFrom('contacts').select('id').executeTakeFirstOrThrow()
      const ids = await db
        .insertInto('tickets')
        .values(
          Array.from({ length: 45 }, (_, i) =>
            ticketRow(
              {
                status: 'closed',
                contactId: contact.id,
                userId: admin.id,
                updatedAt: new Date(Date.parse(now) - (i + 1) * 60_000).toISOString(),
              },
              now,
            ),
          ),
        )
        .returning('id')
        .execute()
      await db
        .insertInto('messages')
        .values(ids.map((t) => messageRow({ ticketId: t.id, body: 'bulk shipment' }, now)))
        .execute()
      const deps = { db, publisher: recordingPublisher().publisher, messages: {} as MessagesService }
      const page = (service: ReturnType<typeof createTicketsService>, pageNumber: number) =>
        service.list(
          admin,
          TicketListQuery.parse({ showAll: 'true', searchParam: 'bulk', pageNumber: String(pageNumber) }),
        )
      // Few matches: counted exactly.
      expect(await page(tickets, 1)).toMatchObject({ count: 45, hasMore: true })
      // Broad, under the limit: still exact.
      const roomy = createTicketsService({ ...deps, searchProbeRows: 0, searchCountLimit: 100, searchMessageBudget: 0 })
      expect(await page(roomy, 1)).toMatchObject({ count: 45, hasMore: true })
      // Listed by id or checked ticket by ticket, the pages are the same.
      for (const n of [1, 2]) {
        expect((await page(tickets, n)).tickets.map((t) => t.id)).toEqual(
          (await page(roomy, n)).tickets.map((t) => t.id),
        )
      }
      expect((await page(tickets, 2)).tickets).toHaveLength(5)
      // Broad, past the limit: at least the limit, and never less than what was listed.
      const tight = createTicketsService({ ...deps, searchProbeRows: 0, searchCountLimit: 10, searchMessageBudget: 0 })
      // Read through a rare trigram (or, on PostgreSQL, all matching messages) instead: listed by id, counted exactly.
      const throughTrigram = createTicketsService({ ...deps, searchProbeRows: 0, searchCountLimit: 10 })
      expect(await page(throughTrigram, 1)).toMatchObject({ count: 45, hasMore: true })
      const first = await page(tight, 1)
      expect(first).toMatchObject({ hasMore: true, count: 41 })
      expect(first.tickets.map((t) => t.id)).toEqual((await page(tickets, 1)).tickets.map((t) => t.id))
      const second = await page(tight, 2)
      expect(second).toMatchObject({ hasMore: false, count: 45 })
      expect(second.tickets).toHaveLength(5)
    })

    it('finds for an agent exactly the matching tickets it may see, page by page, however it is read', async () => {
      const db = database.db
      const at = (minute: number) => new Date(Date.parse(now) + (100 + minute) * 60_000).toISOString()
      const { id: agentId } = await db
        .insertInto('users')
        .values(userRow({ name: 'Agent', email: 'agent@desk.test' }, now))
        .returning('id')
        .executeTakeFirstOrThrow()
      const agent: Actor = { id: agentId, name: 'Agent', profile: 'user' }
      const [mine, theirs] = await db
        .insertInto('queues')
        .values(['Sales', 'Billing'].map((name, i) => queueRow({ name, color: `#00000${i}` }, now)))
        .returning('id')
        .execute()
      await db.insertInto('user_queues').values({ userId: agentId, queueId: mine!.id, createdAt: now }).execute()
      const contact = await db.selectFrom('contacts').select('id').executeTakeFirstOrThrow()
      // Every kind of ticket, newest last: the agent's own (open and closed), pending ones in the
      // agent's queue, in another queue and in none, and someone else's open ones.
      const kinds = [
        { status: 'open', userId: agentId, queueId: null },
        { status: 'closed', userId: agentId, queueId: theirs!.id },
        { status: 'pending', userId: null, queueId: mine!.id },
        { status: 'pending', userId: null, queueId: theirs!.id },
        { status: 'pending', userId: null, queueId: null },
        { status: 'open', userId: admin.id, queueId: mine!.id },
      ] as const
      const ids = await db
        .insertInto('tickets')
        .values(
          Array.from({ length: 90 }, (_, i) =>
            ticketRow({ ...kinds[i % kinds.length]!, contactId: contact.id }, at(i)),
          ),
        )
        .returning('id')
        .execute()
      await db
        .insertInto('messages')
        .values(ids.map(({ id }, i) => messageRow({ ticketId: id, body: `Parcel ${i} shipped` }, at(i))))
        .execute()
      const visible = new Set(
        (
          await db
            .selectFrom('tickets')
            .select('id')
            .where((eb) =>
              eb.or([
                eb('userId', '=', agentId),
                eb.and([
                  eb('userId', 'is', null),
                  eb('status', '=', 'pending'),
                  eb.or([eb('queueId', 'is', null), eb('queueId', '=', mine!.id)]),
                ]),
              ]),
            )
            .execute()
        ).map((r) => r.id),
      )
      const listed = async (service: ReturnType<typeof createTicketsService>, searchParam: string) => {
        const pages = []
        for (let pageNumber = 1; ; pageNumber += 1) {
          const res = await service.list(agent, TicketListQuery.parse({ searchParam, pageNumber: String(pageNumber) }))
          pages.push(res)
          if (!res.hasMore) break
        }
        return { ids: pages.flatMap((p) => p.tickets.map((t) => t.id)), count: pages[0]!.count }
      }
      // "parcel" is in 90 messages (two pages for the agent), "parcel 1" in eleven, "shipped" too
      // in all of them, "9000" in no message but in every contact's number.
      for (const search of ['parcel', 'parcel 1', 'parcel 42 shipped', 'shipped', '9000', 'no such words']) {
        const expected = (await reference(search)).filter((id) => visible.has(id))
        for (const service of [tickets, broad, rare, manyContacts]) {
          const { ids: got, count } = await listed(service, search)
          expect(got, search).toEqual(expected)
          expect(count, search).toBe(expected.length)
        }
      }
      expect((await reference('parcel')).filter((id) => visible.has(id)).length).toBeGreaterThan(40)
    })
  })
}
