import { z } from 'zod'
import { idSchema, safeText } from './text'

/**
 * Validation messages are codes, not prose: the UI translates them once
 * (`validation.required` → "Required", …) and the server returns them in the
 * `fields` of a 400 so both sides speak the same language.
 */
export const VALIDATION_MESSAGES = {
  required: 'validation.required',
  tooShort: 'validation.tooShort',
  tooLong: 'validation.tooLong',
  invalidEmail: 'validation.invalidEmail',
  invalid: 'validation.invalid',
  /** Unique value already held by another record (queue name, quick-answer shortcut). */
  taken: 'validation.taken',
} as const
export type ValidationMessage = (typeof VALIDATION_MESSAGES)[keyof typeof VALIDATION_MESSAGES]

const m = VALIDATION_MESSAGES

/** A required, trimmed string with the seed's "Too Short!" / "Too Long!" bounds. */
export const boundedString = (min: number, max: number) =>
  safeText({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .min(min, { error: m.tooShort })
    .max(max, { error: m.tooLong })

export const requiredString = (max = 10_000) =>
  safeText({ error: m.required }).trim().min(1, { error: m.required }).max(max, { error: m.tooLong })

export const email = () =>
  safeText({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .max(254, { error: m.tooLong })
    .pipe(z.email({ error: m.invalidEmail }))
    .transform((v) => v.toLowerCase())

export const password = () =>
  safeText({ error: m.required }).min(5, { error: m.tooShort }).max(50, { error: m.tooLong })

/**
 * Every id the API takes (path parameters, JSON fields, lists): 1 to 2³¹−1, as a number or as
 * canonical decimal text (see `idSchema`); anything else is `validation.invalid`.
 */
export const Id = idSchema(m.invalid)
export const IdParams = z.object({ id: Id })
export type IdParams = z.infer<typeof IdParams>

/** A page of a list: 1, 2, 3 … written as an id is (canonical decimal, at most 2³¹−1). */
export const PageNumber = idSchema(m.invalid)

export const PageQuery = z.object({
  searchParam: safeText().max(200, { error: m.tooLong }).optional().default(''),
  pageNumber: PageNumber.optional().default(1),
})
export type PageQuery = z.infer<typeof PageQuery>

/**
 * Hex colour of 3 to 9 characters, as the queue form allows: `#rgb`, `#rgba`, `#rrggbb` or
 * `#rrggbbaa`, the `#` optional (the server stores queue colours with it, lower-case).
 */
export const Color = safeText({ error: m.required })
  .trim()
  .min(3, { error: m.tooShort })
  .max(9, { error: m.tooLong })
  .regex(/^#?(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i, { error: m.invalid })

export const IsoDate = safeText()
