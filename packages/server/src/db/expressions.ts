import { type RawBuilder, sql } from 'kysely'

/**
 * SQL expression helpers shared by the repositories. Each builds a boolean (or ordering)
 * expression from a column reference and a bound value, never from string-built SQL.
 */

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
