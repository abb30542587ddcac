import { Input, Textarea } from '@chakra-ui/react'
import { useMemo } from 'react'
import { ColorField } from '../../internal/color/ColorField'
import { FormField } from '../../internal/FormField'
import { useT } from '../../internal/useT'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { FormDialog } from '../form-dialog/FormDialog'
import { fromFormValues, type QueueModalValues, queueFormSchema, toFormValues } from './internal/queueForm'

export type { QueueModalValues }

export interface QueueModalProps {
  open: boolean
  /** The queue being edited; a new one otherwise. */
  initialValues?: Partial<QueueModalValues>
  onSubmit: (values: QueueModalValues) => void
  onClose: () => void
  isSubmitting?: boolean
  /** A failure that belongs to no field, e.g. `{ code: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' }`. */
  error?: UiError | null
  fieldErrors?: UiFieldError[]
}

const SERVER_FIELDS = ['name', 'color', 'greetingMessage'] as const

/** Add or edit a queue: name, a colour from the palette and the greeting message. */
export function QueueModal({ initialValues, onSubmit, ...props }: QueueModalProps) {
  const t = useT()
  const editing = Boolean(initialValues)
  const values = useMemo(() => toFormValues(initialValues), [initialValues])
  return (
    <FormDialog
      {...props}
      title={t(editing ? 'queueModal.editTitle' : 'queueModal.addTitle')}
      submitLabel={t(editing ? 'common.save' : 'common.add')}
      schema={queueFormSchema}
      values={values}
      onSubmit={(v) => onSubmit(fromFormValues(v))}
      serverFields={SERVER_FIELDS}
    >
      {(form) => (
        <>
          <FormField label={t('queueModal.name')} error={form.formState.errors.name?.message} required>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <ColorField control={form.control} name="color" legend={t('queueModal.color')} />
          <FormField
            label={t('queueModal.greeting')}
            error={form.formState.errors.greetingMessage?.message}
            helperText={t('queueModal.greetingHint')}
          >
            <Textarea rows={4} autoresize maxHeight="60" {...form.register('greetingMessage')} />
          </FormField>
        </>
      )}
    </FormDialog>
  )
}
