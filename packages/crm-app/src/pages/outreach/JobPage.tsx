import type { JobRecipient as Recipient } from '@desk/api-client'
import { useJob, useJobRecipients, useOutreachMutations } from '@desk/api-client/hooks'
import {
  ErrorMessage,
  JobProgress,
  type JobRecipient,
  JobRecipientsTable,
  PageContainer,
  PageHeader,
  type RecipientFilter,
  useNotify,
} from '@desk/ui'
import { useMemo, useState } from 'react'
import { downloadBlob } from '../../lib/downloadBlob'
import { asUiError } from '../../lib/errors'
import { useT } from '../../lib/useT'
import { useParams } from '../../routes/navigation'
import { useJobActions } from './internal/useJobActions'

const toRow = (r: Recipient): JobRecipient => ({
  id: r.id,
  address: r.address ?? r.entry,
  state: r.state,
  reason: r.reason,
  providerId: r.providerMessageId,
  updatedAt: r.updatedAt,
  // SMS and voice calls: what the telephony provider reported.
  delivery: r.delivery,
  callOutcome: r.callOutcome,
  callDuration: r.callDuration,
  providerError: r.providerError,
})

/** /jobs/:id: one job live (the counter, its actions) and its recipients by state, exported as CSV. */
export function JobPage() {
  const t = useT()
  const notify = useNotify()
  const id = Number(useParams().id) || null
  const { job, error } = useJob(id)
  const [state, setState] = useState<RecipientFilter>('all')
  const list = useJobRecipients(id, state)
  const { recipientsCsv } = useOutreachMutations()
  const actions = useJobActions()
  const [exporting, setExporting] = useState(false)
  const rows = useMemo(() => list.recipients.map(toRow), [list.recipients])
  const counts = job && {
    all: job.total,
    sent: job.sent,
    failed: job.failed,
    skipped: job.skipped,
    uncertain: job.uncertain,
  }

  const exportCsv = async () => {
    if (!id) return
    setExporting(true)
    try {
      downloadBlob(await recipientsCsv(id), `job-${id}-recipients.csv`)
    } catch (err) {
      notify.error(asUiError(err))
    } finally {
      setExporting(false)
    }
  }

  return (
    <PageContainer>
      <PageHeader title={t('jobs.detailsOf', { id: id ?? '' })} />
      {error && <ErrorMessage error={asUiError(error)} />}
      {job && (
        <JobProgress
          job={job}
          onPause={actions.onPause}
          onResume={actions.onResume}
          onCancel={actions.onCancel}
          onRetryFailed={actions.onRetryFailed}
          pendingAction={actions.pending?.jobId === job.id ? actions.pending.action : null}
        />
      )}
      <JobRecipientsTable
        recipients={rows}
        state={state}
        onStateChange={setState}
        counts={counts ?? undefined}
        isLoading={list.isLoading}
        error={list.error ? asUiError(list.error) : null}
        onReload={() => void list.reload()}
        hasMore={list.hasMore}
        onLoadMore={list.loadMore}
        onExport={() => void exportCsv()}
        isExporting={exporting}
      />
    </PageContainer>
  )
}

export default JobPage
