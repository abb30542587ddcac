import { sql } from 'kysely'
import type { Db } from '../../db'

/** A counter's current window: attempts seen and when the window ends (epoch milliseconds). */
export interface RateWindow {
  count: number
  resetAt: number
}

/** Where counters live. The database store is the default, so every process shares them. */
export interface RateLimitStore {
  /**
   * Adds one attempt (or `amount`: bytes of an upload, negative to give them back) to each key's
   * window, starting a new window of `windowMs` for a key whose window has ended (or that has none),
   * and answers each key's window after the increment.
   */
  hit(
    keys: ReadonlyArray<{ key: string; windowMs: number; amount?: number }>,
    now: number,
  ): Promise<Map<string, RateWindow>>
  /** The live windows among these keys; a key without one is left out. */
  peek(keys: readonly string[], now: number): Promise<Map<string, RateWindow>>
  clear(key: string): Promise<void>
  /** Deletes windows that have ended; answers how many. */
  sweep(now: number): Promise<number>
}

const iso = (ms: number) => new Date(ms).toISOString()

/**
 * Counters in the `rate_limits` table, one row per key. An increment is one upsert (a single
 * statement, atomic on SQLite and PostgreSQL alike): a live window counts on, an ended one
 * restarts at 1. Timestamps go in as ISO strings: text on SQLite (which compares as text),
 * `timestamptz` on PostgreSQL.
 */
export const createDatabaseRateLimitStore = (db: Db): RateLimitStore => {
  const live = sql<boolean>`${sql.ref('rate_limits.expiresAt')} > ${sql.ref('excluded.windowStart')}`
  return {
    async hit(keys, now) {
      if (keys.length === 0) return new Map()
      const rows = await db
        .insertInto('rate_limits')
        .values(
          keys.map(({ key, windowMs, amount = 1 }) => ({
            key,
            windowStart: iso(now),
            expiresAt: iso(now + windowMs),
            count: amount,
          })),
        )
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when ${live} then ${sql.ref('rate_limits.count')} + ${sql.ref('excluded.count')} else ${sql.ref('excluded.count')} end`,
            windowStart: sql<string>`case when ${live} then ${sql.ref('rate_limits.windowStart')} else ${sql.ref('excluded.windowStart')} end`,
            expiresAt: sql<string>`case when ${live} then ${sql.ref('rate_limits.expiresAt')} else ${sql.ref('excluded.expiresAt')} end`,
          }),
        )
        .returning(['key', 'count', 'expiresAt'])
        .execute()
      return new Map(rows.map((r) => [r.key, { count: Number(r.count), resetAt: Date.parse(r.expiresAt) }]))
    },
    async peek(keys, now) {
      if (keys.length === 0) return new Map()
      const rows = await db
        .selectFrom('rate_limits')
        .select(['key', 'count', 'expiresAt'])
        .where('key', 'in', keys)
        .where('expiresAt', '>', iso(now))
        .execute()
      return new Map(rows.map((r) => [r.key, { count: Number(r.count), resetAt: Date.parse(r.expiresAt) }]))
    },
    async clear(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute()
    },
    async sweep(now) {
      const result = await db.deleteFrom('rate_limits').where('expiresAt', '<=', iso(now)).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
