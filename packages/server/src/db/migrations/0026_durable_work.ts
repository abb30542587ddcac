import type { Kysely } from 'kysely'
import { dialectOf, idColumn } from '../dialect'

/**
 * `durable_work`: the desk's background work (auto-close and what moves onto the same runtime), one
 * row a piece of work. A process takes a due row with a conditional write (`running`, `leaseHolder`
 * until `leaseUntil`), so two processes never run it at once and a process that dies leaves it to
 * another once the lease ends. `(kind, dedupeKey)` is unique: the same piece of work asked for twice,
 * or by two processes, is one row (a recurring schedule is one row that moves to its next time).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('durable_work')
    .addColumn('id', ...idColumn(db))
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('dedupeKey', 'varchar(200)')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('runAt', timestamp, (c) => c.notNull())
    .addColumn('everyMs', 'integer')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastError', 'text')
    .addColumn('progress', 'text')
    .addColumn('leaseHolder', 'varchar(100)')
    .addColumn('leaseUntil', timestamp)
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .addUniqueConstraint('durable_work_kind_dedupe_key', ['kind', 'dedupeKey'])
    .execute()
  await db.schema.createIndex('durable_work_due_idx').on('durable_work').columns(['state', 'runAt']).execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('durable_work').execute()
}
