import type { Job, JobEvent, JobKind, JobListResponse, JobStatus } from '../contract'
import { isScheduledJob } from '../contract/constants'

/** What a jobs list shows: one kind and/or one status (a page's running jobs), or every job. */
export interface JobListFilter {
  kind?: JobKind
  status?: JobStatus
  /** Only jobs not finished yet (queued, running, paused); filtered on the client. */
  unfinished?: boolean
  /** Only jobs waiting for their `startAt` (`GET /jobs?scheduled=true`), soonest first. */
  scheduled?: boolean
}

const FINISHED: readonly JobStatus[] = ['done', 'failed', 'cancelled']

/** What "now" is for the lists that depend on it (the scheduled list); stories pin it. */
export const listClock: { now: () => number } = { now: () => Date.now() }

/** Whether a job belongs in a list with `filter` at `now` (ms; a scheduled job's start must still be ahead). */
export const jobMatches = (job: Job, filter: JobListFilter, now = listClock.now()) =>
  (!filter.kind || job.kind === filter.kind) &&
  (!filter.status || job.status === filter.status) &&
  (!filter.unfinished || !FINISHED.includes(job.status)) &&
  (!filter.scheduled || isScheduledJob(job, now))

/** The list's filter as text, for its SWR key. */
export const jobListFilterKey = (filter: JobListFilter) =>
  JSON.stringify([filter.kind ?? '', filter.status ?? '', Boolean(filter.unfinished), Boolean(filter.scheduled)])

/**
 * Applies a `job` event to the loaded pages of one jobs list: a job in the list is replaced in place
 * (or dropped once it no longer matches), a new matching one goes on top (newest first). A creation of
 * a job the list already holds changes nothing: what the list holds is at least as recent.
 */
export function applyJobEventToPages(
  pages: JobListResponse[] | undefined,
  event: JobEvent,
  filter: JobListFilter,
): JobListResponse[] | undefined {
  if (!pages || pages.length === 0) return pages
  const { job } = event
  const present = pages.some((p) => p.jobs.some((j) => j.id === job.id))
  if (present && event.action === 'create') return pages
  const matches = jobMatches(job, filter)
  if (present) {
    return pages.map((p) => ({
      ...p,
      jobs: matches ? p.jobs.map((j) => (j.id === job.id ? job : j)) : p.jobs.filter((j) => j.id !== job.id),
    }))
  }
  if (!matches) return pages
  const [first, ...rest] = pages
  return [{ ...first, jobs: [job, ...first.jobs] }, ...rest]
}

/** The jobs of the loaded pages that match at the list clock's now, each once; the scheduled list soonest first. */
export const flattenJobs = (pages: JobListResponse[] | undefined, filter: JobListFilter): Job[] => {
  const seen = new Set<number>()
  const now = listClock.now()
  const jobs = (pages ?? [])
    .flatMap((p) => p.jobs)
    .filter((j) => jobMatches(j, filter, now) && !seen.has(j.id) && seen.add(j.id) !== undefined)
  return filter.scheduled ? jobs.sort(soonestFirst) : jobs
}

const soonestFirst = (a: Job, b: Job) => (a.startAt ?? '').localeCompare(b.startAt ?? '') || a.id - b.id
