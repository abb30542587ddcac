import { useMemo } from 'react'
import { useT } from '../../internal/useT'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { FormDialog } from '../form-dialog/FormDialog'
import { QuickAnswerFields } from './internal/QuickAnswerFields'
import {
  type QuickAnswerModalValues,
  type QuickAnswerVariable,
  quickAnswerFormSchema,
} from './internal/quickAnswerForm'

export type { QuickAnswerModalValues, QuickAnswerVariable }

export interface QuickAnswerModalProps {
  open: boolean
  /** The quick answer being edited; a new one otherwise. */
  initialValues?: Partial<QuickAnswerModalValues>
  onSubmit: (values: QuickAnswerModalValues) => void
  onClose: () => void
  isSubmitting?: boolean
  error?: UiError | null
  fieldErrors?: UiFieldError[]
}

const SERVER_FIELDS = ['shortcut', 'message'] as const

/** Add or edit a quick answer: shortcut, message, and buttons that insert placeholders at the caret. */
export function QuickAnswerModal({ initialValues, ...props }: QuickAnswerModalProps) {
  const t = useT()
  const editing = Boolean(initialValues)
  const values = useMemo(
    () => ({ shortcut: initialValues?.shortcut ?? '', message: initialValues?.message ?? '' }),
    [initialValues],
  )
  return (
    <FormDialog
      {...props}
      title={t(editing ? 'quickAnswerModal.editTitle' : 'quickAnswerModal.addTitle')}
      submitLabel={t(editing ? 'common.save' : 'common.add')}
      schema={quickAnswerFormSchema}
      values={values}
      serverFields={SERVER_FIELDS}
    >
      {(form) => <QuickAnswerFields form={form} />}
    </FormDialog>
  )
}
