import { chakra, Dialog, Flex, Input, Spinner, Stack, VisuallyHidden } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect } from 'react'
import { type Path, useForm } from 'react-hook-form'
import { DialogCloseButton, FormDialogFooter } from '../../internal/FormDialogParts'
import { FormField } from '../../internal/FormField'
import { UiPortal } from '../../internal/portal'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import {
  type ContactExtraInfo,
  type ContactFormValues,
  type ContactModalValues,
  contactFormSchema,
  fromFormValues,
  toFormValues,
} from './internal/contactForm'
import { ExtraInfoRows } from './internal/ExtraInfoRows'

export type { ContactExtraInfo, ContactModalValues }

/** A field of one extra-info row, as the server names it. */
const EXTRA_INFO_PATH = /^extraInfo\.\d+\.(name|value)$/

export interface ContactModalProps {
  open: boolean
  /** The contact being edited; a new one otherwise (a name may be pre-filled, e.g. from a search). */
  initialValues?: Partial<ContactModalValues>
  /** Defaults to 'edit' when `initialValues` carry more than a name, else 'create'. */
  mode?: 'create' | 'edit'
  onSubmit: (values: ContactModalValues) => void
  onClose: () => void
  isSubmitting?: boolean
  /** The contact is still being fetched: a spinner stands in for the fields and saving waits. */
  isLoading?: boolean
  /** A failure that belongs to no field, e.g. `{ code: 'ERR_WAPP_CHECK_CONTACT' }`. */
  error?: UiError | null
  /** Server validation errors, shown on their fields (`extraInfo.0.value` on its row). */
  fieldErrors?: UiFieldError[]
}

/** Add or edit a contact: name, number, e-mail and rows of other information. */
export function ContactModal(props: ContactModalProps) {
  const { open, initialValues, onSubmit, onClose, isSubmitting, isLoading, fieldErrors } = props
  const t = useT()
  const mode = props.mode ?? (initialValues && Object.keys(initialValues).some((k) => k !== 'name') ? 'edit' : 'create')
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: toFormValues(initialValues),
  })
  const { errors } = form.formState
  useEffect(() => {
    if (open) form.reset(toFormValues(initialValues))
  }, [open, initialValues, form])
  // A failure the server pinned on a field shows there only.
  const onMainField = useServerFieldErrors(form.setError, fieldErrors, ['name', 'number', 'email'])
  const onField = onMainField || (fieldErrors ?? []).some(({ path }) => EXTRA_INFO_PATH.test(path))
  useEffect(() => {
    for (const { path, message } of fieldErrors ?? []) {
      if (EXTRA_INFO_PATH.test(path)) {
        form.setError(path as Path<ContactFormValues>, { type: 'server', message })
      }
    }
  }, [fieldErrors, form])
  const submitLabel = t(mode === 'edit' ? 'common.save' : 'common.add')
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" scrollBehavior="inside">
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form display="contents" noValidate onSubmit={form.handleSubmit((v) => onSubmit(fromFormValues(v)))}>
              <Dialog.Header>
                <Dialog.Title>{t(mode === 'edit' ? 'contactModal.editTitle' : 'contactModal.addTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                {isLoading ? (
                  <Flex role="status" justifyContent="center" paddingBlock="10">
                    <Spinner color="fg.muted" />
                    <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
                  </Flex>
                ) : (
                  <Stack gap="4">
                    <ErrorMessage error={onField ? null : props.error} />
                    <FormField label={t('contactModal.name')} error={errors.name?.message} required>
                      <Input autoComplete="off" {...form.register('name')} />
                    </FormField>
                    <FormField
                      label={t('contactModal.number')}
                      error={errors.number?.message}
                      helperText={t('contactModal.numberHint')}
                    >
                      <Input type="tel" inputMode="tel" placeholder="5513912344321" {...form.register('number')} />
                    </FormField>
                    <FormField label={t('contactModal.email')} error={errors.email?.message}>
                      <Input type="email" autoComplete="off" {...form.register('email')} />
                    </FormField>
                    <ExtraInfoRows control={form.control} register={form.register} errors={errors.extraInfo} />
                  </Stack>
                )}
              </Dialog.Body>
              <FormDialogFooter
                submitLabel={submitLabel}
                onCancel={onClose}
                isSubmitting={isSubmitting}
                canSubmit={!isLoading}
              />
            </chakra.form>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </UiPortal>
    </Dialog.Root>
  )
}
