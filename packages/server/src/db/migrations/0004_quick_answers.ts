import type { Kysely } from 'kysely'
import { idColumn } from '../dialect'

/**
 * Quick answers: canned replies an agent inserts with `/shortcut`. Shortcuts are unique.
 * Also indexes tickets by creation time, which the dashboard's per-hour chart reads.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('quick_answers')
    .addColumn('id', ...idColumn(db))
    .addColumn('shortcut', 'varchar(50)', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(32)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('quick_answers_shortcut_uq').on('quick_answers').column('shortcut').unique().execute()
  await db.schema.createIndex('tickets_created_idx').on('tickets').column('createdAt').execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('tickets_created_idx').execute()
  await db.schema.dropTable('quick_answers').execute()
}
