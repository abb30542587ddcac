import { z } from 'zod'
import { digitsOnly } from '../common'
import { safeText } from '../text'
import { VALIDATION_MESSAGES } from '../validation'

/** Recipient lists of outreach jobs: limits, the seed's Brazilian number rule (seed 001 §5), entries one a line. */

const m = VALIDATION_MESSAGES

export const OUTREACH_TEXT_MAX = 65_536
/** The seed advises blocks of 30; this is the hard ceiling of one job. */
export const OUTREACH_MAX_RECIPIENTS = 100_000
export const OUTREACH_MAX_INTERVAL_SECONDS = 3600

/**
 * The seed's rule, on the digits of the entry (formatting such as `+`, spaces or
 * dashes is dropped first, since an address can only hold digits):
 * - not starting with 55: sent as given;
 * - 55 and area code (digits 3–4) ≤ 30: country code, area code, `9`, last 8 digits;
 * - 55 and area code > 30: country code, area code, last 8 digits (no 9).
 * Numbers too short to hold country code, area code and 8 digits (under 12 digits)
 * are left as given: the rule has no meaning for them.
 */
export const normalizeBrazilianNumber = (entry: string): string => {
  const digits = digitsOnly(entry)
  if (!digits.startsWith('55') || digits.length < 12) return digits
  const area = digits.slice(2, 4)
  const subscriber = digits.slice(-8)
  return Number(area) <= 30 ? `55${area}9${subscriber}` : `55${area}${subscriber}`
}

/**
 * The recipient address of a list entry: `{digits}@c.us` after normalisation, or in
 * group mode `{groupId}@g.us` (the entry is a group id, any suffix it had replaced).
 */
export const toRecipientAddress = (entry: string, isGroup = false): string => {
  const bare = entry.trim().replace(/@(c|g|s)\.us$/i, '')
  if (isGroup) return `${bare.replace(/[^\d-]/g, '')}@g.us`
  return `${normalizeBrazilianNumber(bare)}@c.us`
}

/**
 * Entries typed one per line (or sent as an array): trimmed, blank lines dropped,
 * duplicates removed keeping the first. At least one, at most `OUTREACH_MAX_RECIPIENTS`.
 */
export const lineList = (maxLine = 200) =>
  z
    .union([safeText(), z.array(safeText())], { error: m.required })
    .transform((v) => {
      const lines = (Array.isArray(v) ? v : v.split(/\r?\n/)).map((l) => l.trim()).filter(Boolean)
      return [...new Set(lines)]
    })
    .pipe(
      z
        .array(safeText().max(maxLine, { error: m.tooLong }))
        .min(1, { error: m.required })
        .max(OUTREACH_MAX_RECIPIENTS, { error: m.tooLong }),
    )

/**
 * Phone numbers, one per line: each must hold 8 to 40 digits once formatting is
 * stripped; group ids (`120363…` or `5511…-1596…`) are accepted in group mode.
 */
export const NumberList = lineList(100).superRefine((entries, ctx) => {
  entries.forEach((entry, index) => {
    const digits = digitsOnly(entry)
    if (digits.length < 8 || digits.length > 40 || /[a-z]/i.test(entry.replace(/@(c|g|s)\.us$/i, ''))) {
      ctx.addIssue({ code: 'custom', path: [index], message: m.invalid })
    }
  })
})

/**
 * The address a bulk job sends an entry to, or null when the entry cannot be one: a number needs
 * 8 to 40 digits and no letters once formatting is stripped; a group id (group mode) digits and
 * dashes with at least 8 digits. An entry written with `@g.us` is a group id in either mode. The
 * page can mark such lines before sending; the server skips them (`invalid`).
 */
export const recipientAddressOf = (entry: string, isGroup = false, asTyped = false): string | null => {
  const group = isGroup || /@g\.us$/i.test(entry.trim())
  const bare = entry.trim().replace(/@(c|g|s)\.us$/i, '')
  if (group ? !/^[\d-]+$/.test(bare) : /[a-z]/i.test(bare)) return null
  const address = asTyped && !group ? `${digitsOnly(bare)}@c.us` : toRecipientAddress(bare, group)
  const digits = digitsOnly(address.split('@')[0] ?? '')
  return digits.length >= 8 && digits.length <= 40 ? address : null
}

/** A list line's length: a number, or a number with its columns for a template's variables. */
export const RECIPIENT_LINE_MAX = 1000

/**
 * The recipients of a bulk job, one per line (or an array), kept as given: blank lines dropped,
 * nothing else. Duplicates (after normalisation) and entries that are no address are recorded
 * as skipped by the job rather than refused, so the list's count and order stay the sender's.
 */
export const RecipientList = z
  .union([safeText(), z.array(safeText())], { error: m.required })
  .transform((v) => (Array.isArray(v) ? v : v.split(/\r?\n/)).map((l) => l.trim()).filter(Boolean))
  .pipe(
    z
      .array(safeText().max(RECIPIENT_LINE_MAX, { error: m.tooLong }))
      .min(1, { error: m.required })
      .max(OUTREACH_MAX_RECIPIENTS, { error: m.tooLong }),
  )

/**
 * The number of a pasted line with columns (`number;name;order`, for a template's variables): its first
 * column. Lines without `;` are the number as they are.
 */
export const lineNumber = (line: string): string => line.split(';')[0]!.trim()

/** The columns of a pasted line, the number being column 1; a missing column is empty. */
export const lineColumn = (line: string, column: number): string => (line.split(';')[column - 1] ?? '').trim()

/**
 * The number the seed's rule makes of an entry, when it changes it (`5531991234567` → `553191234567`);
 * null when the entry is sent as typed (not Brazilian, already in the rule's form, a group id, not a number).
 */
export const rewrittenNumber = (entry: string, isGroup = false): string | null => {
  if (isGroup || /@g\.us$/i.test(entry.trim())) return null
  const typed = recipientAddressOf(entry, false, true)
  const ruled = recipientAddressOf(entry, false)
  return typed && ruled && typed !== ruled ? (ruled.split('@')[0] ?? null) : null
}

/** What a bulk job does with one line of its list. */
export interface PlannedRecipient {
  entry: string
  /** Where it goes; null when skipped. */
  address: string | null
  /** Why it is skipped: not an address, or an earlier line goes to the same address. */
  reason: 'invalid' | 'duplicate' | null
}

/**
 * Plans a list line by line, as the job will send it: the address after the seed's rule (or as typed
 * for the numbers in `keepAsTyped`, compared by their digits), `invalid` when the line is no address,
 * `duplicate` when an earlier line goes to the same address. The form's estimate and the server's
 * job count with this one function, so they agree on how many messages go out.
 */
export const recipientPlanner = (
  isGroup: boolean,
  keepAsTyped: Iterable<string> = [],
  /** Lines carry columns after the number (`number;name;order`): the address is the first column's. */
  columns = false,
) => {
  const keep = new Set([...keepAsTyped].map(digitsOnly).filter(Boolean))
  const seen = new Set<string>()
  return (entry: string): PlannedRecipient => {
    const number = columns ? lineNumber(entry) : entry
    const address = recipientAddressOf(number, isGroup, keep.has(digitsOnly(number)))
    if (!address) return { entry, address: null, reason: 'invalid' }
    if (seen.has(address)) return { entry, address: null, reason: 'duplicate' }
    seen.add(address)
    return { entry, address, reason: null }
  }
}
