import { useOutreachMutations } from '@desk/api-client/hooks'
import { type JobAction, type OutreachJob, useNotify } from '@desk/ui'
import { useMemo, useState } from 'react'
import { asUiError } from '../../../lib/errors'

/** Pause, resume, cancel and retry for the outreach screens: the action on its way, and a toast when one fails. */
export function useJobActions() {
  const { jobAction } = useOutreachMutations()
  const notify = useNotify()
  const [pending, setPending] = useState<{ jobId: number; action: JobAction } | null>(null)
  return useMemo(() => {
    const run = (action: JobAction) => async (job: OutreachJob) => {
      setPending({ jobId: job.id, action })
      try {
        await jobAction(job.id, action)
      } catch (error) {
        notify.error(asUiError(error))
      } finally {
        setPending(null)
      }
    }
    return {
      pending,
      onPause: run('pause'),
      onResume: run('resume'),
      onCancel: run('cancel'),
      onRetryFailed: run('retryFailed'),
    }
  }, [jobAction, notify, pending])
}
