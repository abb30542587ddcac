import { Progress } from '@chakra-ui/react'
import { useT } from '../useT'
import { JOB_STATUS_PALETTE, type OutreachJob, processedPercent } from './job'

/** How far a job has got through its list, named "Progress of job {id}" for screen readers. */
export function JobProgressBar({ job, size = 'sm' }: { job: OutreachJob; size?: 'xs' | 'sm' | 'md' }) {
  const t = useT()
  return (
    <Progress.Root
      value={processedPercent(job)}
      size={size}
      colorPalette={job.status === 'running' ? 'brand' : JOB_STATUS_PALETTE[job.status]}
      minWidth="20"
    >
      <Progress.Track aria-label={t('jobs.progressLabel', { id: job.id })}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  )
}
