import { z } from 'zod'
import { safeText } from './text'
import { Id, VALIDATION_MESSAGES } from './validation'

/** Small building blocks shared by several resources (query strings, dates, digits). */

const m = VALIDATION_MESSAGES

/**
 * A flag in a query string or multipart field: only `'true'` and `'false'` (or a
 * real boolean, when the caller builds the object in code) are accepted.
 * Anything else is a 400, never a silent `false`.
 */
export const BooleanString = z
  .union([z.boolean(), z.enum(['true', 'false'])], { error: m.invalid })
  .transform((v) => v === true || v === 'true')

/** A calendar day `YYYY-MM-DD` (real dates only: 2024-02-30 is refused). */
export const IsoDay = z.iso.date({ error: m.invalid })
export type IsoDay = z.infer<typeof IsoDay>

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
