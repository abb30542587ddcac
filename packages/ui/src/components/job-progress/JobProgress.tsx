import { Alert, Card, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useIntl } from 'react-intl'
import { CancelJobDialog } from '../../internal/outreach/CancelJobDialog'
import { JobProgressBar } from '../../internal/outreach/JobProgressBar'
import type { JobAction, OutreachJob } from '../../internal/outreach/job'
import { pauseReasonId, processedCount, toSendCount } from '../../internal/outreach/job'
import { JobStatusBadge } from '../../internal/outreach/StatusBadges'
import { useT } from '../../internal/useT'
import { dayAndTime } from '../../lib/datetime'
import { JobActionButtons } from './internal/JobActionButtons'
import { JobCounts } from './internal/JobCounts'

export type { JobAction, OutreachJob }

export interface JobProgressProps {
  job: OutreachJob
  /** Each button shows with its handler, and only when the job's status allows it. */
  onPause?: (job: OutreachJob) => void
  onResume?: (job: OutreachJob) => void
  /** Called once the person confirmed. */
  onCancel?: (job: OutreachJob) => void
  onRetryFailed?: (job: OutreachJob) => void
  /** The action on its way: its button spins and the others wait. */
  pendingAction?: JobAction | null
}

/** A job live: the seed's "Mensajes enviados: n / total", a progress bar, its status and why it paused, and its actions. */
export function JobProgress(props: JobProgressProps) {
  const { job } = props
  const t = useT()
  const { locale } = useIntl()
  const [confirming, setConfirming] = useState(false)
  const start = job.status === 'queued' && job.startAt ? dayAndTime(job.startAt, locale) : undefined
  const end = job.status === 'running' && job.estimatedEndAt ? dayAndTime(job.estimatedEndAt, locale) : undefined
  const when = start ? t('jobs.startsAt', start) : end ? t('jobs.estimatedEnd', end) : null
  return (
    <Card.Root variant="outline" width="full" maxWidth="3xl">
      <Card.Body gap="3">
        <HStack gap="3" justifyContent="space-between" wrap="wrap">
          <HStack gap="2">
            <Text fontWeight="semibold">{t(`jobs.kind.${job.kind}`)}</Text>
            <JobStatusBadge status={job.status} />
          </HStack>
          {when && (
            <Text textStyle="sm" color="fg.muted">
              {when}
            </Text>
          )}
        </HStack>
        <Stack gap="1.5">
          <Text role="status" aria-live="polite" fontVariantNumeric="tabular-nums">
            {job.kind === 'syncMessage'
              ? t('jobs.importCounter', { sent: processedCount(job), total: job.total })
              : t(job.kind === 'voiceCall' ? 'jobs.callCounter' : 'jobs.sentCounter', {
                  sent: job.sent,
                  total: toSendCount(job),
                })}
            {job.kind === 'sms' && job.segments != null && ` · ${t('jobs.segments', { count: job.segments })}`}
          </Text>
          <JobProgressBar job={job} size="md" />
          <JobCounts job={job} />
        </Stack>
        {job.status === 'paused' && (
          <Alert.Root status="warning" variant="subtle">
            <Alert.Indicator />
            <Alert.Description>{t(pauseReasonId(job.pauseReason))}</Alert.Description>
          </Alert.Root>
        )}
        {job.status === 'failed' && job.error && (
          <Alert.Root status="error" variant="subtle">
            <Alert.Indicator />
            <Alert.Description>{t('jobs.failedWith', { message: job.error })}</Alert.Description>
          </Alert.Root>
        )}
        <JobActionButtons
          job={job}
          pendingAction={props.pendingAction}
          onPause={props.onPause}
          onResume={props.onResume}
          onCancel={props.onCancel && (() => setConfirming(true))}
          onRetryFailed={props.onRetryFailed}
        />
      </Card.Body>
      <CancelJobDialog
        jobId={confirming ? job.id : null}
        onConfirm={() => props.onCancel?.(job)}
        onClose={() => setConfirming(false)}
      />
    </Card.Root>
  )
}
