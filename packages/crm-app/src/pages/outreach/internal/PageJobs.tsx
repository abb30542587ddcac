import type { JobKind } from '@desk/api-client'
import { useJob, useJobs } from '@desk/api-client/hooks'
import { OutreachJobs } from '@desk/ui'
import { useMemo } from 'react'
import { useNavigate } from '../../../routes/navigation'
import { useJobActions } from './useJobActions'

export interface PageJobsProps {
  /** The page's kind of job. */
  kind: JobKind
  /** The job this page just started: shown first, live, even once it has finished. */
  startedId?: number | null
}

/** Under a sending form: the job just started and this kind's other jobs not finished yet, live. */
export function PageJobs({ kind, startedId }: PageJobsProps) {
  const navigate = useNavigate()
  const { jobs: unfinished } = useJobs({ kind, unfinished: true })
  const { job: started } = useJob(startedId)
  const actions = useJobActions()
  const jobs = useMemo(
    () => (started ? [started, ...unfinished.filter((j) => j.id !== started.id)] : unfinished),
    [started, unfinished],
  )
  return (
    <OutreachJobs
      jobs={jobs}
      jobHref={(job) => `/jobs/${job.id}`}
      onNavigate={(href) => navigate(href)}
      onPause={actions.onPause}
      onResume={actions.onResume}
      onCancel={actions.onCancel}
      onRetryFailed={actions.onRetryFailed}
      pending={actions.pending}
    />
  )
}
