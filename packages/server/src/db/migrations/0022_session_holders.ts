import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect'

/**
 * `session_holders`: which server process runs the live part of a connection's session, until
 * `expiresAt`. A web session (one socket per linked device) is held by exactly one process for as
 * long as it runs; a simulated phone's pairing (its QR code refreshes) by the process that showed
 * it. The holder renews the row on a heartbeat; once it expires another process may take it.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('session_holders')
    .addColumn('connectionId', 'integer', (c) => c.primaryKey().references('whatsapps.id').onDelete('cascade'))
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('expiresAt', timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('session_holders_holder_idx').on('session_holders').column('holder').execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('session_holders').execute()
}
