import { type Expression, type Kysely, sql } from 'kysely'
import { dialectOf } from './dialect'

/**
 * SQL expression helpers the repositories share. Each builds part of a query through the query
 * layer (bound values, never string-built SQL).
 */

export { inIds } from './dialect'

/** Escapes LIKE's wildcards (and its escape character) so a search matches them literally. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

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
