import type { Kysely } from 'kysely'

/**
 * What a file card shows besides its type: `messages.mediaSize`, the stored file's size in bytes,
 * and `messages.mediaName`, the name the file came with (an agent's upload, a customer's document).
 * Both are null for messages without a file and for rows stored before this migration, whose card
 * then shows no size and falls back to the message's text for the name. One column per statement:
 * SQLite adds only one at a time.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('messages').addColumn('mediaSize', 'integer').execute()
  await db.schema.alterTable('messages').addColumn('mediaName', 'text').execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('messages').dropColumn('mediaName').execute()
  await db.schema.alterTable('messages').dropColumn('mediaSize').execute()
}
