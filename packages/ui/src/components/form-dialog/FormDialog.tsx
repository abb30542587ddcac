import { Flex, Spinner, Stack, VisuallyHidden } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { type ReactNode, useEffect } from 'react'
import { type DefaultValues, type FieldValues, type UseFormReturn, useForm } from 'react-hook-form'
import type { z } from 'zod'
import { DialogForm } from '../../internal/DialogForm'
import { type ServerField, useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { LoadError } from '../list-state/LoadError'

export interface FormDialogProps<TValues extends FieldValues, TOutput = TValues> {
  open: boolean
  title: ReactNode
  submitLabel: string
  /** The form's rules; what passes them goes to `onSubmit`. */
  schema: z.ZodType<TOutput, TValues>
  /** What the fields hold when the dialog opens (the form is reset to them on every opening). */
  values: TValues
  onSubmit: (values: TOutput) => void
  onClose: () => void
  isSubmitting?: boolean
  /** The data the form needs is still on its way: a spinner stands in for the fields and saving waits. */
  isLoading?: boolean
  /** A failure that belongs to no field: one line above the fields. */
  error?: UiError | null
  /** The server's `{path, message}` list: shown on its field when the form has it, else as `error`. */
  fieldErrors?: UiFieldError[]
  /** The fields the server may name: a field's name (its first path segment), or a pattern for the whole path. */
  serverFields: readonly ServerField<TValues>[]
  /** The choices the fields offer could not be loaded: one line with Retry above the fields. */
  loadError?: UiError | null
  onRetryLoad?: () => void
  /** The fields, given the form (register, control …). */
  children: (form: UseFormReturn<TValues, unknown, TOutput>) => ReactNode
}

/**
 * A dialog holding one form: title, fields, Cancel and submit, the × in its corner. It validates with
 * `schema`, resets on every opening, puts the server's field errors beside their fields and shows a
 * failure that names none of its fields once, above them.
 */
export function FormDialog<TValues extends FieldValues, TOutput = TValues>(props: FormDialogProps<TValues, TOutput>) {
  const { open, values, onClose, isLoading } = props
  const t = useT()
  const form = useForm<TValues, unknown, TOutput>({
    resolver: zodResolver(props.schema),
    defaultValues: values as DefaultValues<TValues>,
  })
  useEffect(() => {
    if (open) form.reset(values)
  }, [open, values, form])
  // A failure the server pinned on a field shows there only.
  const onField = useServerFieldErrors(form.setError, props.fieldErrors, props.serverFields)
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title={props.title}
      submitLabel={props.submitLabel}
      onSubmit={form.handleSubmit((v) => props.onSubmit(v))}
      isSubmitting={props.isSubmitting}
      canSubmit={!isLoading}
      scrollBehavior="inside"
    >
      {isLoading ? (
        <Flex role="status" justifyContent="center" paddingBlock="10">
          <Spinner color="fg.muted" />
          <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
        </Flex>
      ) : (
        <Stack gap="4">
          <ErrorMessage error={onField ? null : props.error} />
          {props.loadError && <LoadError variant="inline" error={props.loadError} onRetry={props.onRetryLoad} />}
          {props.children(form)}
        </Stack>
      )}
    </DialogForm>
  )
}
