import { sql } from 'kysely'
import type { Db } from '../../../db'
import { escapeLike } from '../../../db/expressions'

/**
 * How PostgreSQL should look for the messages of a ticket search, from the planner's own
 * estimates (statistics of `bodyLower`, the lowered copy of message text that the trigram index
 * holds, migration 0011; a fraction of a millisecond each):
 * - `broad` when even the rarest part of the text is in more than `broadRows` messages: the
 *   caller then checks tickets newest first, as reading every match through the index (its
 *   bitmap holds them all before any limit applies) costs more than it saves;
 * - otherwise the pattern to hand the index: the rarest word of the search, or the whole text.
 *   A trigram index intersects the entries of every trigram it is given, so a word found in
 *   every message ("ticket" in "ticket 12345") would cost as much as the rest put together;
 *   given only the rare word, the index finds a few rows that the full text then checks.
 */
export const planMessageSearch = async (
  db: Db,
  search: string,
  broadRows: number,
): Promise<{ broad: true } | { broad: false; indexPattern: string; estimate: number }> => {
  const full = `%${escapeLike(search)}%`
  // Runs of letters and digits, as pg_trgm cuts words; shorter than three gives no trigram.
  const words = [...new Set(search.match(/[\p{L}\p{N}]{3,}/gu) ?? [])].filter((w) => w !== search)
  // And every three characters in a row that hold a digit: in "ticket 77" the rare part is " 77",
  // a word too short to stand alone. Not those inside one of the words: a word is found in at most
  // the messages its piece is, and wins a tie, so estimating the piece would change nothing.
  const chars = [...search]
  const windows = chars
    .slice(2)
    .map((_, i) => chars.slice(i, i + 3).join(''))
    .filter((w) => /\p{N}/u.test(w) && !words.some((word) => word.includes(w)))
  const patterns = [full, ...[...new Set([...words, ...windows])].map((w) => `%${escapeLike(w)}%`)]
  const estimates = await Promise.all(patterns.map((pattern) => estimateOf(db, pattern)))
  const rarest = Math.min(...estimates)
  if (rarest > broadRows) return { broad: true }
  // The rarest word (the longest among equals); the whole text when no word is nearly as rare.
  let best = 0
  for (let i = 1; i < patterns.length; i += 1) {
    const tie = estimates[i] === estimates[best] && patterns[i]!.length > patterns[best]!.length
    if (best === 0 || estimates[i]! < estimates[best]! || tie) best = i
  }
  if (best !== 0 && estimates[0]! * 10 < estimates[best]!) best = 0
  return { broad: false, indexPattern: patterns[best]!, estimate: estimates[best]! }
}

/**
 * How long a pattern's estimate is kept. The planner's estimate comes from the statistics of
 * `bodyLower`, which change only when PostgreSQL analyses the table again (after a tenth of it
 * changed, by default), so an estimate a few minutes old is as good as a new one; asking costs
 * 0.6–2.6 ms each, three to five before every search.
 */
export const ESTIMATE_TTL_MS = 5 * 60_000
/** Patterns kept at most per database (the oldest goes first). */
const ESTIMATES_KEPT = 2_000
const estimateCache = new WeakMap<Db, Map<string, { rows: number; until: number }>>()

/** The planner's estimate of the messages whose `bodyLower` is like `pattern`, remembered for ESTIMATE_TTL_MS. */
const estimateOf = async (db: Db, pattern: string): Promise<number> => {
  let kept = estimateCache.get(db)
  if (!kept) {
    kept = new Map()
    estimateCache.set(db, kept)
  }
  const now = Date.now()
  const known = kept.get(pattern)
  if (known && known.until > now) return known.rows
  const [row] = await db
    .selectFrom('messages')
    .select('messages.id')
    .where(sql<boolean>`${sql.ref('messages.bodyLower')} like ${pattern} escape '\\'`)
    .explain('json')
  const plan = (row as { 'QUERY PLAN'?: Array<{ Plan?: { 'Plan Rows'?: number } }> } | undefined)?.['QUERY PLAN']?.[0]
    ?.Plan
  const rows = plan?.['Plan Rows'] ?? 0
  kept.delete(pattern)
  if (kept.size >= ESTIMATES_KEPT) kept.delete(kept.keys().next().value as string)
  kept.set(pattern, { rows, until: now + ESTIMATE_TTL_MS })
  return rows
}
