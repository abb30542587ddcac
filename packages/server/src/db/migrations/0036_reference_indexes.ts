import { type Kysely, sql } from 'kysely'

/**
 * Indexes for the references a deletion follows. Deleting a row makes both databases look for the rows that
 * refer to it (to delete them or set the reference to null); with no index on the referring column, each
 * deleted row read the whole referring table. A message quoted by another (`messages.quotedMsgId`) was the
 * costly one: deleting a ticket of ten messages on a desk of a million read the million ten times (about a quarter of a
 * second each on SQLite, where the one connection, and with it the server's event loop, waits meanwhile). The other
 * tables named here are small today and grow with use. Partial where the column is mostly empty, so that an
 * arriving message, which quotes nothing, writes nothing more.
 *
 * Left without: `messages.contactId`, `messages.userId` and `messages.jobId`, which nearly every message
 * fills (an index each would cost every message a write for what a contact's, user's or job's deletion reads
 * once: one pass over the messages).
 */
const PARTIAL: Array<[name: string, table: string, column: string]> = [
  ['messages_quoted_idx', 'messages', 'quotedMsgId'],
  ['mentions_message_idx', 'mentions', 'messageId'],
  ['mentions_chat_message_idx', 'mentions', 'chatMessageId'],
  ['chat_messages_ticket_idx', 'chat_messages', 'ticketId'],
  ['mail_outbox_ticket_idx', 'mail_outbox', 'ticketId'],
]

export const up = async (db: Kysely<unknown>): Promise<void> => {
  for (const [name, table, column] of PARTIAL) {
    await sql`create index ${sql.id(name)} on ${sql.table(table)} (${sql.ref(column)}) where ${sql.ref(column)} is not null`.execute(
      db,
    )
  }
  await db.schema.createIndex('bot_inbox_message_idx').on('bot_inbox').column('messageId').execute()
  await db.schema.createIndex('bot_inbox_ticket_idx').on('bot_inbox').column('ticketId').execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('bot_inbox_ticket_idx').execute()
  await db.schema.dropIndex('bot_inbox_message_idx').execute()
  for (const [name] of PARTIAL.toReversed()) await db.schema.dropIndex(name).execute()
}
