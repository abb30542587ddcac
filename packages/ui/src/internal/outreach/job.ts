import type {
  JobAction as ContractJobAction,
  Job,
  JobPauseReason,
  JobStatus,
  RecipientState,
} from '@desk/api-client/contract'

/**
 * A job as the outreach screens show it: the contract's `Job`, its counts and engine fields optional so
 * that a page may show what it has. Pages map their data to it.
 */
export type OutreachJob = Pick<Job, 'id' | 'kind' | 'status' | 'total' | 'sent' | 'failed' | 'createdAt'> &
  Partial<Pick<Job, 'skipped' | 'uncertain' | 'error' | 'startAt' | 'estimatedEndAt' | 'connectionId' | 'segments'>> & {
    /** Why a paused job is paused: one of the contract's pause reasons, or another code (shown as "Paused."). */
    pauseReason?: JobPauseReason | (string & {}) | null
  }

export type { JobKind, JobPauseReason, JobStatus, RecipientState } from '@desk/api-client/contract'

/** The pause reasons with a message of their own; any other code reads "Paused." */
const PAUSE_REASON_IDS: Record<JobPauseReason, `jobs.pauseReason.${JobPauseReason}`> = {
  user: 'jobs.pauseReason.user',
  disconnected: 'jobs.pauseReason.disconnected',
  failures: 'jobs.pauseReason.failures',
}

export const pauseReasonId = (reason: string | null | undefined) =>
  reason && Object.hasOwn(PAUSE_REASON_IDS, reason)
    ? PAUSE_REASON_IDS[reason as JobPauseReason]
    : ('jobs.pauseReason.unknown' as const)

/** The actions a job's buttons offer (moving its start is a dialog of its own). */
export type JobAction = Exclude<ContractJobAction, 'reschedule'>

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

/** Each recipient state's colour, in the contract's order of states. */
export const RECIPIENT_STATE_PALETTE: Record<RecipientState, string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
  skipped: 'gray',
  uncertain: 'orange',
}

/** The states of one recipient, in the contract's order. */
export const RECIPIENT_STATES = Object.keys(RECIPIENT_STATE_PALETTE) as RecipientState[]
