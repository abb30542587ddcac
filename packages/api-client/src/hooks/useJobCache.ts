import { useMemo } from 'react'
import { unstable_serialize, useSWRConfig } from 'swr'
import type { Job, JobEvent, JobListResponse } from '../contract'
import { keys } from './cache'
import { useApiContext } from './context'
import { applyJobEventToPages } from './jobRules'

const quiet = { revalidate: false } as const
/** Recipient lists follow a running job by fetching again, at most this often. */
const RECIPIENTS_REFRESH_MS = 1000

/**
 * Applies `job` events (live, or the answers of one's own sends and actions) to the cache: the job
 * itself, every loaded jobs list, and, fetched again at most once a second, its recipient lists.
 */
export function useJobCache() {
  const { mutate, cache } = useSWRConfig()
  const { lists } = useApiContext()
  return useMemo(() => {
    const pending = new Set<string>()
    const refreshRecipients = (jobId: number) => {
      for (const [key, list] of lists.ofKind('jobRecipients')) {
        if (list.jobId !== jobId || pending.has(key)) continue
        pending.add(key)
        setTimeout(() => {
          pending.delete(key)
          if (lists.has(key)) void mutate(key)
        }, RECIPIENTS_REFRESH_MS)
      }
    }
    const applyJob = (told: JobEvent) => {
      // A creation never replaces what is known of the job: the sender's own answer can arrive after the job's
      // first events, even after its end (a job without waits sends before its answer is read), and would take
      // its counters back, or put a finished job back into a list of running ones. What is known goes instead.
      const known =
        told.action === 'create'
          ? (cache.get(unstable_serialize(keys.job(told.job.id)))?.data as Job | undefined)
          : undefined
      const event: JobEvent = known ? { action: 'create', job: known } : told
      for (const [key, { filter }] of lists.ofKind('jobs')) {
        // Only a loaded list: one whose first page is on its way would be left empty (SWR drops the answer).
        if (cache.get(key)?.data === undefined) continue
        void mutate(key, (pages?: JobListResponse[]) => applyJobEventToPages(pages, event, filter), quiet)
      }
      // The job whole, written even before its first fetch answers: that answer, older, is then dropped.
      if (!known) void mutate<Job>(keys.job(event.job.id), event.job, quiet)
      if (event.action !== 'create') refreshRecipients(event.job.id)
    }
    /** After a reconnect: events may have been missed, so the loaded lists are fetched again. */
    const refetchJobs = () => {
      for (const [key] of lists.ofKind('jobs')) void mutate(key)
      void mutate((key) => Array.isArray(key) && key[0] === 'job')
    }
    return { applyJob, refetchJobs }
  }, [mutate, cache, lists])
}
