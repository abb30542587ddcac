import type { JobStatus } from '@desk/api-client'
import { sql } from 'kysely'
import type { Executor, JobRow } from '../../../db'

/** Queries on `jobs`: creation, the step's lease, status moves (each conditional on the status it leaves), lists. */

export const ACTIVE_STATUSES: JobStatus[] = ['queued', 'running']

export interface NewJob {
  kind: string
  userId: number | null
  connectionId: number
  payload: string
  minInterval: number
  maxInterval: number
  window: string | null
  dailyCap: number | null
  startAt: string | null
  now: string
}

/** A job starts `paused` (with no pause reason) while its recipients are written, then `queued`. */
export const insertJob = async (db: Executor, job: NewJob): Promise<number> => {
  const { now, ...fields } = job
  const row = await db
    .insertInto('jobs')
    .values({ ...fields, status: 'paused', phase: 'before', nextRunAt: null, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export const findJobRow = (db: Executor, id: number): Promise<JobRow | undefined> =>
  db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()

export type JobChanges = Partial<
  Pick<
    JobRow,
    | 'status'
    | 'phase'
    | 'pauseReason'
    | 'waitingReason'
    | 'nextRunAt'
    | 'finishedAt'
    | 'consecutiveFailures'
    | 'total'
    | 'sent'
    | 'skipped'
    | 'startAt'
    | 'error'
  >
>

/** Changes a job only while it is in one of `from` statuses; answers whether it did. */
export const updateJobIf = async (
  db: Executor,
  id: number,
  from: readonly JobStatus[],
  changes: JobChanges,
  now: string,
): Promise<boolean> => {
  const result = await db
    .updateTable('jobs')
    .set({ ...changes, updatedAt: now })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export type Counter = 'sent' | 'failed' | 'skipped' | 'uncertain'

/**
 * Adds to the job's counters (negative to take away), and sets or bumps its failure streak. A count that
 * follows recipients moves with them in one transaction (`progress.ts`).
 */
export const bumpCounters = async (
  db: Executor,
  id: number,
  counts: Partial<Record<Counter | 'total', number>>,
  now: string,
  streak?: 'reset' | 'increment',
) => {
  const set: Record<string, unknown> = { updatedAt: now }
  for (const [key, n] of Object.entries(counts)) if (n) set[key] = sql`${sql.ref(key)} + ${n}`
  if (streak === 'reset') set.consecutiveFailures = 0
  if (streak === 'increment') set.consecutiveFailures = sql`${sql.ref('consecutiveFailures')} + 1`
  await db.updateTable('jobs').set(set).where('id', '=', id).execute()
}

/**
 * Takes the job for one step: only when nobody else holds it (or their hold expired) and, for a
 * step (`due`), when it is queued or running and its next step is due. Answers whether this holder got it.
 */
export const takeJobLease = async (
  db: Executor,
  id: number,
  holder: string,
  now: string,
  until: string,
  due = true,
) => {
  let query = db
    .updateTable('jobs')
    .set({ leaseHolder: holder, leaseUntil: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('leaseHolder', 'is', null), eb('leaseUntil', '<', now)]))
  if (due) query = query.where('status', 'in', ACTIVE_STATUSES).where('nextRunAt', '<=', now)
  const result = await query.executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export const renewJobLease = async (db: Executor, id: number, holder: string, until: string) => {
  await db
    .updateTable('jobs')
    .set({ leaseUntil: until })
    .where('id', '=', id)
    .where('leaseHolder', '=', holder)
    .execute()
}

export const releaseJobLease = async (db: Executor, id: number, holder: string) => {
  await db
    .updateTable('jobs')
    .set({ leaseHolder: null, leaseUntil: null })
    .where('id', '=', id)
    .where('leaseHolder', '=', holder)
    .execute()
}

/** Jobs whose next step is due and that nobody holds, soonest first. */
export const dueJobIds = async (db: Executor, now: string, limit: number): Promise<number[]> => {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('status', 'in', ACTIVE_STATUSES)
    .where('nextRunAt', '<=', now)
    .where((eb) => eb.or([eb('leaseHolder', 'is', null), eb('leaseUntil', '<', now)]))
    .orderBy('nextRunAt')
    .limit(limit)
    .execute()
  return rows.map((r) => r.id)
}

/** Queued and running jobs of a connection (to pause when it goes away). */
export const activeJobIdsOfConnection = async (db: Executor, connectionId: number): Promise<number[]> => {
  const rows = await db
    .selectFrom('jobs')
    .select('id')
    .where('connectionId', '=', connectionId)
    .where('status', 'in', ACTIVE_STATUSES)
    .execute()
  return rows.map((r) => r.id)
}

export const JOB_PAGE_SIZE = 20

/**
 * A page of jobs, newest first: one user's (or, for `userId` undefined, everyone's). With
 * `startingAfter`: only queued or paused jobs whose `startAt` is later, soonest first.
 */
export const listJobRows = async (
  db: Executor,
  filter: { userId?: number; status?: JobStatus; kind?: string; startingAfter?: string; page: number },
) => {
  let query = db.selectFrom('jobs').selectAll()
  if (filter.userId !== undefined) query = query.where('userId', '=', filter.userId)
  if (filter.status) query = query.where('status', '=', filter.status)
  if (filter.kind) query = query.where('kind', '=', filter.kind)
  if (filter.startingAfter) {
    query = query.where('startAt', '>', filter.startingAfter).where('status', 'in', ['queued', 'paused'])
  }
  const ordered = filter.startingAfter
    ? query.orderBy('startAt', 'asc').orderBy('id', 'asc')
    : query.orderBy('id', 'desc')
  const rows = await ordered
    .limit(JOB_PAGE_SIZE + 1)
    .offset((filter.page - 1) * JOB_PAGE_SIZE)
    .execute()
  return { rows: rows.slice(0, JOB_PAGE_SIZE), hasMore: rows.length > JOB_PAGE_SIZE }
}

/** Queued jobs of a connection whose `startAt` lies between `from` and `to` (ISO, both included). */
export const queuedStartingBetween = (db: Executor, connectionId: number, from: string, to: string) =>
  db
    .selectFrom('jobs')
    .selectAll()
    .where('connectionId', '=', connectionId)
    .where('status', '=', 'queued')
    .where('startAt', '>=', from)
    .where('startAt', '<=', to)
    .orderBy('startAt', 'asc')
    .orderBy('id', 'asc')
    .execute()

export const deleteJob = async (db: Executor, id: number) => {
  await db.deleteFrom('jobs').where('id', '=', id).execute()
}

/** Id and status of every connection (`GET /whatsappzdg`). */
export const connectionStatuses = (db: Executor) =>
  db.selectFrom('whatsapps').select(['id', 'status']).orderBy('id').execute()
