import { Checkbox, chakra, Dialog, Input, NativeSelect, Stack } from '@chakra-ui/react'
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
import { LoadError } from '../list-state/LoadError'
import {
  type ConnectionDriver,
  type ConnectionFormValues,
  type ConnectionModalValues,
  connectionFormSchema,
  fromFormValues,
  toFormValues,
} from './internal/connectionForm'
import { QueueCheckboxes } from './internal/QueueCheckboxes'

export type { ConnectionDriver, ConnectionModalValues }

export interface ConnectionModalProps {
  open: boolean
  /** The connection being edited; a new one otherwise. */
  initialValues?: Partial<ConnectionModalValues>
  queues: { id: number; name: string; color: string }[]
  onSubmit: (values: ConnectionModalValues) => void
  onClose: () => void
  isSubmitting?: boolean
  error?: UiError | null
  fieldErrors?: UiFieldError[]
  /** The queues or connections to choose from could not be loaded: one line with Retry above the fields. */
  loadError?: UiError | null
  onRetryLoad?: () => void
}

const DRIVERS: ConnectionDriver[] = ['simulator', 'cloud-api', 'web-session']

/** Add or edit a connection: name, default, greeting and farewell messages, queues and driver. */
export function ConnectionModal(props: ConnectionModalProps) {
  const { open, initialValues, queues, onSubmit, onClose, isSubmitting } = props
  const t = useT()
  const editing = Boolean(initialValues)
  const form = useForm<ConnectionFormValues>({
    resolver: zodResolver(connectionFormSchema),
    defaultValues: toFormValues(initialValues),
  })
  const { errors } = form.formState
  useEffect(() => {
    if (open) form.reset(toFormValues(initialValues))
  }, [open, initialValues, form])
  // A failure the server pinned on a field shows there only.
  const onField = useServerFieldErrors(form.setError, props.fieldErrors, [
    'name',
    'greetingMessage',
    'farewellMessage',
    'queueIds',
  ])
  const submitLabel = t(editing ? 'common.save' : 'common.add')
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" scrollBehavior="inside">
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form display="contents" noValidate onSubmit={form.handleSubmit((v) => onSubmit(fromFormValues(v)))}>
              <Dialog.Header>
                <Dialog.Title>{t(editing ? 'connectionModal.editTitle' : 'connectionModal.addTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <ErrorMessage error={onField ? null : props.error} />
                  {props.loadError && (
                    <LoadError variant="inline" error={props.loadError} onRetry={props.onRetryLoad} />
                  )}
                  <FormField label={t('connectionModal.name')} error={errors.name?.message} required>
                    <Input autoComplete="off" {...form.register('name')} />
                  </FormField>
                  <Controller
                    control={form.control}
                    name="isDefault"
                    render={({ field }) => (
                      <Checkbox.Root checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)}>
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{t('connectionModal.isDefault')}</Checkbox.Label>
                      </Checkbox.Root>
                    )}
                  />
                  <FormField label={t('connectionModal.driver')} disabled={editing}>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...form.register('driver')}>
                        {DRIVERS.map((driver) => (
                          <option key={driver} value={driver}>
                            {t(`connectionModal.driver.${driver}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                  <FormField label={t('connectionModal.greeting')} error={errors.greetingMessage?.message}>
                    <Input
                      as="textarea"
                      height="auto"
                      minHeight="20"
                      paddingBlock="2"
                      resize="vertical"
                      {...form.register('greetingMessage')}
                    />
                  </FormField>
                  <FormField label={t('connectionModal.farewell')} helperText={t('connectionModal.farewellHint')}>
                    <Input
                      as="textarea"
                      height="auto"
                      minHeight="20"
                      paddingBlock="2"
                      resize="vertical"
                      {...form.register('farewellMessage')}
                    />
                  </FormField>
                  <QueueCheckboxes control={form.control} queues={queues} />
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
