import { Heading, Link, Stack } from '@chakra-ui/react'
import { useId } from 'react'
import { navigateOnClick } from '../../internal/navigation'
import { isFinishedJob, type JobAction, type OutreachJob } from '../../internal/outreach/job'
import { useT } from '../../internal/useT'
import { JobProgress } from '../job-progress/JobProgress'

export interface OutreachJobsProps {
  /** The page's jobs, newest first: the one just started, then the others not finished. */
  jobs: OutreachJob[]
  /** Where a job's page lives (`/jobs/{id}`): its link is a real anchor, opened through `onNavigate`. */
  jobHref: (job: OutreachJob) => string
  onNavigate?: (href: string) => void
  onPause?: (job: OutreachJob) => void
  onResume?: (job: OutreachJob) => void
  onCancel?: (job: OutreachJob) => void
  onRetryFailed?: (job: OutreachJob) => void
  /** The job whose action is on its way, and which. */
  pending?: { jobId: number; action: JobAction } | null
}

/**
 * Under a sending form: the jobs of that page still under way under "In progress", and the one just
 * started under "Finished" once it has ended, each live with a link to its page (the form already
 * says the page may be closed: the server does the sending).
 */
export function OutreachJobs(props: OutreachJobsProps) {
  const t = useT()
  const running = props.jobs.filter((job) => !isFinishedJob(job))
  const finished = props.jobs.filter(isFinishedJob)
  return (
    <>
      <JobsSection title={t('outreach.inProgress')} {...props} jobs={running} />
      <JobsSection title={t('outreach.finished')} {...props} jobs={finished} />
    </>
  )
}

function JobsSection({ title, ...props }: OutreachJobsProps & { title: string }) {
  const t = useT()
  const heading = useId()
  if (props.jobs.length === 0) return null
  return (
    <Stack as="section" gap="3" aria-labelledby={heading} width="full" maxWidth="3xl">
      <Heading as="h2" id={heading} textStyle="md">
        {title}
      </Heading>
      {props.jobs.map((job) => {
        const href = props.jobHref(job)
        return (
          <Stack key={job.id} gap="1.5">
            <JobProgress
              job={job}
              onPause={props.onPause}
              onResume={props.onResume}
              onCancel={props.onCancel}
              onRetryFailed={props.onRetryFailed}
              pendingAction={props.pending?.jobId === job.id ? props.pending.action : null}
            />
            <Link
              href={href}
              onClick={navigateOnClick(href, props.onNavigate)}
              variant="underline"
              textStyle="sm"
              alignSelf="start"
            >
              {t('outreach.openJob', { id: job.id })}
            </Link>
          </Stack>
        )
      })}
    </Stack>
  )
}
