import { digitsOnly, toRecipientAddress } from '@desk/api-client/contract'
import type { DateInput } from '../../../lib/datetime'

/** What the numbers box will send to: distinct recipients, and how many entries repeat one of them. */
export interface RecipientCount {
  /** Distinct recipient addresses after the seed's Brazilian normalisation (or as group ids). */
  count: number
  /** Valid entries that name a recipient already in the list (sent once). */
  repeated: number
}

/** An entry the contract's `NumberList` accepts: 8 to 40 digits once formatting is stripped, no letters. */
const isValidEntry = (entry: string) => {
  const digits = digitsOnly(entry)
  return digits.length >= 8 && digits.length <= 40 && !/[a-z]/i.test(entry.replace(/@(c|g|s)\.us$/i, ''))
}

/**
 * Counts the recipients of a numbers box (one entry a line): blank and invalid lines are left out, each
 * entry becomes its address (`5511…@c.us` after normalisation, `…@g.us` in group mode), and addresses
 * that repeat count once. `5511912345678` and `+55 11 1234-5678` are the same recipient.
 */
export function countRecipients(numbers: string, isGroup: boolean): RecipientCount {
  const entries = numbers
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && isValidEntry(line))
  const addresses = new Set(entries.map((entry) => toRecipientAddress(entry, isGroup)))
  return { count: addresses.size, repeated: entries.length - addresses.size }
}

/** A whole number of seconds from a form field, or null when it is not one. */
const wholeSeconds = (value: string | number) => {
  const n = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value)
  return Number.isInteger(n) && n >= 0 ? n : null
}

/**
 * When a send of `count` recipients should end: the job waits a random whole number of seconds between
 * the minimum and the maximum before and after each send (seed §9), so each recipient takes on average
 * `2 × (min + max) / 2 = min + max` seconds. Null when the intervals are not usable (empty, negative,
 * min above max) or there is nobody to send to.
 */
export function estimateEnd(
  count: number,
  minInterval: string | number,
  maxInterval: string | number,
  start: DateInput,
): Date | null {
  const min = wholeSeconds(minInterval)
  const max = wholeSeconds(maxInterval)
  if (count === 0 || min === null || max === null || min > max) return null
  // A date-time without an offset (the form's `YYYY-MM-DDTHH:mm`) is local time, as the browser reads it.
  const from = new Date(start).getTime()
  return Number.isFinite(from) ? new Date(from + count * (min + max) * 1000) : null
}
