import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../dialect'

/**
 * A search of one or two characters matches only the start of a contact's name, number or
 * e-mail (see `isStartSearch` in the contract); these indexes answer it as a range of one
 * B-tree instead of reading every message. SQLite uses an index for `column LIKE 'ab%'` only
 * when the index folds case as its LIKE does (`COLLATE NOCASE`) and the column is bare;
 * PostgreSQL for `lower(name) LIKE 'ab%'` through `text_pattern_ops`, whatever the database's
 * collation.
 */
const INDEXES = [
  { name: 'contacts_name_start_idx', column: 'name', lowered: true },
  { name: 'contacts_number_start_idx', column: 'number', lowered: false },
  { name: 'contacts_email_start_idx', column: 'email', lowered: true },
] as const

export const up = async (db: Kysely<unknown>): Promise<void> => {
  const postgres = dialectOf(db) === 'postgres'
  for (const { name, column, lowered } of INDEXES) {
    const key = postgres
      ? sql`${lowered ? sql`lower(${sql.ref(column)})` : sql.ref(column)} text_pattern_ops`
      : sql`${sql.ref(column)} collate nocase`
    await sql`create index ${sql.id(name)} on contacts (${key})`.execute(db)
  }
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const { name } of INDEXES) await db.schema.dropIndex(name).execute()
}
