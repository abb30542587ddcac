import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { type ReactNode, useState } from 'react'
import { LuCirclePause, LuCirclePlay, LuCircleX, LuEye, LuListChecks, LuRotateCcw } from 'react-icons/lu'
import { useIntl } from 'react-intl'
import { CancelJobDialog } from '../../internal/outreach/CancelJobDialog'
import { JobProgressBar } from '../../internal/outreach/JobProgressBar'
import { jobActionAllowed, type OutreachJob, pauseReasonId, processedCount } from '../../internal/outreach/job'
import { JobStatusBadge } from '../../internal/outreach/StatusBadges'
import { useT } from '../../internal/useT'
import { formatDateTime } from '../../lib/datetime'
import { AdminTable, type AdminTablePagedProps, type AdminTableRowAction } from '../admin-table/AdminTable'

/** A row: the job, and the name of its connection when the page knows it. */
export interface JobsTableJob extends OutreachJob {
  connectionName?: string | null
}

export interface JobsTableProps<T extends JobsTableJob = JobsTableJob> extends AdminTablePagedProps {
  jobs: T[]
  /** The kind (a link) and the eye button open the job. */
  onDetails?: (job: T) => void
  // Each row action shows with its handler, and is enabled when the job's status allows it.
  onPause?: (job: T) => void
  onResume?: (job: T) => void
  /** Called once the person confirmed. */
  onCancel?: (job: T) => void
  onRetryFailed?: (job: T) => void
}

const count = (value: number | undefined) => (
  <Text as="span" fontVariantNumeric="tabular-nums">
    {value ?? 0}
  </Text>
)

/** The outreach jobs, newest first: kind, connection, created, status, progress and counts, and their actions. */
export function JobsTable<T extends JobsTableJob>(props: JobsTableProps<T>) {
  const t = useT()
  const { locale } = useIntl()
  const [cancelling, setCancelling] = useState<T | null>(null)
  const action = (
    key: 'pause' | 'resume' | 'retryFailed' | 'cancel',
    label: (job: T) => string,
    icon: ReactNode,
    onClick?: (job: T) => void,
  ): AdminTableRowAction<T> => ({
    key,
    label,
    icon,
    onClick,
    colorPalette: key === 'cancel' ? 'red' : 'gray',
    disabled: (job) => !jobActionAllowed(job, key),
  })
  const numeric = { textAlign: 'end' } as const
  return (
    <>
      <AdminTable
        rows={props.jobs}
        isLoading={props.isLoading}
        error={props.error}
        onReload={props.onReload}
        scroll={{
          label: props.label ?? t('jobs.label'),
          maxHeight: props.maxHeight,
          hasMore: props.hasMore,
          onLoadMore: props.onLoadMore,
        }}
        empty={{ title: t('jobs.empty'), description: t('jobs.emptyHelp'), icon: <LuListChecks /> }}
        columns={[
          {
            key: 'id',
            header: t('jobs.column.id'),
            cellProps: { color: 'fg.muted' },
            cell: (job) => job.id,
            skeleton: 10,
          },
          {
            key: 'kind',
            header: t('jobs.column.kind'),
            skeleton: 50,
            cell: (job) =>
              props.onDetails ? (
                <Button
                  variant="plain"
                  size="sm"
                  paddingInline="0"
                  height="auto"
                  onClick={() => props.onDetails?.(job)}
                >
                  {t(`jobs.kind.${job.kind}`)}
                </Button>
              ) : (
                t(`jobs.kind.${job.kind}`)
              ),
          },
          {
            key: 'connection',
            header: t('jobs.column.connection'),
            skeleton: 40,
            cell: (job) =>
              job.connectionName ?? (job.connectionId != null ? t('jobs.connectionId', { id: job.connectionId }) : '—'),
          },
          {
            key: 'created',
            header: t('jobs.column.created'),
            cellProps: { color: 'fg.muted', whiteSpace: 'nowrap' },
            cell: (job) => formatDateTime(job.createdAt, locale),
            skeleton: 40,
          },
          {
            key: 'status',
            header: t('jobs.column.status'),
            skeleton: 30,
            cell: (job) => (
              <Stack gap="1" alignItems="flex-start">
                <JobStatusBadge status={job.status} />
                {job.status === 'paused' && (
                  <Text textStyle="xs" color="fg.muted" maxWidth="48">
                    {t(pauseReasonId(job.pauseReason))}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            key: 'progress',
            header: t('jobs.column.progress'),
            skeleton: 60,
            cell: (job) => (
              <HStack gap="2" minWidth="36">
                <JobProgressBar job={job} size="xs" />
                <Text as="span" textStyle="xs" color="fg.muted" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                  {processedCount(job)} / {job.total}
                </Text>
              </HStack>
            ),
          },
          {
            key: 'sent',
            header: t('jobs.column.sent'),
            headerProps: numeric,
            cellProps: numeric,
            cell: (job) => count(job.sent),
            skeleton: 20,
          },
          {
            key: 'failed',
            header: t('jobs.column.failed'),
            headerProps: numeric,
            cellProps: numeric,
            cell: (job) => count(job.failed),
            skeleton: 20,
          },
          {
            key: 'skipped',
            header: t('jobs.column.skipped'),
            headerProps: numeric,
            cellProps: numeric,
            cell: (job) => count(job.skipped),
            skeleton: 20,
          },
          {
            key: 'uncertain',
            header: t('jobs.column.uncertain'),
            headerProps: numeric,
            cellProps: numeric,
            cell: (job) => count(job.uncertain),
            skeleton: 20,
          },
        ]}
        actionsColumn={{ header: t('jobs.column.actions'), skeleton: 40, compact: true }}
        rowActions={[
          {
            key: 'details',
            label: (job) => t('jobs.detailsOf', { id: job.id }),
            icon: <LuEye />,
            onClick: props.onDetails,
          },
          action('pause', (job) => t('jobs.pauseOf', { id: job.id }), <LuCirclePause />, props.onPause),
          action('resume', (job) => t('jobs.resumeOf', { id: job.id }), <LuCirclePlay />, props.onResume),
          action('retryFailed', (job) => t('jobs.retryFailedOf', { id: job.id }), <LuRotateCcw />, props.onRetryFailed),
          action('cancel', (job) => t('jobs.cancelOf', { id: job.id }), <LuCircleX />, props.onCancel && setCancelling),
        ]}
      />
      <CancelJobDialog
        jobId={cancelling?.id ?? null}
        onConfirm={() => cancelling && props.onCancel?.(cancelling)}
        onClose={() => setCancelling(null)}
      />
    </>
  )
}
