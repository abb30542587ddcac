import type { JobStatus, RecipientState } from '@desk/api-client'
import type { Db } from '../../../db'
import { bumpCounters, type Counter, type JobChanges, updateJobIf } from './jobs'
import { bumpDailyCount } from './leases'
import { insertRecipients, moveAll, moveRecipient, type NewRecipient } from './recipients'

/**
 * A job's counters move with its recipients, in the same transaction: a recipient entering a counted
 * state (`sent`, `failed`, `skipped`, `uncertain`) adds one to that counter, leaving one takes one
 * away. A crash or a refused statement at any point leaves both written or neither, so the counters a
 * client reads always equal the recipients' states.
 */

const COUNTED: readonly RecipientState[] = ['sent', 'failed', 'skipped', 'uncertain']

const countsOfMove = (from: RecipientState, to: RecipientState, n: number) => {
  const counts: Partial<Record<Counter, number>> = {}
  if (COUNTED.includes(from)) counts[from as Counter] = -n
  if (COUNTED.includes(to)) counts[to as Counter] = (counts[to as Counter] ?? 0) + n
  return counts
}

type Target = { state: RecipientState; reason?: string | null; providerMessageId?: string | null }

/** Moves one recipient of a job from `from` and counts it; answers whether it was still in `from`. */
export const moveCounted = (
  db: Db,
  jobId: number,
  id: number,
  from: RecipientState,
  to: Target,
  now: string,
  streak?: 'reset' | 'increment',
): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    if (!(await moveRecipient(trx, id, from, to, now))) return false
    await bumpCounters(trx, jobId, countsOfMove(from, to.state, 1), now, streak)
    return true
  })

/** A send confirmed by the network: the recipient `sent`, the job's count, and the connection's day count. */
export const recordSent = (
  db: Db,
  sent: { jobId: number; id: number; providerMessageId: string; connectionId: number; day: string },
  now: string,
): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    const to = { state: 'sent' as const, providerMessageId: sent.providerMessageId }
    if (!(await moveRecipient(trx, sent.id, 'sending', to, now))) return false
    await bumpCounters(trx, sent.jobId, { sent: 1 }, now, 'reset')
    await bumpDailyCount(trx, sent.connectionId, sent.day)
    return true
  })

/** Moves every recipient of a job in `from` and counts them; answers how many moved. */
export const moveAllCounted = (
  db: Db,
  jobId: number,
  from: RecipientState,
  to: { state: RecipientState; reason: string | null },
  now: string,
): Promise<number> =>
  db.transaction().execute(async (trx) => {
    const n = await moveAll(trx, jobId, from, to, now)
    if (n) await bumpCounters(trx, jobId, countsOfMove(from, to.state, n), now)
    return n
  })

class NotCancellable extends Error {}

/**
 * Ends a job in `from` statuses as cancelled, its recipients still queued skipped (`cancelled`), all at
 * once; answers whether the job was in one of `from`. The recipients are written before the job's row,
 * in the order every other write here takes, so two of them never wait on each other.
 */
export const cancelJobRow = async (
  db: Db,
  id: number,
  from: readonly JobStatus[],
  changes: JobChanges,
  now: string,
) => {
  try {
    await db.transaction().execute(async (trx) => {
      const n = await moveAll(trx, id, 'queued', { state: 'skipped', reason: 'cancelled' }, now)
      if (!(await updateJobIf(trx, id, from, changes, now))) throw new NotCancellable()
      if (n) await bumpCounters(trx, id, countsOfMove('queued', 'skipped', n), now)
    })
    return true
  } catch (error) {
    if (error instanceof NotCancellable) return false
    throw error
  }
}

/**
 * Queues a job's failed recipients again and, when it had finished (`done` or `failed`), makes it run,
 * all at once; answers how many were queued and whether the job was revived.
 */
export const requeueFailed = (db: Db, id: number, revive: JobChanges, now: string) =>
  db.transaction().execute(async (trx) => {
    const n = await moveAll(trx, id, 'failed', { state: 'queued', reason: null }, now)
    if (!n) return { requeued: 0, revived: false }
    await bumpCounters(trx, id, countsOfMove('failed', 'queued', n), now)
    return { requeued: n, revived: await updateJobIf(trx, id, ['done', 'failed'], revive, now) }
  })

/** Writes a chunk of a job's list and adds it to the job's total and skipped count, at once. */
export const insertCounted = (db: Db, jobId: number, rows: NewRecipient[], now: string) =>
  db.transaction().execute(async (trx) => {
    await insertRecipients(trx, jobId, rows, now)
    const skipped = rows.filter((r) => r.state === 'skipped').length
    await bumpCounters(trx, jobId, { total: rows.length, skipped }, now)
  })
