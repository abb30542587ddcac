import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect'

/**
 * `durable_work.wakeAt`: a wake that arrived while the work ran (a job resumed during its step). The
 * step's outcome is recorded with it in one write, so the work runs again then, even if its step said
 * it was done: a wake is never lost to a step under way.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema.alterTable('durable_work').addColumn('wakeAt', timestamp).execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('durable_work').dropColumn('wakeAt').execute()
}
