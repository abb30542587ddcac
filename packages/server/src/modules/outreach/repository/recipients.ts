import type { RecipientState } from '@desk/api-client'
import { sql } from 'kysely'
import type { Executor, JobRecipientRow } from '../../../db'
import { dialectOf } from '../../../db/dialect'
import { reusableQuery } from '../../../db/reusable'

/** Queries on `job_recipients`: written in batches, claimed one at a time, read a page (or a chunk) at a time. */

export interface NewRecipient {
  position: number
  entry: string
  address: string | null
  state: RecipientState
  reason: string | null
}

/** Recipients written per statement: one parameter each way, so only memory bounds it. */
const INSERT_BATCH = 2000

/**
 * A batch of recipients in one statement whose text never changes (compiled once, see
 * `reusableQuery`): the rows travel as one JSON parameter and the database unpacks them
 * (`json_each` on SQLite, `json_to_recordset` on PostgreSQL). Building a multi-row insert with the
 * query builder made a node per value (4,500 for 500 rows) and a new text of thousands of
 * placeholders for each batch: about 100 MB of short-lived heap for a 100,000-recipient job.
 */
const insertBatch = reusableQuery(['jobId', 'rows', 'now'], (db, p) => {
  const statement =
    dialectOf(db) === 'postgres'
      ? sql`insert into job_recipients ("jobId", "position", "entry", "address", "state", "reason", "providerMessageId", "updatedAt")
        select ${p.jobId}::int, r."position", r."entry", r."address", r."state", r."reason", null, ${p.now}::timestamptz
        from json_to_recordset(${p.rows}::json) as r("position" int, "entry" text, "address" text, "state" text, "reason" text)`
      : sql`insert into job_recipients ("jobId", "position", "entry", "address", "state", "reason", "providerMessageId", "updatedAt")
        select ${p.jobId}, json_extract(value, '$.position'), json_extract(value, '$.entry'),
          json_extract(value, '$.address'), json_extract(value, '$.state'), json_extract(value, '$.reason'), null, ${p.now}
        from json_each(${p.rows})`
  return { compile: () => statement.compile(db) }
})

export const insertRecipients = async (db: Executor, jobId: number, rows: NewRecipient[], now: string) => {
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    const batch = rows
      .slice(i, i + INSERT_BATCH)
      .map(({ position, entry, address, state, reason }) => ({ position, entry, address, state, reason }))
    await insertBatch(db, { jobId, rows: JSON.stringify(batch), now })
  }
}

/** The first recipient still to send, in list order (read through the (jobId, state, position) index). */
export const nextQueued = (db: Executor, jobId: number) =>
  db
    .selectFrom('job_recipients')
    .select(['id', 'address', 'entry'])
    .where('jobId', '=', jobId)
    .where('state', '=', 'queued')
    .orderBy('position')
    .limit(1)
    .executeTakeFirst()

/** Moves one recipient from `from` to another state; answers whether it was still in `from` (the claim). */
export const moveRecipient = async (
  db: Executor,
  id: number,
  from: RecipientState,
  to: { state: RecipientState; reason?: string | null; providerMessageId?: string | null },
  now: string,
): Promise<boolean> => {
  const result = await db
    .updateTable('job_recipients')
    .set({ ...to, updatedAt: now })
    .where('id', '=', id)
    .where('state', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Moves every recipient of a job in one state to another; answers how many moved. */
export const moveAll = async (
  db: Executor,
  jobId: number,
  from: RecipientState,
  to: { state: RecipientState; reason: string | null },
  now: string,
): Promise<number> => {
  const result = await db
    .updateTable('job_recipients')
    .set({ ...to, updatedAt: now })
    .where('jobId', '=', jobId)
    .where('state', '=', from)
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Jobs nobody holds that still have a recipient in `sending`: a step stopped during a send. */
export const jobsInterruptedMidSend = async (db: Executor, now: string): Promise<number[]> => {
  const rows = await db
    .selectFrom('job_recipients as r')
    .innerJoin('jobs as j', 'j.id', 'r.jobId')
    .select('r.jobId')
    .distinct()
    .where('r.state', '=', 'sending')
    .where((eb) => eb.or([eb('j.leaseHolder', 'is', null), eb('j.leaseUntil', '<', now)]))
    .execute()
  return rows.map((r) => r.jobId)
}

export const RECIPIENT_PAGE_SIZE = 100

export const pageRecipients = async (
  db: Executor,
  jobId: number,
  filter: { state?: RecipientState; page: number },
): Promise<{ rows: JobRecipientRow[]; hasMore: boolean }> => {
  let query = db.selectFrom('job_recipients').selectAll().where('jobId', '=', jobId)
  if (filter.state) query = query.where('state', '=', filter.state)
  const rows = await query
    .orderBy('position')
    .limit(RECIPIENT_PAGE_SIZE + 1)
    .offset((filter.page - 1) * RECIPIENT_PAGE_SIZE)
    .execute()
  return { rows: rows.slice(0, RECIPIENT_PAGE_SIZE), hasMore: rows.length > RECIPIENT_PAGE_SIZE }
}

/** Every recipient of a job in list order, a chunk at a time (keyset on position): for the CSV export. */
export async function* recipientChunks(db: Executor, jobId: number, size = 1000) {
  let after = 0
  for (;;) {
    const rows = await db
      .selectFrom('job_recipients')
      .selectAll()
      .where('jobId', '=', jobId)
      .where('position', '>', after)
      .orderBy('position')
      .limit(size)
      .execute()
    if (rows.length === 0) return
    yield rows
    after = rows[rows.length - 1]?.position ?? after
    if (rows.length < size) return
  }
}

/** Recipients per state of one job (the counters' source of truth, for checks). */
export const countByState = async (db: Executor, jobId: number) => {
  const rows = await db
    .selectFrom('job_recipients')
    .select(['state', sql<number>`count(*)`.as('n')])
    .where('jobId', '=', jobId)
    .groupBy('state')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])) as Partial<Record<RecipientState, number>>
}
