import { z } from 'zod'
import { safeText } from '../text'
import { PageQuery, VALIDATION_MESSAGES } from '../validation'

/** Server-side outreach jobs: kinds, statuses, the job itself and its list, progress and actions. */

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
  'direct',
  'sms',
  'voiceCall',
  'syncMessage',
  'schedule',
] as const
export const JobKind = z.enum(JOB_KINDS)
export type JobKind = z.infer<typeof JobKind>

export const JOB_STATUSES = ['queued', 'running', 'paused', 'done', 'failed', 'cancelled'] as const
export const JobStatus = z.enum(JOB_STATUSES)
export type JobStatus = z.infer<typeof JobStatus>
/** A job in one of these statuses will not change again. */
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['done', 'failed', 'cancelled']

/** A server-side outreach job. `sent + failed` of `total` is the "sent / total" counter. */
export const Job = z.object({
  id: z.number(),
  kind: JobKind,
  status: JobStatus,
  total: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  connectionId: z.number().nullable().optional(),
  userId: z.number().nullable().optional(),
  /** Why the job failed as a whole. */
  error: safeText().nullable().optional(),
  createdAt: safeText(),
  updatedAt: safeText().optional(),
})
export type Job = z.infer<typeof Job>

/** Every sending call answers 202 with the queued job. */
export const JobResponse = Job
export type JobResponse = z.infer<typeof JobResponse>

/** `GET /jobs`: the caller's jobs (all for admins), newest first. */
export const JobListQuery = PageQuery.omit({ searchParam: true }).extend({
  status: z.enum(JOB_STATUSES, { error: m.invalid }).optional(),
  kind: z.enum(JOB_KINDS, { error: m.invalid }).optional(),
})
export type JobListQuery = z.input<typeof JobListQuery>
export const JobListResponse = z.object({ jobs: z.array(Job), hasMore: z.boolean() })
export type JobListResponse = z.infer<typeof JobListResponse>

/** `GET /jobs/:id` answers the job; `job` socket events carry this progress. */
export const JobProgress = Job.pick({ id: true, kind: true, status: true, total: true, sent: true, failed: true })
export type JobProgress = z.infer<typeof JobProgress>

/** `PUT /jobs/:id`: pause a running job, resume a paused one, or cancel one not finished. */
export const JobActionRequest = z.object({ action: z.enum(['pause', 'resume', 'cancel'], { error: m.invalid }) })
export type JobActionRequest = z.infer<typeof JobActionRequest>

/** Share of the list processed, 0–100, for progress bars. */
export const jobPercent = (job: Pick<Job, 'total' | 'sent' | 'failed'>): number =>
  job.total === 0 ? 100 : Math.min(100, Math.round(((job.sent + job.failed) / job.total) * 100))
