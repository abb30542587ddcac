import type { Kysely } from 'kysely'

type Seeded = { settings: { key: string; value: string; createdAt: string; updatedAt: string } }

/**
 * - The desk's language (setting `language`: en, pt-BR or es): the language of what the server
 *   itself writes to customers and in e-mails (the protocol message, the closing summary, subjects,
 *   a lane's quick answer greeting). Existing desks keep English, which is what they sent before.
 * - `bot_inbox.attempts`: how many posts of these queued messages a bot failed to answer; a batch
 *   is tried again later (its `dueAt` moved on) until the bound, so a retry survives a restart.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const now = new Date().toISOString()
  await (db as Kysely<Seeded>)
    .insertInto('settings')
    .values({ key: 'language', value: 'en', createdAt: now, updatedAt: now })
    .execute()
  await db.schema
    .alterTable('bot_inbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('bot_inbox').dropColumn('attempts').execute()
  await (db as Kysely<Seeded>).deleteFrom('settings').where('key', '=', 'language').execute()
}
