import { safeText, VALIDATION_MESSAGES } from '@desk/api-client/contract'
import { useMemo } from 'react'
import { z } from 'zod'
import { DateTimeField } from '../../internal/DateTimeField'
import type { OutreachJob } from '../../internal/outreach/job'
import { parseStartInput, toStartInput } from '../../internal/outreach/startAt'
import { useT } from '../../internal/useT'
import { type DateInput, dateTimeSettings } from '../../lib/datetime'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { FormDialog } from '../form-dialog/FormDialog'

interface RescheduleFormValues {
  /** `YYYY-MM-DDTHH:mm` (local time), typed as `dd/mm/yyyy hh:mm`. */
  startAt: string
}

/** What the dialog hands back: the new start as ISO. */
export interface RescheduleJobValues {
  startAt: string
}

export interface RescheduleJobDialogProps {
  /** The job being moved; null keeps the dialog closed. */
  job: Pick<OutreachJob, 'id' | 'startAt'> | null
  onSubmit: (values: RescheduleJobValues) => void
  onClose: () => void
  isSubmitting?: boolean
  /** A failure that names no field (e.g. the job started meanwhile: `ERR_JOB_STATE`). */
  error?: UiError | null
  /** The server's `{path, message}` list; `startAt` shows beside the field. */
  fieldErrors?: UiFieldError[]
  /** What "now" is, for "pick a time in the future" (stories pin it). */
  now?: () => DateInput
}

const SERVER_FIELDS = ['startAt'] as const

const rescheduleSchema = (now: () => DateInput) =>
  z.object({ startAt: safeText() }).transform((v, ctx): RescheduleJobValues => {
    const start = parseStartInput(v.startAt, now)
    if ('error' in start || start.startAt === null) {
      const message = 'error' in start ? start.error : VALIDATION_MESSAGES.required
      ctx.issues.push({ code: 'custom', path: ['startAt'], message, input: v })
      return z.NEVER
    }
    return { startAt: start.startAt }
  })

/** Moves a scheduled job that has not started to a new start time (local date and time, in the future). */
export function RescheduleJobDialog({ job, onSubmit, now, ...props }: RescheduleJobDialogProps) {
  const t = useT()
  const schema = useMemo(() => rescheduleSchema(now ?? dateTimeSettings.now), [now])
  const values = useMemo<RescheduleFormValues>(() => ({ startAt: toStartInput(job?.startAt) }), [job?.startAt])
  return (
    <FormDialog
      {...props}
      open={job !== null}
      title={t('outreach.rescheduleOf', { id: job?.id ?? '' })}
      submitLabel={t('outreach.rescheduleSave')}
      schema={schema}
      values={values}
      onSubmit={onSubmit}
      serverFields={SERVER_FIELDS}
    >
      {(form) => (
        <DateTimeField
          control={form.control}
          name="startAt"
          mode="datetime"
          label={t('outreach.rescheduleAt')}
          required
        />
      )}
    </FormDialog>
  )
}
