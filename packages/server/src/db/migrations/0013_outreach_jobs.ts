import type { Kysely } from 'kysely'
import { dialectOf, idColumn } from '../dialect'

/**
 * Outreach jobs (seed 001), run by the server instead of a browser tab:
 * - `jobs`: one bulk send. Its kind's payload (JSON), pacing (`minInterval`/`maxInterval` seconds,
 *   optional sending window as JSON and daily cap), counters, the step it is at (`phase`), when
 *   the next step is due (`nextRunAt`) and who is stepping it (`leaseHolder` until `leaseUntil`:
 *   two processes never step one job at once).
 * - `job_recipients`: one row per line of the list, in order. `address` is unique per job (null for
 *   lines skipped as invalid or duplicate), so no address gets a job's message twice. A send is
 *   claimed with a conditional update from `queued` to `sending` before the network call.
 * - `connection_send_leases`: who sends on a connection right now (one message at a time per
 *   connection, across jobs and processes), until `expiresAt`.
 * - `connection_send_counts`: job messages a connection sent per day, for daily caps.
 * - `opt_outs`: numbers every later job skips; `outreachStopWords` the words that add a sender.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('jobs')
    .addColumn('id', ...idColumn(db))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('connectionId', 'integer', (c) => c.references('whatsapps.id').onDelete('set null'))
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('minInterval', 'integer', (c) => c.notNull())
    .addColumn('maxInterval', 'integer', (c) => c.notNull())
    .addColumn('window', 'text')
    .addColumn('dailyCap', 'integer')
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('uncertain', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('consecutiveFailures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phase', 'varchar(16)', (c) => c.notNull())
    .addColumn('pauseReason', 'varchar(16)')
    .addColumn('waitingReason', 'varchar(16)')
    .addColumn('error', 'text')
    .addColumn('startAt', timestamp)
    .addColumn('nextRunAt', timestamp)
    .addColumn('leaseHolder', 'varchar(100)')
    .addColumn('leaseUntil', timestamp)
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .addColumn('finishedAt', timestamp)
    .execute()
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['status', 'nextRunAt']).execute()
  await db.schema.createIndex('jobs_user_idx').on('jobs').columns(['userId', 'id']).execute()
  await db.schema.createIndex('jobs_connection_idx').on('jobs').columns(['connectionId', 'status']).execute()

  await db.schema
    .createTable('job_recipients')
    .addColumn('id', ...idColumn(db))
    .addColumn('jobId', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('entry', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(64)')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('providerMessageId', 'varchar(255)')
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .addUniqueConstraint('job_recipients_address_key', ['jobId', 'address'])
    .addUniqueConstraint('job_recipients_position_key', ['jobId', 'position'])
    .execute()
  await db.schema
    .createIndex('job_recipients_state_idx')
    .on('job_recipients')
    .columns(['jobId', 'state', 'position'])
    .execute()

  await db.schema
    .createTable('connection_send_leases')
    .addColumn('connectionId', 'integer', (c) => c.primaryKey().references('whatsapps.id').onDelete('cascade'))
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('expiresAt', timestamp, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('connection_send_counts')
    .addColumn('connectionId', 'integer', (c) => c.notNull().references('whatsapps.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('connection_send_counts_pkey', ['connectionId', 'day'])
    .execute()

  await db.schema
    .createTable('opt_outs')
    .addColumn('number', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('opt_outs_created_idx').on('opt_outs').column('createdAt').execute()

  const now = new Date().toISOString()
  await (db as Kysely<{ settings: { key: string; value: string; createdAt: string; updatedAt: string } }>)
    .insertInto('settings')
    .values({ key: 'outreachStopWords', value: 'SAIR,PARAR,STOP,BAJA', createdAt: now, updatedAt: now })
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await (db as Kysely<{ settings: { key: string } }>)
    .deleteFrom('settings')
    .where('key', '=', 'outreachStopWords')
    .execute()
  for (const table of ['opt_outs', 'connection_send_counts', 'connection_send_leases', 'job_recipients', 'jobs']) {
    await db.schema.dropTable(table).execute()
  }
}
