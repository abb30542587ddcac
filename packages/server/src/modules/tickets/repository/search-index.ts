import { sql } from 'kysely'
import type { Db, Executor } from '../../../db'
import { dialectOf } from '../../../db/dialect'

/** How often the messages written since are added to SQLite's trigram index (see migration 0035). */
export const MESSAGE_INDEX_INTERVAL_MS = 250

/**
 * Messages added to the index in one statement at most: a batch holds the event loop about 20 µs a
 * message on a 2-core machine (10 ms for 500), so a history import is indexed a batch at a time, with
 * the event loop free between batches.
 */
export const MESSAGE_INDEX_BATCH = 500

/**
 * The messages past the index's mark (`messages_search_state.upto`): not yet in the trigram index, so
 * searches read them directly (a range of ids; a few hundred at most while the indexer keeps up).
 */
export const unindexedMessages = sql<boolean>`${sql.ref('messages.id')} > (select upto from messages_search_state)`

/**
 * Adds the next messages past the mark (up to `batch`) to the trigram index and moves the mark past
 * them, in the caller's transaction: the index and its mark change together or not at all. Answers
 * how many were added. SQLite only.
 */
export const indexMessageTail = async (trx: Executor, batch = MESSAGE_INDEX_BATCH): Promise<number> => {
  const { rows } = await sql<{ n: number; last: number | null }>`
    select count(*) as n, max(id) as last from (
      select id from messages where id > (select upto from messages_search_state) order by id limit ${batch}
    )`.execute(trx)
  const { n, last } = rows[0] ?? { n: 0, last: null }
  if (!n || last === null) return 0
  await sql`insert into messages_search(rowid, body)
    select id, body from messages where id > (select upto from messages_search_state) and id <= ${last}`.execute(trx)
  await sql`update messages_search_state set upto = ${last}`.execute(trx)
  return Number(n)
}

/** Indexing held while every message is deleted a batch at a time, per database in this process (see below). */
const held = new WeakMap<Db, number>()

/**
 * Holds the indexer of `db` in this process until the answer is called (once; holds add up). SQLite's desk runs
 * in one process, which is the one deleting.
 */
export const holdMessageIndexing = (db: Db): (() => void) => {
  held.set(db, (held.get(db) ?? 0) + 1)
  let released = false
  return () => {
    if (released) return
    released = true
    const left = (held.get(db) ?? 1) - 1
    if (left > 0) held.set(db, left)
    else held.delete(db)
  }
}

/**
 * Before every message is deleted a batch at a time (deleting every contact, `/delContacts`): SQLite's trigram
 * index is emptied at once (a message at a time by its trigger it cost 13.9 s against 7.7 s for a million
 * messages) and its mark put below every message, so that no trigger fires as they go; searches meanwhile read
 * the messages directly, which is slower but finds the same. Hold the indexer first (`holdMessageIndexing`), or
 * it adds again what is about to go. Answers the mark to settle at once they are gone (`settleMessageIndex`):
 * the last message there is now. Should the deletion stop half-way, the mark stays below every message and the
 * indexer, once let go, indexes again those left. Nothing on PostgreSQL.
 */
export const emptyMessageIndex = async (trx: Executor): Promise<number> => {
  if (dialectOf(trx) !== 'sqlite') return 0
  const { rows } = await sql<{ mark: number }>`
    select max(upto, coalesce((select max(id) from messages), 0)) as mark from messages_search_state`.execute(trx)
  await sql`update messages_search_state set upto = 0`.execute(trx)
  await sql`insert into messages_search(messages_search) values ('delete-all')`.execute(trx)
  return rows[0]?.mark ?? 0
}

/**
 * After the messages up to `mark` are deleted: the mark goes back up to it (or below the first message left
 * under it, should one be), past nothing the index lacks, and stays where indexing took it meanwhile when that
 * is further. SQLite only.
 */
export const settleMessageIndex = async (trx: Executor, mark: number): Promise<void> => {
  if (dialectOf(trx) !== 'sqlite') return
  await sql`update messages_search_state set upto = max(upto,
    coalesce((select min(id) - 1 from messages where id <= ${mark}), ${mark}))`.execute(trx)
}

/**
 * Keeps SQLite's trigram index of messages up to date, in batches (see migration 0035): every
 * MESSAGE_INDEX_INTERVAL_MS it looks for messages past the mark and, when there are some, adds them
 * through `statement` (the inbound service's group commit, so the index is written in the same
 * commit as the messages arriving then, not in a commit of its own). A backlog (an import, a restart
 * after a crash) is indexed a batch at a time, one after another. Nothing on PostgreSQL.
 */
export const createMessageSearchIndexer = ({
  db,
  statement,
  intervalMs = MESSAGE_INDEX_INTERVAL_MS,
  log,
}: {
  db: Db
  /** Runs the batch as one write (on SQLite inside the next group commit). */
  statement: <T>(work: (trx: Executor) => Promise<T>) => Promise<T>
  intervalMs?: number
  log?: (error: unknown, message: string) => void
}) => {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = true

  const pending = async () =>
    (await sql<{ one: number }>`select 1 as one from messages where ${unindexedMessages} limit 1`.execute(db)).rows
      .length > 0

  const catchUp = async () => {
    while (!stopped && !held.has(db) && (await pending())) {
      const added = await statement((trx) => indexMessageTail(trx))
      if (added < MESSAGE_INDEX_BATCH) return
      // A backlog: the next batch after the event loop has had its turn.
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  const tick = () => {
    if (running) return
    running = catchUp()
      .catch((error) => log?.(error, 'indexing messages for search failed'))
      .finally(() => {
        running = undefined
      })
  }

  return {
    start() {
      if (dialectOf(db) !== 'sqlite' || !stopped) return
      stopped = false
      timer = setInterval(tick, intervalMs)
      timer.unref()
      tick()
    },
    async stop() {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
