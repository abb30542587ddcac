import { z } from 'zod'

/**
 * The two primitives every string and every id of the contract is built from, so that what
 * the API accepts is the same on SQLite and on PostgreSQL. This file is the only one in the
 * contract that calls `z.string` (a test keeps it so).
 */

const NUL = '\u0000'

/**
 * Removes NUL bytes (U+0000). PostgreSQL cannot store them in text at all and SQLite would
 * keep them, so they are dropped once, here, before any text is stored, compared or searched.
 * Dropped rather than refused: a customer's message that carries one still arrives.
 */
export const stripNul = (value: string): string => (value.includes(NUL) ? value.replaceAll(NUL, '') : value)

/**
 * A string of the API with its NUL bytes removed. It is a plain zod string (`.trim()`,
 * `.min()`, `.max()`, `.regex()` chain as usual) whose first step is `stripNul`, so the
 * bounds apply to the text that will be stored.
 */
export const safeText = (params?: Parameters<typeof z.string>[0]) => z.string(params).overwrite(stripNul)

/** The largest id: PostgreSQL's `integer`, which every id column is. */
export const ID_MAX = 2_147_483_647

/** A canonical decimal id as text: no sign, no leading zero, no exponent, no spaces, at most 10 digits. */
const CANONICAL_ID = /^[1-9][0-9]{0,9}$/

/** An id sent as a JSON number only (where text means something else, such as a provider's id). */
export const idNumber = (error: string) =>
  z.number({ error }).int({ error, abort: true }).min(1, { error }).max(ID_MAX, { error })

/**
 * An id: a whole number from 1 to 2³¹−1, as a JSON number or as its canonical decimal text
 * (path parameters and query strings are text). `0x1`, `1e0`, `+1`, `01`, ` 1` and `1.0` are
 * not ids: they answer 400 `ERR_VALIDATION` instead of naming record 1, and so do ids past
 * the column's range. A well-formed id that names nothing is the route's 404.
 */
export const idSchema = (error: string) =>
  z.union(
    [
      idNumber(error),
      z
        .string({ error })
        .regex(CANONICAL_ID, { error })
        .transform(Number)
        .pipe(z.number({ error }).max(ID_MAX, { error })),
    ],
    { error },
  )
