import { z } from 'zod'
import { Flag, Instant } from '../common'
import { CallOutcome, SmsDeliveryStatus } from '../telephony'
import { safeText } from '../text'
import { IsoDate, PageQuery, VALIDATION_MESSAGES } from '../validation'

/** Server-side outreach jobs: kinds, statuses, recipients, the job itself and its list, progress and actions. */

const m = VALIDATION_MESSAGES

export const JOB_KINDS = [
  'bulkText',
  'bulkMedia',
  'bulkFile',
  'bulkAudio',
  'groupSubject',
  'groupDescription',
  'groupCreate',
  'groupMessage',
  'groupOpen',
  'groupClose',
  /** The groups' "system message": each participant of the chosen groups gets it privately, once. */
  'groupParticipantsMessage',
  'direct',
  'sms',
  'voiceCall',
  'syncMessage',
  'schedule',
] as const
export const JobKind = z.enum(JOB_KINDS)
export type JobKind = z.infer<typeof JobKind>

/**
 * `queued`: created, waiting for its `startAt` (or its first step); `running`: working through its
 * list (possibly waiting: see `waitingReason`); `paused`: stopped until resumed (see `pauseReason`);
 * `done`: every recipient handled; `cancelled`: stopped for good by a person.
 */
export const JOB_STATUSES = ['queued', 'running', 'paused', 'done', 'failed', 'cancelled'] as const
export const JobStatus = z.enum(JOB_STATUSES)
export type JobStatus = z.infer<typeof JobStatus>
/** A job in one of these statuses will not change again. */
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['done', 'failed', 'cancelled']

/**
 * One recipient of a job: `queued` (not sent yet), `sending` (handed to the network, outcome not
 * recorded yet), `sent` (with the network's message id), `failed` (with a reason), `skipped`
 * (see `SKIP_REASONS`), `uncertain` (the server stopped during the send: it may or may not have
 * gone out, and is never sent again by itself).
 */
export const RECIPIENT_STATES = ['queued', 'sending', 'sent', 'failed', 'skipped', 'uncertain'] as const
export const RecipientState = z.enum(RECIPIENT_STATES)
export type RecipientState = z.infer<typeof RecipientState>

/**
 * Why a recipient was skipped: the same address earlier in the list, on the opt-out list, not a
 * number, or the job was cancelled first; group jobs also skip a group the connection does not
 * administer (`notAdmin`) or is not in (`notFound`), and the connection's own number (`ownNumber`);
 * Instagram direct jobs skip user names they cannot reach (`unknownUser`, `windowClosed`).
 */
export const SKIP_REASONS = [
  'duplicate',
  'optedOut',
  'invalid',
  'cancelled',
  'notAdmin',
  'notFound',
  'ownNumber',
  /** Instagram direct: a user name the desk never saw on the connection (only people who wrote first may be messaged). */
  'unknownUser',
  /** The customer's reply window has closed: an Instagram direct job's name, or a free-text job's number on the Cloud API (a template would be needed). */
  'windowClosed',
] as const
export type SkipReason = (typeof SKIP_REASONS)[number]

/** Why a job paused: a person paused it, its connection went away, or 5 sends failed in a row. */
export const JOB_PAUSE_REASONS = ['user', 'disconnected', 'failures'] as const
export type JobPauseReason = (typeof JOB_PAUSE_REASONS)[number]
/** How many failed sends in a row pause a job. */
export const JOB_MAX_CONSECUTIVE_FAILURES = 5

/**
 * What a running (or queued) job is waiting for: its start time, the random interval between
 * sends, the sending window to open, tomorrow (the connection's daily cap is reached), or another
 * job's message on the same connection. Null while it is sending.
 */
export const JOB_WAIT_REASONS = ['startAt', 'interval', 'window', 'dailyCap', 'connectionBusy'] as const
export type JobWaitReason = (typeof JOB_WAIT_REASONS)[number]

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}
const ClockTime = safeText({ error: m.required }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: m.invalid })

/**
 * Optional sending window: sends happen only between `start` and `end` (`HH:mm`, end excluded)
 * in `timeZone` (IANA, e.g. `America/Sao_Paulo`). `end` before `start` spans midnight.
 */
export const SendingWindow = z
  .object({
    start: ClockTime,
    end: ClockTime,
    timeZone: safeText({ error: m.required }).max(64, { error: m.tooLong }).refine(isTimeZone, { error: m.invalid }),
  })
  .refine((w) => w.start !== w.end, { path: ['end'], error: m.invalid })
export type SendingWindow = z.infer<typeof SendingWindow>

/** A server-side outreach job. `sent + failed + skipped + uncertain` of `total` is the "sent / total" counter. */
export const Job = z.object({
  id: z.number(),
  kind: JobKind,
  status: JobStatus,
  total: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  uncertain: z.number().int().nonnegative(),
  connectionId: z.number().nullable().optional(),
  /** Who created it; null for a job created with the API token. */
  userId: z.number().nullable().optional(),
  minInterval: z.number().int().nonnegative(),
  maxInterval: z.number().int().nonnegative(),
  pauseReason: z.enum(JOB_PAUSE_REASONS).nullable(),
  waitingReason: z.enum(JOB_WAIT_REASONS).nullable(),
  /** When its next step runs (ISO); null once finished or paused. */
  nextRunAt: IsoDate.nullable(),
  startAt: IsoDate.nullable(),
  /** "Done around" at the job's pace from now (ISO); null once finished. */
  estimatedEndAt: IsoDate.nullable(),
  window: SendingWindow.nullable(),
  dailyCap: z.number().int().positive().nullable(),
  /** Why the job failed as a whole. */
  error: safeText().nullable().optional(),
  /** SMS jobs: the segments the whole job sends (each recipient's message counts its own). */
  segments: z.number().int().nonnegative().nullable().optional(),
  createdAt: safeText(),
  updatedAt: safeText().optional(),
  finishedAt: IsoDate.nullable(),
})
export type Job = z.infer<typeof Job>

export { isScheduledJob } from '../constants'

/** Every sending call with a list answers 202 with the queued job. */
export const JobResponse = Job
export type JobResponse = z.infer<typeof JobResponse>

/**
 * `GET /jobs`: the caller's jobs (all for admins), newest first, 20 a page. `scheduled=true`: only
 * those not started yet whose `startAt` is still ahead (queued or paused), soonest first.
 */
export const JobListQuery = PageQuery.omit({ searchParam: true }).extend({
  status: z.enum(JOB_STATUSES, { error: m.invalid }).optional(),
  kind: z.enum(JOB_KINDS, { error: m.invalid }).optional(),
  scheduled: Flag.optional(),
})
export type JobListQuery = z.input<typeof JobListQuery>
export const JobListResponse = z.object({ jobs: z.array(Job), hasMore: z.boolean() })
export type JobListResponse = z.infer<typeof JobListResponse>

/** `GET /jobs/:id` answers the job; `job` socket events carry it whole. */
export const JobProgress = Job.pick({
  id: true,
  kind: true,
  status: true,
  total: true,
  sent: true,
  failed: true,
  skipped: true,
  uncertain: true,
})
export type JobProgress = z.infer<typeof JobProgress>

/**
 * `PUT /jobs/:id`: `pause` a queued or running job, `resume` a paused one (its connection must be
 * connected), `cancel` one not finished (its recipients not sent yet become skipped, `cancelled`),
 * `retryFailed` puts the failed recipients of a job back in the queue and runs it again. Uncertain
 * recipients are never sent again: the network may already have delivered them.
 */
export const JOB_ACTIONS = ['pause', 'resume', 'cancel', 'retryFailed', 'reschedule'] as const
export type JobAction = (typeof JOB_ACTIONS)[number]
/** `reschedule` moves a job that has not started yet (queued) to `startAt`; it needs `startAt`. */
export const JobActionRequest = z
  .object({
    action: z.enum(JOB_ACTIONS, { error: m.invalid }),
    startAt: Instant.optional(),
  })
  .refine((v) => v.action !== 'reschedule' || v.startAt !== undefined, { path: ['startAt'], error: m.required })
export type JobActionRequest = z.infer<typeof JobActionRequest>

export const JobRecipient = z.object({
  id: z.number(),
  /** 1-based place in the list as sent. */
  position: z.number().int().positive(),
  /** The line as given. */
  entry: safeText(),
  /** `{digits}@c.us` or `{groupId}@g.us`; null when skipped as invalid or duplicate. */
  address: safeText().nullable(),
  state: RecipientState,
  /** Skip reason (`SKIP_REASONS`) or the failure's text. */
  reason: safeText().nullable(),
  providerMessageId: safeText().nullable(),
  /** SMS: the delivery as the provider last reported it (null before its first report, or other kinds). */
  delivery: SmsDeliveryStatus.nullable().optional(),
  /** Voice calls: how the call ended (null while it has not). */
  callOutcome: CallOutcome.nullable().optional(),
  /** Voice calls: seconds the call lasted once answered. */
  callDuration: z.number().int().nonnegative().nullable().optional(),
  /** The provider's error code for a refused or undelivered send (Twilio's `21608`: unverified number). */
  providerError: safeText().nullable().optional(),
  updatedAt: IsoDate,
})
export type JobRecipient = z.infer<typeof JobRecipient>

/** `GET /jobs/:id/recipients`: 100 a page in list order, optionally only one state. */
export const JobRecipientListQuery = PageQuery.omit({ searchParam: true }).extend({
  state: z.enum(RECIPIENT_STATES, { error: m.invalid }).optional(),
})
export type JobRecipientListQuery = z.input<typeof JobRecipientListQuery>
export const JobRecipientListResponse = z.object({ recipients: z.array(JobRecipient), hasMore: z.boolean() })
export type JobRecipientListResponse = z.infer<typeof JobRecipientListResponse>

/** Share of the list processed, 0–100, for progress bars. */
export const jobPercent = (
  job: Pick<Job, 'total' | 'sent' | 'failed'> & Partial<Pick<Job, 'skipped' | 'uncertain'>>,
) =>
  job.total === 0
    ? 100
    : Math.min(100, Math.round(((job.sent + job.failed + (job.skipped ?? 0) + (job.uncertain ?? 0)) / job.total) * 100))

/**
 * "Done around": the seed waits a random whole number of seconds between `minInterval` and
 * `maxInterval` before and after each send, so each recipient takes `minInterval + maxInterval`
 * seconds on average. Answers the expected end for `remaining` recipients starting at `from`.
 * The page shows "N recipients, done around HH:mm at this pace"; the server's job carries the same
 * figure as `estimatedEndAt`. Sending windows and daily caps are not counted in. Group jobs wait once
 * per recipient (`waits` 1, see `waitsPerRecipient`).
 */
export const estimateJobEnd = (
  remaining: number,
  minInterval: number,
  maxInterval: number,
  from: Date,
  waits: 1 | 2 = 2,
): Date => new Date(from.getTime() + (Math.max(0, remaining) * (minInterval + maxInterval) * waits * 1000) / 2)

/**
 * How many random waits each recipient of a job of `kind` takes: group jobs wait once, before each
 * action (5 s plus a random 0–10 s, seed 001 §9); bulk sends before and after each send. The fifth
 * argument of `estimateJobEnd`.
 */
export const waitsPerRecipient = (kind: JobKind): 1 | 2 => (kind.startsWith('group') ? 1 : 2)
