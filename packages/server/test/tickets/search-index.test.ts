import { sql } from 'kysely'
import { describe, expect, it, vi } from 'vitest'
import { type Db, type Executor, migrateTo, migrateToLatest } from '../../src/db'
import { createMessageSearchIndexer, indexMessageTail, MESSAGE_INDEX_BATCH } from '../../src/modules/tickets/repository'
import { checkMessageIndex, freshDatabase } from '../support/database'
import { startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { contactRow, messageRow, ticketRow } from '../support/rows'

const at = '2026-01-01T10:00:00.000Z'

const upto = async (db: Db) =>
  (await sql<{ upto: number }>`select upto from messages_search_state`.execute(db)).rows[0]!.upto

const lastMessageId = async (db: Db) =>
  (
    await db
      .selectFrom('messages')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow()
  ).id ?? 0

/** Ids of the messages the trigram index holds for one trigram (what the index holds, not the table). */
const indexed = async (db: Db, phrase: string) =>
  (
    await sql<{
      rowid: number
    }>`select rowid from messages_search where messages_search match ${`"${phrase}"`}`.execute(db)
  ).rows
    .map((r) => r.rowid)
    .sort((a, b) => a - b)

const writeMessages = async (db: Db, bodies: string[]) => {
  const [contact] = await db
    .insertInto('contacts')
    .values(contactRow({ name: 'Ana', number: `5511${Math.floor(Math.random() * 1e9)}` }, at))
    .returning('id')
    .execute()
  const [ticket] = await db
    .insertInto('tickets')
    .values(ticketRow({ status: 'open', contactId: contact!.id }, at))
    .returning('id')
    .execute()
  const ids: number[] = []
  // In chunks: SQLite takes at most 32,766 values in one statement.
  for (let i = 0; i < bodies.length; i += 200) {
    const rows = await db
      .insertInto('messages')
      .values(bodies.slice(i, i + 200).map((body) => messageRow({ ticketId: ticket!.id, body }, at)))
      .returning('id')
      .execute()
    ids.push(...rows.map((r) => r.id))
  }
  return ids
}

describe('SQLite: messages enter the trigram index in batches (migration 0035)', () => {
  const fresh = freshDatabase('sqlite')

  it('takes over an index the triggers kept: everything so far is held, new messages wait for the indexer', async () => {
    const db = fresh.database.db
    await migrateTo(db, '0034_ticket_list_counts')
    const before = await writeMessages(db, ['parcel 4412 lost', 'parcel 4413 found'])
    await migrateToLatest(db)
    expect(await upto(db)).toBe(before[1])
    expect(await indexed(db, '441')).toEqual(before)
    const [after] = await writeMessages(db, ['parcel 4414 late'])
    // Written by no trigger: the index still holds the two, and its mark is where it was.
    expect(await indexed(db, '441')).toEqual(before)
    expect(await upto(db)).toBe(before[1])
    expect(await indexMessageTail(db)).toBe(1)
    expect(await indexed(db, '441')).toEqual([...before, after])
    expect(await upto(db)).toBe(after)
    await checkMessageIndex(db)
  })

  it('indexes a backlog a batch at a time, in the transactions it is handed, and stops when told', async () => {
    const db = fresh.database.db
    await migrateToLatest(db)
    const backlog = MESSAGE_INDEX_BATCH * 2 + 34
    const ids = await writeMessages(
      db,
      Array.from({ length: backlog }, (_, i) => `order ${String(i).padStart(5, '0')} shipped`),
    )
    const batches: number[] = []
    const indexer = createMessageSearchIndexer({
      db,
      intervalMs: 20,
      statement: async <T>(work: (trx: Executor) => Promise<T>) => {
        const result = await db.transaction().execute(work)
        batches.push(result as number)
        return result
      },
    })
    indexer.start()
    await vi.waitFor(async () => expect(await upto(db)).toBe(ids.at(-1)), { timeout: 5000, interval: 20 })
    expect(batches).toEqual([MESSAGE_INDEX_BATCH, MESSAGE_INDEX_BATCH, 34])
    expect((await indexed(db, 'hip')).length).toBeGreaterThanOrEqual(backlog)
    // Nothing new: no transaction at all.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(batches).toHaveLength(3)
    const [next] = await writeMessages(db, ['order 99999 shipped'])
    await vi.waitFor(async () => expect(await upto(db)).toBe(next), { timeout: 5000, interval: 20 })
    await indexer.stop()
    const [late] = await writeMessages(db, ['order 88888 shipped'])
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await upto(db)).toBe(next)
    expect(await lastMessageId(db)).toBe(late)
    // The index must hold every message to be compared with them.
    expect(await indexMessageTail(db)).toBe(1)
    await checkMessageIndex(db)
  })

  it('leaves the index and its mark as they were when the transaction fails', async () => {
    const db = fresh.database.db
    await migrateToLatest(db)
    const [id] = await writeMessages(db, ['invoice qzx due'])
    await expect(
      db.transaction().execute(async (trx) => {
        await indexMessageTail(trx)
        throw new Error('the group failed')
      }),
    ).rejects.toThrow('the group failed')
    expect(await upto(db)).toBeLessThan(id!)
    expect(await indexed(db, 'qzx')).toEqual([])
    expect(await indexMessageTail(db)).toBe(1)
    expect(await indexed(db, 'qzx')).toEqual([id])
  })
})

describe('SQLite: a running server indexes what arrives', () => {
  it('finds an arriving message at once, and has it in the index a moment later', async () => {
    const { t, admin, sim } = await startTwoAgentDesk('sqlite', { alice: [], bob: [] })
    try {
      const db = t.server.db
      const stored = await sim.inbound({ from: '5511970001234', name: 'Zoe', body: 'where is crate 7q7q?' })
      const search = async () =>
        (await admin.call('ticketList', { query: { searchParam: 'crate 7q7q', showAll: true } })).body.tickets.map(
          (ticket) => ticket.id,
        )
      expect(await search()).toEqual([stored.ticketId])
      await vi.waitFor(async () => expect(await upto(db)).toBeGreaterThanOrEqual(Number(stored.messageId)), {
        timeout: 5000,
        interval: 25,
      })
      expect(await indexed(db, '7q7')).toEqual([stored.messageId])
      expect(await search()).toEqual([stored.ticketId])
    } finally {
      await t.close()
    }
  })
})

const postgres = drivers.find((d) => d.driver === 'postgres')!
describe.skipIf(!postgres.available)('PostgreSQL: no batch indexer (its trigram index is an ordinary index)', () => {
  const fresh = freshDatabase('postgres')

  it('does nothing when started on PostgreSQL', async () => {
    const db = fresh.database.db
    await migrateToLatest(db)
    const statement = vi.fn()
    const indexer = createMessageSearchIndexer({ db, statement, intervalMs: 5 })
    indexer.start()
    await new Promise((resolve) => setTimeout(resolve, 30))
    await indexer.stop()
    expect(statement).not.toHaveBeenCalled()
  })
})
