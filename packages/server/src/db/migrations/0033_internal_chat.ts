import type { Kysely } from 'kysely'
import { dialectOf, idColumn } from '../dialect'

type Seeded = {
  settings: { key: string; value: string; createdAt: string; updatedAt: string }
  chat_channels: { kind: string; name: string | null; createdAt: string; updatedAt: string }
}

/**
 * The internal chat, private notes and the framed pages' addresses:
 * - `chat_channels`: `general` (one, everyone), `queue` (one per queue, its members; made when first
 *   listed, unique per queue, gone with the queue), `direct` (two users, `directKey` "low:high",
 *   unique) and `group` (an admin's, with chosen members).
 * - `chat_members`: who belongs to a direct or group channel (general and queue channels follow the
 *   users and their queues, so they need no rows).
 * - `chat_reads`: the last message each user read in a channel (unread counts are what came after).
 * - `chat_messages`: text, an optional file and an optional shared ticket; an author who is deleted
 *   leaves the message without a name.
 * - `mentions`: who was named, by whom, in a chat message or a private note (`kind`), read or not.
 * - `messages.isNote`: a private note in a ticket's conversation, never sent anywhere.
 * - settings `internalChatUrl` and `chatbotUrl`, empty.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('chat_channels')
    .addColumn('id', ...idColumn(db))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('name', 'varchar(60)')
    .addColumn('queueId', 'integer', (c) => c.references('queues.id').onDelete('cascade'))
    .addColumn('directKey', 'varchar(24)')
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chat_channels_queue_uq').on('chat_channels').column('queueId').unique().execute()
  await db.schema.createIndex('chat_channels_direct_uq').on('chat_channels').column('directKey').unique().execute()

  await db.schema
    .createTable('chat_members')
    .addColumn('channelId', 'integer', (c) => c.notNull().references('chat_channels.id').onDelete('cascade'))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('chat_members_pk', ['channelId', 'userId'])
    .execute()
  await db.schema.createIndex('chat_members_user_idx').on('chat_members').column('userId').execute()

  await db.schema
    .createTable('chat_reads')
    .addColumn('channelId', 'integer', (c) => c.notNull().references('chat_channels.id').onDelete('cascade'))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('lastReadId', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('chat_reads_pk', ['channelId', 'userId'])
    .execute()

  await db.schema
    .createTable('chat_messages')
    .addColumn('id', ...idColumn(db))
    .addColumn('channelId', 'integer', (c) => c.notNull().references('chat_channels.id').onDelete('cascade'))
    .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('mediaType', 'varchar(16)', (c) => c.notNull())
    .addColumn('mediaPath', 'varchar(255)')
    .addColumn('mediaMime', 'varchar(255)')
    .addColumn('mediaSize', 'integer')
    .addColumn('mediaName', 'varchar(255)')
    .addColumn('ticketId', 'integer', (c) => c.references('tickets.id').onDelete('set null'))
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('chat_messages_channel_idx').on('chat_messages').columns(['channelId', 'id']).execute()

  await db.schema
    .createTable('mentions')
    .addColumn('id', ...idColumn(db))
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('byUserId', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('chatMessageId', 'integer', (c) => c.references('chat_messages.id').onDelete('cascade'))
    .addColumn('ticketId', 'integer', (c) => c.references('tickets.id').onDelete('cascade'))
    .addColumn('messageId', 'integer', (c) => c.references('messages.id').onDelete('cascade'))
    .addColumn('readAt', timestamp)
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('mentions_user_idx').on('mentions').columns(['userId', 'id']).execute()
  await db.schema.createIndex('mentions_ticket_idx').on('mentions').columns(['ticketId', 'userId']).execute()

  await db.schema
    .alterTable('messages')
    .addColumn('isNote', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  const now = new Date().toISOString()
  const seeded = db as Kysely<Seeded>
  await seeded
    .insertInto('chat_channels')
    .values({ kind: 'general', name: null, createdAt: now, updatedAt: now })
    .execute()
  await seeded
    .insertInto('settings')
    .values(['internalChatUrl', 'chatbotUrl'].map((key) => ({ key, value: '', createdAt: now, updatedAt: now })))
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await (db as Kysely<Seeded>).deleteFrom('settings').where('key', 'in', ['internalChatUrl', 'chatbotUrl']).execute()
  await db.schema.alterTable('messages').dropColumn('isNote').execute()
  for (const table of ['mentions', 'chat_messages', 'chat_reads', 'chat_members', 'chat_channels']) {
    await db.schema.dropTable(table).execute()
  }
}
