import type { Kysely } from 'kysely'

type Seeded = { settings: { key: string; value: string; createdAt: string; updatedAt: string } }

/**
 * The desk's language (setting `language`: en, pt-BR or es): the language of what the server
 * itself writes to customers and in e-mails (the protocol message, the closing summary, subjects).
 * Existing desks keep English, which is what they sent before.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const now = new Date().toISOString()
  await (db as Kysely<Seeded>)
    .insertInto('settings')
    .values({ key: 'language', value: 'en', createdAt: now, updatedAt: now })
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await (db as Kysely<Seeded>).deleteFrom('settings').where('key', '=', 'language').execute()
}
