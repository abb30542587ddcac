import {
  estimateJobEnd,
  FINISHED_JOB_STATUSES,
  type Job,
  type JobKind,
  type JobPauseReason,
  type JobRecipient,
  type JobStatus,
  type JobWaitReason,
  type RecipientState,
  SendingWindow,
  smsJobSegments,
  waitsPerRecipient,
} from '@desk/api-client'
import type { JobRecipientRow, JobRow } from '../../db'

/** Rows to contract shapes. */

export const parseWindow = (value: string | null): SendingWindow | null => {
  if (!value) return null
  const parsed = SendingWindow.safeParse(JSON.parse(value))
  return parsed.success ? parsed.data : null
}

/** Recipients not handled yet. */
export const remainingOf = (row: Pick<JobRow, 'total' | 'sent' | 'failed' | 'skipped' | 'uncertain'>) =>
  Math.max(0, row.total - row.sent - row.failed - row.skipped - row.uncertain)

/** An SMS job's segments: its message's, once per number it sends to (skipped lines send nothing). */
const segmentsOf = (row: Pick<JobRow, 'kind' | 'payload' | 'total' | 'skipped'>): number | null => {
  if (row.kind !== 'sms') return null
  try {
    const { message } = JSON.parse(row.payload) as { message?: unknown }
    return typeof message === 'string' ? smsJobSegments(message, row.total - row.skipped) : null
  } catch {
    return null
  }
}

export const toJob = (row: JobRow, now = new Date()): Job => {
  const status = row.status as JobStatus
  const finished = FINISHED_JOB_STATUSES.includes(status)
  const times = [now, row.nextRunAt, row.startAt].map((t) => (t ? new Date(t).getTime() : 0))
  const from = new Date(Math.max(...times))
  return {
    id: row.id,
    kind: row.kind as JobKind,
    status,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    skipped: row.skipped,
    uncertain: row.uncertain,
    connectionId: row.connectionId,
    userId: row.userId,
    minInterval: row.minInterval,
    maxInterval: row.maxInterval,
    pauseReason: status === 'paused' ? ((row.pauseReason as JobPauseReason | null) ?? null) : null,
    waitingReason: finished || status === 'paused' ? null : ((row.waitingReason as JobWaitReason | null) ?? null),
    nextRunAt: finished || status === 'paused' ? null : row.nextRunAt,
    startAt: row.startAt,
    estimatedEndAt: finished
      ? null
      : estimateJobEnd(
          remainingOf(row),
          row.minInterval,
          row.maxInterval,
          from,
          waitsPerRecipient(row.kind as JobKind),
        ).toISOString(),
    window: parseWindow(row.window),
    dailyCap: row.dailyCap,
    error: row.error,
    segments: segmentsOf(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
  }
}

/** A send the provider refused records its reason as `[code] text` (see `providerRefusal`). */
const refusedCode = (reason: string | null) => reason?.match(/^\[(\w{1,32})\] /)?.[1] ?? null

export const toRecipient = (row: JobRecipientRow): JobRecipient => ({
  id: row.id,
  position: row.position,
  entry: row.entry,
  address: row.address,
  state: row.state as RecipientState,
  reason: row.reason,
  providerMessageId: row.providerMessageId,
  delivery: (row.delivery as JobRecipient['delivery']) ?? null,
  callOutcome: (row.callOutcome as JobRecipient['callOutcome']) ?? null,
  callDuration: row.callDuration ?? null,
  providerError: row.providerError ?? (row.state === 'failed' ? refusedCode(row.reason) : null),
  updatedAt: row.updatedAt,
})
