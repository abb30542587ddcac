import { useConnections, useJobs } from '@desk/api-client/hooks'
import { JobsTable, type JobsTableJob, PageContainer, PageHeader } from '@desk/ui'
import { useMemo } from 'react'
import { asUiError } from '../../lib/errors'
import { useT } from '../../lib/useT'
import { useNavigate } from '../../routes/navigation'
import { useJobActions } from './internal/useJobActions'

/** /jobs: every outreach job (one's own; all for administrators), newest first, with live progress and actions. */
export function JobsPage() {
  const t = useT()
  const navigate = useNavigate()
  const { jobs, error, isLoading, hasMore, loadMore, reload } = useJobs()
  const { connections } = useConnections()
  const actions = useJobActions()
  const rows = useMemo<JobsTableJob[]>(() => {
    const names = new Map((connections ?? []).map((c) => [c.id, c.name]))
    return jobs.map((job) => ({ ...job, connectionName: job.connectionId ? names.get(job.connectionId) : null }))
  }, [jobs, connections])
  return (
    <PageContainer>
      <PageHeader title={t('nav.outreach.jobs')} />
      <JobsTable
        jobs={rows}
        isLoading={isLoading}
        error={error ? asUiError(error) : null}
        onReload={() => void reload()}
        hasMore={hasMore}
        onLoadMore={loadMore}
        onDetails={(job) => navigate(`/jobs/${job.id}`)}
        onPause={actions.onPause}
        onResume={actions.onResume}
        onCancel={actions.onCancel}
        onRetryFailed={actions.onRetryFailed}
      />
    </PageContainer>
  )
}

export default JobsPage
