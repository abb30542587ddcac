import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useIntl } from 'react-intl'
import { JobProgressBar } from '../../../internal/outreach/JobProgressBar'
import { pauseReasonId, processedCount } from '../../../internal/outreach/job'
import { JobStatusBadge } from '../../../internal/outreach/StatusBadges'
import { useT } from '../../../internal/useT'
import { dayAndTime, formatDateTime } from '../../../lib/datetime'
import type { AdminTableColumn } from '../../admin-table/AdminTable'
import type { JobsTableJob } from '../JobsTable'

const count = (value: number | undefined) => (
  <Text as="span" fontVariantNumeric="tabular-nums">
    {value ?? 0}
  </Text>
)

const numeric = { textAlign: 'end' } as const

/** The jobs table's columns; the kind is a link to the job when `onDetails` is given; `scheduled` adds the start. */
export function useJobColumns<T extends JobsTableJob>(
  onDetails?: (job: T) => void,
  scheduled?: boolean,
): AdminTableColumn<T>[] {
  const t = useT()
  const { locale } = useIntl()
  const start = (job: T) => {
    const at = job.startAt ? dayAndTime(job.startAt, locale) : undefined
    return at ? t('jobs.startCell', at) : '—'
  }
  const columns: AdminTableColumn<T>[] = [
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
        onDetails ? (
          <Button variant="plain" size="sm" paddingInline="0" height="auto" onClick={() => onDetails?.(job)}>
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
    ...(scheduled
      ? [
          {
            key: 'startAt',
            header: t('jobs.column.startAt'),
            cellProps: { fontWeight: 'medium', whiteSpace: 'nowrap' },
            cell: start,
            skeleton: 40,
          } satisfies AdminTableColumn<T>,
        ]
      : []),
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
  ]
  return columns
}
