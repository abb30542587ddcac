import { z } from 'zod'
import {
  type DayRange,
  dayRangeOf,
  FIRST_DAY,
  INSTANT_MAX,
  INSTANT_MIN,
  isStorableDay,
  isStorableInstant,
  LAST_DAY,
} from './constants'
import { idNumber, safeText } from './text'
import { Id, VALIDATION_MESSAGES } from './validation'

export { type DayRange, dayRangeOf, FIRST_DAY, INSTANT_MAX, INSTANT_MIN, isStorableDay, isStorableInstant, LAST_DAY }

/** Small building blocks shared by several resources (query strings, dates, digits). */

const m = VALIDATION_MESSAGES

/**
 * A yes/no flag, wherever the seed has one (query strings, multipart fields, JSON bodies):
 * `true`/`false`, `1`/`0`, and the strings `'true'`/`'false'`/`'1'`/`'0'` (query strings and
 * multipart fields carry only strings; the seed's clients send `read: 1` in JSON). Anything
 * else is a 400 `validation.invalid`, never a silent `false`.
 */
export const Flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '1', '0'])], { error: m.invalid })
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1')

/** The same flag (kept under the name the query schemas know it by). */
export const BooleanString = Flag

/**
 * A calendar day `YYYY-MM-DD`: real dates only (2024-02-30 is refused), from `FIRST_DAY` to
 * `LAST_DAY` (year 0 would be a 500 on PostgreSQL).
 */
export const IsoDay = z.iso.date({ error: m.invalid, abort: true }).refine(isStorableDay, { error: m.invalid })
export type IsoDay = z.infer<typeof IsoDay>

/**
 * An instant as an ISO date-time with its offset (`2026-11-24T09:18:39+02:00`, `…Z`), inside the
 * span both databases keep (`INSTANT_MIN`…`INSTANT_MAX`: years 0001 to 9999 once read in UTC).
 * Anything else is a 400 `validation.invalid`. Stays text: the caller reads it with `new Date`.
 */
export const Instant = z.iso
  .datetime({ offset: true, error: m.invalid, abort: true })
  .refine((v) => isStorableInstant(Date.parse(v)), { error: m.invalid })

/**
 * A calendar day, as `YYYY-MM-DD` or as a full ISO date-time (`2026-11-24T07:18:39.967Z`,
 * `2026-11-24T09:18:39+02:00`), parsed into the day and the instants it starts and ends
 * (see `dayRangeOf` for the reading). Anything else is a 400 `validation.invalid`.
 */
export const CalendarDay = safeText({ error: m.invalid })
  .max(40, { error: m.invalid })
  .transform((raw, ctx): DayRange => {
    const range = dayRangeOf(raw)
    if (range) return range
    ctx.addIssue({ code: 'custom', message: m.invalid })
    return z.NEVER
  })

/**
 * A list of ids sent in a query string as a JSON array (`queueIds=[1,2]`), parsed
 * into `number[]`. An empty value means "no filter" (`[]`). A value that is not a
 * JSON array of ids (see `Id`) is a 400 with `validation.invalid` on the field.
 * Arrays are accepted as they are, so code that builds the query object may pass
 * `number[]`; `toSearchParams` turns them back into JSON.
 */
export const JsonIdArray = z
  .union([safeText().max(10_000, { error: m.tooLong }), z.array(z.unknown())], { error: m.invalid })
  .transform((raw, ctx): number[] => {
    let value: unknown = raw
    if (typeof raw === 'string') {
      if (raw.trim() === '') return []
      try {
        value = JSON.parse(raw)
      } catch {
        ctx.addIssue({ code: 'custom', message: m.invalid })
        return z.NEVER
      }
    }
    const parsed = z.array(Id).max(1000).safeParse(value)
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: m.invalid })
      return z.NEVER
    }
    return [...new Set(parsed.data)]
  })

/**
 * A reference that may be unset, as forms send it: an id (number or digits), or "none" written
 * as `null`, `false`, `''`, `0` or `'0'` (the seed's user form starts its default-connection select at
 * `false` and offers an empty option). Every "none" becomes `null`.
 */
export const IdOrNone = z
  .union([z.null(), z.literal(false), z.number(), safeText().regex(/^(0|[1-9]\d*)?$/, { error: m.invalid })], {
    error: m.invalid,
  })
  .transform((v) => (v === null || v === false || v === '' ? null : Number(v) || null))
  .pipe(idNumber(m.invalid).nullable())

/** Keeps only the digits of a phone number: `+55 (11) 98765-4321` → `5511987654321`. */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '')

/**
 * Optional free text (greetings, farewells): trimmed; empty or `null` becomes
 * `null` ("cleared"); a missing field stays missing ("unchanged" on updates).
 */
export const optionalText = (max: number) =>
  safeText({ error: m.invalid })
    .trim()
    .max(max, { error: m.tooLong })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null))

/**
 * Serialises a query object for a URL: arrays become JSON (as `queueIds` expects),
 * `undefined` and `null` are left out, everything else is stringified.
 */
export const toSearchParams = (query: Record<string, unknown>): URLSearchParams => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    params.set(key, Array.isArray(value) ? JSON.stringify(value) : String(value))
  }
  return params
}

/** Answer of calls that only confirm (deletes, bulk actions without a body). */
export const OkResponse = z.object({ message: safeText().optional() })
export type OkResponse = z.infer<typeof OkResponse>
