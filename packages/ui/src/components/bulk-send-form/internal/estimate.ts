import { digitsOnly, lineNumber, recipientPlanner, rewrittenNumber } from '@desk/api-client/contract'
import type { DateInput } from '../../../lib/datetime'

/** A number of the box that the seed's Brazilian rule changes. */
export interface RewrittenNumber {
  /** The line as typed. */
  typed: string
  /** Its digits, the key "keep as typed" is stored under. */
  digits: string
  /** What the rule sends to instead. */
  number: string
}

/** What the numbers box will send to, counted as the server's job will count it. */
export interface RecipientCount {
  /** Messages that will go out: distinct addresses after the rule (or as typed), invalid lines left out. */
  count: number
  /** Valid lines that name a recipient already in the list (sent once). */
  repeated: number
  /** Lines the rule changes, each once, in list order (shown with "keep as typed"). */
  rewritten: RewrittenNumber[]
}

/**
 * Counts the recipients of a numbers box (one entry a line) with the contract's own planner, the one the
 * job uses: blank and invalid lines are left out, each entry becomes its address (`5511…@c.us` after the
 * rule, as typed for the numbers in `keepAsTyped`, `…@g.us` in group mode), and addresses that repeat
 * count once. `5511912345678` and `+55 11 1234-5678` are the same recipient.
 */
export function countRecipients(
  numbers: string,
  isGroup: boolean,
  keepAsTyped: readonly string[] = [],
): RecipientCount {
  const plan = recipientPlanner(isGroup, keepAsTyped)
  // A template job's lines may carry columns after the number (`number;name;order`): the number is the first.
  const lines = numbers
    .split(/\r?\n/)
    .map((line) => lineNumber(line))
    .filter(Boolean)
  let count = 0
  let repeated = 0
  const rewritten = new Map<string, RewrittenNumber>()
  for (const line of lines) {
    const { reason } = plan(line)
    if (reason === null) count++
    else if (reason === 'duplicate') repeated++
    const number = rewrittenNumber(line, isGroup)
    const digits = digitsOnly(line)
    if (number && !rewritten.has(digits)) rewritten.set(digits, { typed: line, digits, number })
  }
  return { count, repeated, rewritten: [...rewritten.values()] }
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
