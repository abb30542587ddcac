import type { Kysely } from 'kysely'
import { dialectOf, idColumn } from '../dialect'

/**
 * Protocol close and e-mail (issue 13):
 * - `tickets.protocol`: the attendance protocol number of the ticket's last protocol close.
 * - `ticket_protocols`: every protocol number ever given, unique across the desk (the index decides
 *   when two server processes make one at the same moment), with its ticket and who closed it.
 * - `mail_settings`: the SMTP server (one row, id 1); the password never leaves the server.
 * - `mail_outbox`: every e-mail the desk sends, kept until sent or given up (`failed`), so a
 *   failing SMTP server never blocks a close and nothing is lost across restarts. A process
 *   claims a row (`sending`, `leaseHolder` until `leaseUntil`) before talking to the server.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema.alterTable('tickets').addColumn('protocol', 'varchar(32)').execute()
  await db.schema
    .createTable('ticket_protocols')
    .addColumn('id', ...idColumn(db))
    .addColumn('protocol', 'varchar(32)', (c) => c.notNull())
    .addColumn('ticketId', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('userName', 'varchar(100)')
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addUniqueConstraint('ticket_protocols_protocol_key', ['protocol'])
    .execute()
  await db.schema.createIndex('ticket_protocols_ticket_idx').on('ticket_protocols').columns(['ticketId']).execute()

  await db.schema
    .createTable('mail_settings')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('host', 'varchar(255)')
    .addColumn('port', 'integer')
    .addColumn('secure', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user', 'varchar(255)')
    .addColumn('password', 'text')
    .addColumn('sender', 'varchar(255)')
    .addColumn('notifyTo', 'varchar(255)')
    .addColumn('sendOnClose', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sendTranscript', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', ...idColumn(db))
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('ticketId', 'integer', (c) => c.references('tickets.id').onDelete('set null'))
    .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recipient', 'varchar(255)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attachments', 'text')
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastError', 'text')
    .addColumn('nextAttemptAt', timestamp, (c) => c.notNull())
    .addColumn('leaseHolder', 'varchar(100)')
    .addColumn('leaseUntil', timestamp)
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .addColumn('sentAt', timestamp)
    .execute()
  await db.schema.createIndex('mail_outbox_due_idx').on('mail_outbox').columns(['state', 'nextAttemptAt']).execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('mail_outbox').execute()
  await db.schema.dropTable('mail_settings').execute()
  await db.schema.dropTable('ticket_protocols').execute()
  await db.schema.alterTable('tickets').dropColumn('protocol').execute()
}
