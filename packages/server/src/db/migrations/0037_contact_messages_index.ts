import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../dialect'

/**
 * PostgreSQL: an index on `messages.contactId`. Deleting a contact sets that column to null on the messages
 * that name it, and without an index PostgreSQL reads the whole table for each contact deleted, the rows of
 * messages already deleted but not yet vacuumed included: deleting every contact of the benchmark's desk (a
 * million messages, 100,000 contacts) went at about 40 contacts a second, and deleting one read the million.
 * Every arriving message writes one more index entry, a small part of what PostgreSQL spends on it (the
 * trigram index of its text is most of it). SQLite stays without (migration 0036 says why): there its messages
 * go first when every contact is deleted, and a table emptied is read at once.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  if (dialectOf(db) !== 'postgres') return
  await sql`create index "messages_contact_idx" on "messages" ("contactId")`.execute(db)
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  if (dialectOf(db) !== 'postgres') return
  await sql`drop index "messages_contact_idx"`.execute(db)
}
