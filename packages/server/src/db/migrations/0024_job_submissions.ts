import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect'

/**
 * `job_submissions`: the bulk jobs asked for lately, by a digest of who asked, the connection, the
 * recipients and the message, with when. A second identical request within a minute is refused
 * (a double click on Send, a form sent again), whichever server process receives it.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('job_submissions')
    .addColumn('digest', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('submittedAt', timestamp, (c) => c.notNull())
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('job_submissions').execute()
}
