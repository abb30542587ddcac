import { createHash } from 'node:crypto'
import { type Compilable, CompiledQuery, type Kysely, type Transaction } from 'kysely'
import { dialectOf } from './dialect'
import type { DB } from './schema'

/** A database or a transaction (as `Executor` in `./index`, written here so this file imports no module that imports it). */
type Executor = Kysely<DB> | Transaction<DB>

/**
 * The comment that asks the PostgreSQL pool to run a statement prepared (see `PreparingClient` in
 * `postgres.ts`): parsed once per connection, and planned as PostgreSQL chooses (a plan for the values
 * the first five times, then one plan for every value when that costs no more). SQLite ignores it (its
 * statements are cached by text anyway; see `openDatabase`).
 */
export const PREPARED_MARK = '/* prepared */ '

/** As PREPARED_MARK, with one plan for every value from the first run (see `runPrepared`). */
export const GENERIC_PLAN_MARK = '/* prepared, generic plan */ '

/** Whether a statement's text asks to be prepared (either mark). */
export const isPrepared = (text: string) => text.startsWith(PREPARED_MARK) || text.startsWith(GENERIC_PLAN_MARK)

/**
 * Runs `query` as a prepared statement on PostgreSQL with one plan for every value (a generic plan):
 * each connection parses and plans it once per text, where a query sent unprepared is planned again
 * every time (about a millisecond for the ticket list's five-table join, 3 ms for an agent's). The
 * plan is generic from the first run: PostgreSQL, choosing alone, judged the list's generic plan dearer
 * than a custom one and planned it anew on every request. For queries run on every request whose shape
 * depends on few choices (a filter on or off), so the texts stay few; values go in parameters.
 */
export const runPrepared = async <R>(
  db: Executor,
  query: Compilable<R>,
  /** False: planned as PostgreSQL chooses (PREPARED_MARK), for a query whose every plan is the same. */
  { genericPlan = true }: { genericPlan?: boolean } = {},
): Promise<R[]> => {
  const { sql, parameters } = query.compile()
  const text = dialectOf(db) === 'postgres' ? `${genericPlan ? GENERIC_PLAN_MARK : PREPARED_MARK}${sql}` : sql
  return (await db.executeQuery<R>(CompiledQuery.raw(text, [...parameters]))).rows
}

/** Texts prepared at most: past that, a new text is sent unprepared (nothing grows without bound). */
export const PREPARED_TEXTS = 200
const names = new Map<string, string>()

/** The statement name of a marked text (the same on every connection), or null past PREPARED_TEXTS. */
export const preparedName = (text: string): string | null => {
  let name = names.get(text)
  if (name === undefined) {
    if (names.size >= PREPARED_TEXTS) return null
    name = `desk_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`
    names.set(text, name)
  }
  return name
}
