import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../dialect'
import { createTrigramIndexes, dropTrigramIndexes, TRIGRAM_INDEXES_0007 } from '../postgres'

/**
 * On PostgreSQL (SQLite keeps ISO text, which it compares and sorts as well, has its trigram
 * indexes from 0005, and only gets a partial index of contacts with an e-mail here):
 * - every timestamp becomes `timestamptz` (8 bytes instead of a 24-character string, and its
 *   indexes shrink alike). The pool reads them back as the same ISO strings (see `postgres.ts`),
 *   and ISO strings bound as values compare with them as before;
 * - trigram indexes (pg_trgm) for ticket and contact search, when the extension is available.
 *   Without it this part does nothing and the server says so once at start; searches then read
 *   the tables, with the same results.
 */
export const TIMESTAMP_COLUMNS: Record<string, string[]> = {
  users: ['createdAt', 'updatedAt'],
  queues: ['createdAt', 'updatedAt'],
  user_queues: ['createdAt'],
  whatsapps: ['createdAt', 'updatedAt'],
  whatsapp_queues: ['createdAt'],
  settings: ['createdAt', 'updatedAt'],
  refresh_tokens: ['expiresAt', 'revokedAt', 'createdAt'],
  contacts: ['createdAt', 'updatedAt'],
  contact_extra_info: ['createdAt', 'updatedAt'],
  tickets: ['createdAt', 'updatedAt'],
  messages: ['createdAt', 'updatedAt'],
  quick_answers: ['createdAt', 'updatedAt'],
}

export const up = async (db: Kysely<unknown>): Promise<void> => {
  if (dialectOf(db) !== 'postgres') {
    // SQLite's contact search reads names and numbers through 0005's trigram table and the
    // contacts that have an e-mail through this (most have none).
    await db.schema
      .createIndex('contacts_email_idx')
      .on('contacts')
      .column('email')
      .where('email', 'is not', null)
      .execute()
    return
  }
  for (const [table, columns] of Object.entries(TIMESTAMP_COLUMNS)) {
    // One statement a table, so each table is rewritten once.
    const changes = columns.map(
      (column) => sql`alter column ${sql.ref(column)} type timestamptz using ${sql.ref(column)}::timestamptz`,
    )
    await sql`alter table ${sql.table(table)} ${sql.join(changes)}`.execute(db)
  }
  await createTrigramIndexes(db, TRIGRAM_INDEXES_0007)
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  if (dialectOf(db) !== 'postgres') {
    await db.schema.dropIndex('contacts_email_idx').execute()
    return
  }
  await dropTrigramIndexes(db, TRIGRAM_INDEXES_0007)
  for (const [table, columns] of Object.entries(TIMESTAMP_COLUMNS)) {
    const changes = columns.map(
      (column) =>
        sql`alter column ${sql.ref(column)} type varchar(32) using to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    )
    await sql`alter table ${sql.table(table)} ${sql.join(changes)}`.execute(db)
  }
}
