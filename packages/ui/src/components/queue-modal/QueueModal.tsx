import { chakra, Dialog, Input, Stack, Textarea } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { DialogCloseButton, FormDialogFooter } from '../../internal/FormDialogParts'
import { FormField } from '../../internal/FormField'
import { UiPortal } from '../../internal/portal'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { ColorPalette } from './internal/ColorPalette'
import {
  fromFormValues,
  type QueueFormValues,
  type QueueModalValues,
  queueFormSchema,
  toFormValues,
} from './internal/queueForm'

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

/** Add or edit a queue: name, a colour from the palette and the greeting message. */
export function QueueModal(props: QueueModalProps) {
  const { open, initialValues, onSubmit, onClose, isSubmitting } = props
  const t = useT()
  const editing = Boolean(initialValues)
  const form = useForm<QueueFormValues>({
    resolver: zodResolver(queueFormSchema),
    defaultValues: toFormValues(initialValues),
  })
  const { errors } = form.formState
  useEffect(() => {
    if (open) form.reset(toFormValues(initialValues))
  }, [open, initialValues, form])
  // A failure the server pinned on a field shows there only.
  const onField = useServerFieldErrors(form.setError, props.fieldErrors, ['name', 'color', 'greetingMessage'])
  const submitLabel = t(editing ? 'common.save' : 'common.add')
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" scrollBehavior="inside">
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form display="contents" noValidate onSubmit={form.handleSubmit((v) => onSubmit(fromFormValues(v)))}>
              <Dialog.Header>
                <Dialog.Title>{t(editing ? 'queueModal.editTitle' : 'queueModal.addTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <ErrorMessage error={onField ? null : props.error} />
                  <FormField label={t('queueModal.name')} error={errors.name?.message} required>
                    <Input autoComplete="off" {...form.register('name')} />
                  </FormField>
                  <Controller
                    control={form.control}
                    name="color"
                    render={({ field, fieldState }) => (
                      <ColorPalette
                        name={field.name}
                        value={field.value}
                        onChange={field.onChange}
                        legend={t('queueModal.color')}
                        error={fieldState.error?.message}
                        required
                      />
                    )}
                  />
                  <FormField
                    label={t('queueModal.greeting')}
                    error={errors.greetingMessage?.message}
                    helperText={t('queueModal.greetingHint')}
                  >
                    <Textarea rows={4} autoresize maxHeight="60" {...form.register('greetingMessage')} />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <FormDialogFooter submitLabel={submitLabel} onCancel={onClose} isSubmitting={isSubmitting} />
            </chakra.form>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </UiPortal>
    </Dialog.Root>
  )
}
