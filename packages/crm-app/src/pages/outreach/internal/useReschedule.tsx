import { useOutreachMutations } from '@desk/api-client/hooks'
import { type OutreachJob, RescheduleJobDialog, type RescheduleJobValues } from '@desk/ui'
import { useState } from 'react'
import { useFormErrors } from '../../../lib/useFormErrors'

/** The scheduled list's "change the start": which job is being moved, its dialog, and the save. */
export function useReschedule() {
  const { reschedule } = useOutreachMutations()
  const errors = useFormErrors({ inline: true })
  const [job, setJob] = useState<OutreachJob | null>(null)
  const [isSubmitting, setSubmitting] = useState(false)

  const close = () => {
    setJob(null)
    errors.clear()
  }
  const submit = async ({ startAt }: RescheduleJobValues) => {
    if (!job) return
    setSubmitting(true)
    errors.clear()
    try {
      await reschedule(job.id, startAt)
      setJob(null)
    } catch (error) {
      errors.fail(error)
    } finally {
      setSubmitting(false)
    }
  }

  return {
    open: (next: OutreachJob) => {
      errors.clear()
      setJob(next)
    },
    dialog: (
      <RescheduleJobDialog
        job={job}
        onSubmit={(values) => void submit(values)}
        onClose={close}
        isSubmitting={isSubmitting}
        error={errors.error}
        fieldErrors={errors.fieldErrors}
      />
    ),
  }
}
