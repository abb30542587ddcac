import type { Kysely } from 'kysely'
import { dialectOf, idColumn } from '../dialect'

/**
 * The message templates of a Cloud API connection's WhatsApp Business Account (issue 32), as the Graph
 * API lists them: one row per name and language, with the category, the review status (`APPROVED`,
 * `PENDING`, `REJECTED`, `PAUSED`, `DISABLED` …), the reason of a rejection or pause, and the
 * components (header, body, footer, buttons) as the Graph API's JSON. Refreshed by a button, on a
 * schedule and by the `message_template_status_update` webhook; deleting the connection deletes them.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('message_templates')
    .addColumn('id', ...idColumn(db))
    .addColumn('whatsappId', 'integer', (c) => c.notNull().references('whatsapps.id').onDelete('cascade'))
    .addColumn('providerId', 'varchar(64)')
    .addColumn('name', 'varchar(512)', (c) => c.notNull())
    .addColumn('language', 'varchar(16)', (c) => c.notNull())
    .addColumn('category', 'varchar(32)', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('reason', 'varchar(256)')
    .addColumn('components', 'text', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .addUniqueConstraint('message_templates_name_key', ['whatsappId', 'name', 'language'])
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('message_templates').execute()
}
