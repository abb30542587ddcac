import type { Kysely } from 'kysely'
import { dialectOf, idColumn } from '../dialect'

/**
 * Bots that answer a contact while their switch is on (seed 001, conversation screen):
 * - `bot_configs`: one row per kind (`dialogflow`, `chatbot`, `n8n` …): the bot's URL, the secret
 *   that signs what the desk posts and what the bot posts back, whether it is enabled, its stop words.
 * - `bot_switches`: one row per contact and kind once switched: `on`, `paused` (an agent replied)
 *   or `off`, and the bot's last failure.
 * - `bot_inbox`: customer messages waiting to go to a bot. Rows of one contact and kind share a due
 *   time pushed forward by each new message (the debounce): when it passes, whoever takes the lease
 *   in `bot_leases` posts them as one, then deletes them. Both survive a restart and are shared by
 *   every server process.
 * - `bot_audit`: who switched what, and when.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('bot_configs')
    .addColumn('kind', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stopWords', 'text', (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('bot_switches')
    .addColumn('contactId', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('failedAt', timestamp)
    .addColumn('error', 'text')
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('bot_switches_pkey', ['contactId', 'kind'])
    .execute()

  await db.schema
    .createTable('bot_inbox')
    .addColumn('id', ...idColumn(db))
    .addColumn('contactId', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('ticketId', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('messageId', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('dueAt', timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('bot_inbox_due_idx').on('bot_inbox').columns(['dueAt']).execute()
  await db.schema.createIndex('bot_inbox_contact_idx').on('bot_inbox').columns(['contactId', 'kind']).execute()

  await db.schema
    .createTable('bot_leases')
    .addColumn('contactId', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('holder', 'varchar(100)', (c) => c.notNull())
    .addColumn('expiresAt', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('bot_leases_pkey', ['contactId', 'kind'])
    .execute()

  await db.schema
    .createTable('bot_audit')
    .addColumn('id', ...idColumn(db))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('contactId', 'integer', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('number', 'varchar(100)')
    .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('bot_audit_kind_idx').on('bot_audit').columns(['kind', 'id']).execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of ['bot_audit', 'bot_leases', 'bot_inbox', 'bot_switches', 'bot_configs']) {
    await db.schema.dropTable(table).execute()
  }
}
