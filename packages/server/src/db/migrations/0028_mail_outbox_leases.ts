import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect'

/**
 * `mail_outbox.leaseHolder` and `leaseUntil` go: each mail is sent as a piece of durable work, whose
 * lease lives in `durable_work`, so the outbox's own claim columns were no longer written or read.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('mail_outbox').dropColumn('leaseHolder').execute()
  await db.schema.alterTable('mail_outbox').dropColumn('leaseUntil').execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema.alterTable('mail_outbox').addColumn('leaseHolder', 'varchar(100)').execute()
  await db.schema.alterTable('mail_outbox').addColumn('leaseUntil', timestamp).execute()
}
