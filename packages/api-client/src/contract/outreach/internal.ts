import { z } from 'zod'
import { Flag, Instant } from '../common'
import { safeText } from '../text'
import { Id, VALIDATION_MESSAGES } from '../validation'
import { SendingWindow } from './jobs'
import { OUTREACH_MAX_INTERVAL_SECONDS, OUTREACH_MAX_RECIPIENTS, RecipientList } from './numbers'

/** Fields several outreach requests share; not part of the contract's exports. */

const m = VALIDATION_MESSAGES

export const seconds = z.coerce
  .number({ error: m.invalid })
  .int({ error: m.invalid })
  .min(0, { error: m.invalid })
  .max(OUTREACH_MAX_INTERVAL_SECONDS, { error: m.invalid })

export const dispatch = {
  /** Seed's API token; accepted, not required. */
  token: safeText().max(500).optional(),
  /** The dispatch id: the connection to send through. */
  ticketwhatsappId: Id,
}

export const intervalRefine = (v: { minInterval: number; maxInterval: number }, ctx: z.RefinementCtx) => {
  if (v.minInterval > v.maxInterval) ctx.addIssue({ code: 'custom', path: ['maxInterval'], message: m.invalid })
}

export const bulkBase = {
  ...dispatch,
  numbers: RecipientList,
  /**
   * Numbers of the list the seed's Brazilian rule must leave as typed (this job only), one a line or
   * an array; compared by their digits. Absent: the rule applies to every number.
   */
  keepAsTyped: z
    .union([safeText(), z.array(safeText())])
    .transform((v) => (Array.isArray(v) ? v : v.split(/\r?\n/)).map((l) => l.trim()).filter(Boolean))
    .pipe(z.array(safeText().max(100, { error: m.tooLong })).max(OUTREACH_MAX_RECIPIENTS, { error: m.tooLong }))
    .optional()
    .default([]),
  /** Seconds; the job waits a random whole number between the two before and after each send. */
  minInterval: seconds,
  maxInterval: seconds,
  /** Group mode: entries are group ids, sent to `@g.us`. Yes/no as `true`/`false` or the seed's `1`/`0`. */
  isGroup: Flag.optional().default(false),
  /** ISO date-time: the job waits, queued, until then (scheduled sends build on it). */
  startAt: Instant.optional(),
  /** Sends only inside this window; outside it the job waits for the next opening. */
  window: SendingWindow.optional(),
  /** At most this many job messages a day on the connection (in the window's time zone, else UTC). */
  dailyCap: z.coerce
    .number({ error: m.invalid })
    .int({ error: m.invalid })
    .min(1, { error: m.invalid })
    .max(1_000_000, { error: m.invalid })
    .optional(),
}
