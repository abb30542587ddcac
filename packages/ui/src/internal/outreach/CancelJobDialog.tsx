import { ConfirmDialog } from '../../components/confirm-dialog/ConfirmDialog'
import { useT } from '../useT'

interface CancelJobDialogProps {
  /** The job asked about; null keeps the dialog closed. */
  jobId: number | null
  onConfirm: (jobId: number) => void
  onClose: () => void
}

/** The question before a job is cancelled: what was sent stays sent, the rest will not go. */
export function CancelJobDialog({ jobId, onConfirm, onClose }: CancelJobDialogProps) {
  const t = useT()
  return (
    <ConfirmDialog
      open={jobId !== null}
      title={t('jobs.cancelTitle', { id: jobId ?? '' })}
      confirmLabel={t('jobs.cancelConfirm')}
      cancelLabel={t('jobs.keepGoing')}
      destructive
      onConfirm={() => {
        if (jobId !== null) onConfirm(jobId)
        onClose()
      }}
      onClose={onClose}
    >
      {t('jobs.cancelBody')}
    </ConfirmDialog>
  )
}
