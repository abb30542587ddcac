import type { Job, JobKind, JobStatus } from '@desk/api-client/contract'

/**
 * A job as the outreach screens show it: the contract's `Job` plus what the server's job engine adds
 * (per-state counts, the reason of a pause, a scheduled start, an estimated end). Pages map their data
 * to it; the fields the contract does not have yet are optional.
 */
export interface OutreachJob extends Pick<Job, 'id' | 'kind' | 'status' | 'total' | 'sent' | 'failed' | 'createdAt'> {
  /** Recipients left out without a send (a number that is not on the network, a repeat). */
  skipped?: number
  /** Sends whose outcome is unknown (the connection dropped mid-send): not sent again. */
  uncertain?: number
  /** Why a paused job is paused: one of `JOB_PAUSE_REASONS`, or another code (shown as "Paused."). */
  pauseReason?: string | null
  /** Why the job failed as a whole (the server's text). */
  error?: string | null
  /** A scheduled start (ISO), while it is still ahead. */
  startAt?: string | null
  /** The server's estimate of the end (ISO), while the job runs. */
  estimatedEndAt?: string | null
  connectionId?: number | null
}

export type { JobKind, JobStatus }

/** The pause reasons with a message of their own; any other code reads "Paused." */
export const JOB_PAUSE_REASONS = ['user', 'disconnected', 'failures'] as const
export type JobPauseReason = (typeof JOB_PAUSE_REASONS)[number]

export const pauseReasonId = (reason: string | null | undefined) =>
  (JOB_PAUSE_REASONS as readonly string[]).includes(reason ?? '')
    ? (`jobs.pauseReason.${reason as JobPauseReason}` as const)
    : ('jobs.pauseReason.unknown' as const)

/** The states of one recipient of a job. */
export const RECIPIENT_STATES = ['queued', 'sending', 'sent', 'failed', 'skipped', 'uncertain'] as const
export type RecipientState = (typeof RECIPIENT_STATES)[number]

/** The actions a job offers. */
export type JobAction = 'pause' | 'resume' | 'cancel' | 'retryFailed'

/** Recipients the job has dealt with, whatever the outcome (the counts are disjoint). */
export const processedCount = (job: OutreachJob) => job.sent + job.failed + (job.skipped ?? 0) + (job.uncertain ?? 0)

/**
 * Messages the job sends: its lines less those left out without a send (repeats, invalid lines, opt-outs),
 * the number the form's estimate announced. "Sent messages: {sent} / {this}".
 */
export const toSendCount = (job: OutreachJob) => Math.max(0, job.total - (job.skipped ?? 0))

/** Share of the list dealt with, 0–100. */
export const processedPercent = (job: OutreachJob) =>
  job.total === 0 ? 100 : Math.min(100, Math.round((processedCount(job) / job.total) * 100))

const FINISHED: readonly JobStatus[] = ['done', 'failed', 'cancelled']

/** The job will not change again: done, failed or cancelled. */
export const isFinishedJob = (job: Pick<OutreachJob, 'status'>) => FINISHED.includes(job.status)

/**
 * Which actions the job's status allows: pause a queued or running job, resume a paused one, cancel
 * any that has not finished, retry the failed recipients of a finished job that has some, and move the
 * start of a job that has not started.
 */
export function jobActionAllowed(job: OutreachJob, action: JobAction | 'reschedule'): boolean {
  switch (action) {
    case 'reschedule':
      return job.status === 'queued'
    case 'pause':
      return job.status === 'running' || job.status === 'queued'
    case 'resume':
      return job.status === 'paused'
    case 'cancel':
      return !FINISHED.includes(job.status)
    case 'retryFailed':
      return FINISHED.includes(job.status) && job.failed > 0
  }
}

export const JOB_STATUS_PALETTE: Record<JobStatus, string> = {
  queued: 'gray',
  running: 'blue',
  paused: 'orange',
  done: 'green',
  failed: 'red',
  cancelled: 'gray',
}

export const RECIPIENT_STATE_PALETTE: Record<RecipientState, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  skipped: 'gray',
  uncertain: 'orange',
}
