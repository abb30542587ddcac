import { type ReactNode, useState } from 'react'
import {
  LuCalendarClock,
  LuCirclePause,
  LuCirclePlay,
  LuCircleX,
  LuEye,
  LuListChecks,
  LuRotateCcw,
} from 'react-icons/lu'
import { CancelJobDialog } from '../../internal/outreach/CancelJobDialog'
import { jobActionAllowed, type OutreachJob } from '../../internal/outreach/job'
import { useT } from '../../internal/useT'
import { AdminTable, type AdminTablePagedProps, type AdminTableRowAction } from '../admin-table/AdminTable'
import { useJobColumns } from './internal/useJobColumns'

/** A row: the job, and the name of its connection when the page knows it. */
export interface JobsTableJob extends OutreachJob {
  connectionName?: string | null
}

export interface JobsTableProps<T extends JobsTableJob = JobsTableJob> extends AdminTablePagedProps {
  jobs: T[]
  /** The kind (a link) and the eye button open the job. */
  onDetails?: (job: T) => void
  // Each row action shows with its handler, on the rows whose status allows it.
  onPause?: (job: T) => void
  onResume?: (job: T) => void
  /** Called once the person confirmed. */
  onCancel?: (job: T) => void
  onRetryFailed?: (job: T) => void
  /** Move the start of a job that has not started (opens the page's reschedule dialog). */
  onReschedule?: (job: T) => void
  /** The list of scheduled sends: each job's start date and time, and an empty state that speaks of them. */
  scheduled?: boolean
}

/** The outreach jobs, newest first: kind, connection, created, status, progress and counts, and their actions. */
export function JobsTable<T extends JobsTableJob>(props: JobsTableProps<T>) {
  const t = useT()
  const [cancelling, setCancelling] = useState<T | null>(null)
  const action = (
    key: 'pause' | 'resume' | 'retryFailed' | 'cancel' | 'reschedule',
    label: (job: T) => string,
    icon: ReactNode,
    onClick?: (job: T) => void,
  ): AdminTableRowAction<T> => ({
    key,
    label,
    icon,
    onClick,
    colorPalette: key === 'cancel' ? 'red' : 'gray',
    hidden: (job) => !jobActionAllowed(job, key),
  })
  const jobColumns = useJobColumns<T>(props.onDetails, props.scheduled)
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
        empty={
          props.scheduled
            ? { title: t('jobs.scheduledEmpty'), description: t('jobs.scheduledEmptyHelp'), icon: <LuCalendarClock /> }
            : { title: t('jobs.empty'), description: t('jobs.emptyHelp'), icon: <LuListChecks /> }
        }
        columns={jobColumns}
        actionsColumn={{ header: t('jobs.column.actions'), skeleton: 40, compact: true }}
        rowActions={[
          {
            key: 'details',
            label: (job) => t('jobs.detailsOf', { id: job.id }),
            icon: <LuEye />,
            onClick: props.onDetails,
          },
          action(
            'reschedule',
            (job) => t('outreach.rescheduleOf', { id: job.id }),
            <LuCalendarClock />,
            props.onReschedule,
          ),
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
