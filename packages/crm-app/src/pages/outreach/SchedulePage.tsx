import { useConnections, useJobs, useOutreachMutations } from '@desk/api-client/hooks'
import { JobsTable, PageContainer, PageHeader, ScheduleSendForm, type ScheduleSendValues } from '@desk/ui'
import { useState } from 'react'
import { asUiError } from '../../lib/errors'
import { useFormErrors } from '../../lib/useFormErrors'
import { useT } from '../../lib/useT'
import { useNavigate } from '../../routes/navigation'
import { useDispatchField } from './internal/useDispatchConnections'
import { useJobActions } from './internal/useJobActions'
import { useReschedule } from './internal/useReschedule'

/**
 * /ZDGAgendamento: the jobs waiting for their start, soonest first (open, move the start, pause, cancel), and the seed's
 * form that starts now a connection's jobs scheduled on a day.
 */
export function SchedulePage() {
  const t = useT()
  const navigate = useNavigate()
  const dispatch = useDispatchField()
  const scheduled = useJobs({ scheduled: true })
  const { connections } = useConnections()
  const { startScheduled } = useOutreachMutations()
  const actions = useJobActions()
  const reschedule = useReschedule()
  const errors = useFormErrors()
  const [isSubmitting, setSubmitting] = useState(false)
  const [started, setStarted] = useState<number | null>(null)
  const names = new Map((connections ?? []).map((c) => [c.id, c.name]))

  const submit = async (values: ScheduleSendValues) => {
    setSubmitting(true)
    setStarted(null)
    errors.clear()
    try {
      setStarted((await startScheduled(values)).length)
    } catch (error) {
      errors.fail(error)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <PageContainer>
      <PageHeader title={t('nav.outreach.schedule')} />
      <JobsTable
        label={t('outreach.scheduledList')}
        scheduled
        jobs={scheduled.jobs.map((job) => ({ ...job, connectionName: names.get(job.connectionId ?? 0) }))}
        isLoading={scheduled.isLoading}
        error={scheduled.error ? asUiError(scheduled.error) : null}
        onReload={() => void scheduled.reload()}
        hasMore={scheduled.hasMore}
        onLoadMore={scheduled.loadMore}
        onDetails={(job) => navigate(`/jobs/${job.id}`)}
        onPause={actions.onPause}
        onResume={actions.onResume}
        onCancel={actions.onCancel}
        onReschedule={reschedule.open}
      />
      {reschedule.dialog}
      <ScheduleSendForm
        {...dispatch}
        onSubmit={(values) => void submit(values)}
        isSubmitting={isSubmitting}
        error={errors.error}
        fieldErrors={errors.fieldErrors}
        started={started}
        onOpenJobs={() => navigate('/jobs')}
      />
    </PageContainer>
  )
}

export default SchedulePage
