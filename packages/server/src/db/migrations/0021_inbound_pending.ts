import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect'

/**
 * `inbound_pending`: a customer message whose steps after the store are not all done yet — its live
 * events, the automatic replies (queue menu, a queue's greeting) and the after-store hooks (opt-out
 * list, bots). The row is written in the message's own transaction and removed once those steps are
 * done, so a process that dies between the commit and the steps leaves it behind: whichever process
 * holds its lease (`holder` until `leaseUntil`) does them, and another one may take it over once the
 * lease has run out (on the network's redelivery, or its periodic sweep). `stage` says how far it
 * got; `attempts` counts the takeovers; `context` is what the steps need that the stored rows do not
 * say (JSON). Deleting the message deletes the row.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('inbound_pending')
    .addColumn('messageId', 'integer', (c) => c.primaryKey().references('messages.id').onDelete('cascade'))
    .addColumn('stage', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('leaseUntil', timestamp, (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('inbound_pending_lease_idx').on('inbound_pending').columns(['leaseUntil']).execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('inbound_pending').execute()
}
