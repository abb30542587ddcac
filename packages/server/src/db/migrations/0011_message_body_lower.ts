import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../dialect'
import { createTrigramIndexes, dropTrigramIndexes, TRIGRAM_INDEXES, TRIGRAM_INDEXES_0007 } from '../postgres'

const lowered = TRIGRAM_INDEXES.filter((i) => i.table === 'messages')
const expression = TRIGRAM_INDEXES_0007.filter((i) => i.table === 'messages')

/**
 * PostgreSQL: a lowered copy of every message's text, `messages.bodyLower` (a stored generated
 * column, always `lower(body)`), and the trigram index of message text on it instead of on the
 * expression `lower(body)` (0007). A trigram index only narrows a search down: each row it finds
 * is checked again against the text, and lowering the body for every such row cost more than
 * the rest of a search that finds thousands of messages. Comparing the stored copy gives the same
 * answer, as it is the same value. Adding the column rewrites the messages table once; its
 * statistics sample ten times the default, so the planner's estimates of a search are close.
 * SQLite: nothing (its trigram table, 0005, holds the text already).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  if (dialectOf(db) !== 'postgres') return
  await sql`alter table messages add column "bodyLower" text generated always as (lower(body)) stored`.execute(db)
  // A ticket search asks the planner how many messages hold its text (see planMessageSearch). The
  // default sample reads such a search (1% of the messages) as anything from none to 3%, and a
  // wrong "broad" costs seconds; ten times the sample narrows that to a few tenths of a percent.
  await sql`alter table messages alter column "bodyLower" set statistics 1000`.execute(db)
  await sql`analyze messages ("bodyLower")`.execute(db)
  await dropTrigramIndexes(db, expression)
  // Only where pg_trgm is (or can be) installed, as in 0007.
  await createTrigramIndexes(db, lowered)
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  if (dialectOf(db) !== 'postgres') return
  await dropTrigramIndexes(db, lowered)
  await sql`alter table messages drop column "bodyLower"`.execute(db)
  await createTrigramIndexes(db, expression)
}
