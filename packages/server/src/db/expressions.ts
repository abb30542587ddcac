import { type Expression, type Kysely, type RawBuilder, sql } from 'kysely'
import { dialectOf } from './dialect'

/**
 * SQL expression helpers the repositories share. Each builds part of a query through the query
 * layer (a column reference and bound values, never string-built SQL).
 */

export { inIds } from './dialect'

/** Escapes LIKE's wildcards (`%`, `_`) and its escape character, for `… like ? escape '\'`. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** `%value%`: the escaped value anywhere in the text. */
export const containsPattern = (value: string) => `%${escapeLike(value)}%`

/** `value%`: the escaped value at the start of the text. */
export const prefixPattern = (value: string) => `${escapeLike(value)}%`

/** `expression like pattern escape '\'` (the pattern built with the helpers above). */
export const likeEscaped = (expression: RawBuilder<unknown>, pattern: string) =>
  sql<boolean>`${expression} like ${pattern} escape '\\'`

/** `lower(column) like pattern escape '\'`: a case-blind match on either dialect. */
export const lowerLike = (column: string, pattern: string) => likeEscaped(sql`lower(${sql.ref(column)})`, pattern)

/** `value like pattern escape '\'`, for a pattern built with `escapeLike`. */
export const likeSearch = (pattern: string) => (value: Expression<unknown>) =>
  sql<boolean>`${value} like ${pattern} escape '\\'`

/**
 * A correlated subquery PostgreSQL must run for each row: `offset 0` keeps the planner from
 * first collecting every match of the whole table (a hashed subplan), which a count that stops
 * early never needs. SQLite runs them row by row anyway.
 */
export const perRow = <T, Q extends { offset(n: number): Q }>(db: Kysely<T>, query: Q): Q =>
  dialectOf(db) === 'postgres' ? query.offset(0) : query

/**
 * `status in ('open', 'pending')` with the statuses written into the SQL: the condition of the
 * one-live-ticket index (migration 0006), which a planner can match only against constants, not
 * against bound values. A contact's live ticket on a connection is then one index probe.
 */
export const isLive = sql<boolean>`${sql.ref('tickets.status')} in ('open', 'pending')`
