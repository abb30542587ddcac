import { Badge } from '@chakra-ui/react'
import { useT } from '../useT'
import { JOB_STATUS_PALETTE, type JobStatus, RECIPIENT_STATE_PALETTE, type RecipientState } from './job'

/** A job's status as a coloured badge. */
export function JobStatusBadge({ status }: { status: JobStatus }) {
  const t = useT()
  return (
    <Badge colorPalette={JOB_STATUS_PALETTE[status]} variant="subtle">
      {t(`jobs.status.${status}`)}
    </Badge>
  )
}

/** One recipient's state as a coloured badge. */
export function RecipientStateBadge({ state }: { state: RecipientState }) {
  const t = useT()
  return (
    <Badge colorPalette={RECIPIENT_STATE_PALETTE[state]} variant="subtle">
      {t(`jobs.state.${state}`)}
    </Badge>
  )
}
