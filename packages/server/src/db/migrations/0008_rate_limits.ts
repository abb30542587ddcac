import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect'

/**
 * Rate-limit counters, shared by every process on the database: one row per key (`login:ip:…`,
 * `signup:ip:…`, `send:user:…`) holding the start of its current fixed window, when that window
 * ends and how many attempts it has seen. Expired rows are swept by the server.
 *
 * Also closes signup by default. Once the first administrator exists, `userCreation` starts
 * `disabled` (a stranger could otherwise make themselves an agent); the administrator opens it in
 * Settings. The first signup of an empty database ignores the setting, so a new install changes
 * nothing but this default. On an existing database the seeded value that nobody ever changed
 * (still `enabled`, `updatedAt` equal to `createdAt`) becomes `disabled`; a value an administrator
 * chose is left as it is.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  // Timestamps as PostgreSQL's own type there (as 0007 made every other one), ISO text on SQLite.
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'varchar(320)', (c) => c.primaryKey())
    .addColumn('windowStart', timestamp, (c) => c.notNull())
    .addColumn('expiresAt', timestamp, (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').column('expiresAt').execute()

  const settings = db as Kysely<{ settings: { key: string; value: string; createdAt: string; updatedAt: string } }>
  await settings
    .updateTable('settings')
    .set({ value: 'disabled', updatedAt: new Date().toISOString() })
    .where('key', '=', 'userCreation')
    .where('value', '=', 'enabled')
    .whereRef('updatedAt', '=', 'createdAt')
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('rate_limits').execute()
}
