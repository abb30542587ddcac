import { chakra, Dialog, Input, Stack, Textarea } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useRef } from 'react'
import { useForm } from 'react-hook-form'
import { DialogCloseButton, FormDialogFooter } from '../../internal/FormDialogParts'
import { FormField } from '../../internal/FormField'
import { UiPortal } from '../../internal/portal'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import {
  insertAt,
  type QuickAnswerFormInput,
  type QuickAnswerModalValues,
  type QuickAnswerVariable,
  quickAnswerFormSchema,
} from './internal/quickAnswerForm'
import { VariableButtons } from './internal/VariableButtons'

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

const toFormValues = (v: Partial<QuickAnswerModalValues> = {}) => ({
  shortcut: v.shortcut ?? '',
  message: v.message ?? '',
})

/** Add or edit a quick answer: shortcut, message, and buttons that insert placeholders at the caret. */
export function QuickAnswerModal(props: QuickAnswerModalProps) {
  const { open, initialValues, onSubmit, onClose, isSubmitting } = props
  const t = useT()
  const editing = Boolean(initialValues)
  const form = useForm<QuickAnswerFormInput, unknown, QuickAnswerModalValues>({
    resolver: zodResolver(quickAnswerFormSchema),
    defaultValues: toFormValues(initialValues),
  })
  const { errors, isSubmitted } = form.formState
  const messageRef = useRef<HTMLTextAreaElement | null>(null)
  useEffect(() => {
    if (open) form.reset(toFormValues(initialValues))
  }, [open, initialValues, form])
  // A failure the server pinned on a field shows there only.
  const onField = useServerFieldErrors(form.setError, props.fieldErrors, ['shortcut', 'message'])

  const { ref: registerMessageRef, ...messageField } = form.register('message')
  const insert = (variable: QuickAnswerVariable) => {
    const textarea = messageRef.current
    const value = form.getValues('message')
    const start = textarea?.selectionStart ?? value.length
    const end = textarea?.selectionEnd ?? value.length
    const next = insertAt(value, `{{${variable}}}`, start, end)
    form.setValue('message', next.value, { shouldDirty: true, shouldValidate: isSubmitted })
    textarea?.focus()
    textarea?.setSelectionRange(next.caret, next.caret)
  }

  const submitLabel = t(editing ? 'common.save' : 'common.add')
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" scrollBehavior="inside">
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form display="contents" noValidate onSubmit={form.handleSubmit((v) => onSubmit(v))}>
              <Dialog.Header>
                <Dialog.Title>{t(editing ? 'quickAnswerModal.editTitle' : 'quickAnswerModal.addTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <ErrorMessage error={onField ? null : props.error} />
                  <FormField
                    label={t('quickAnswerModal.shortcut')}
                    error={errors.shortcut?.message}
                    helperText={t('quickAnswerModal.shortcutHint')}
                    required
                  >
                    <Input autoComplete="off" {...form.register('shortcut')} />
                  </FormField>
                  <FormField label={t('quickAnswerModal.message')} error={errors.message?.message} required>
                    <Textarea
                      rows={6}
                      autoresize
                      maxHeight="72"
                      {...messageField}
                      ref={(element) => {
                        registerMessageRef(element)
                        messageRef.current = element
                      }}
                    />
                  </FormField>
                  <VariableButtons onInsert={insert} />
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
