import { chakra, Dialog, Input, Stack } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useEffect, useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { DialogCloseButton, FormDialogFooter } from '../../internal/FormDialogParts'
import { FormField } from '../../internal/FormField'
import { UiPortal } from '../../internal/portal'
import { useServerFieldErrors } from '../../internal/useServerFieldErrors'
import { useT } from '../../internal/useT'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { LoadError } from '../list-state/LoadError'
import { AdminFields, type UserModalConnection, type UserModalQueue } from './internal/AdminFields'
import { AssignedFields } from './internal/AssignedFields'
import { LanguageField } from './internal/LanguageField'
import {
  fromFormValues,
  toFormValues,
  type UserFormValues,
  type UserModalValues,
  userFormSchema,
} from './internal/userForm'

export type { UserModalConnection, UserModalQueue, UserModalValues }

export interface UserModalProps {
  open: boolean
  /** Defaults to 'edit' when `initialValues` are given, else 'create'. */
  mode?: 'create' | 'edit'
  /** The user being edited (the password is never pre-filled). */
  initialValues?: Partial<UserModalValues>
  /** Shows profile, queues and default connection (administrators only). */
  canEditAdminFields?: boolean
  /**
   * Shows queues and default connection read-only to someone who may not change them (an agent's own
   * Profile). Administrators get them as editable fields with `canEditAdminFields` instead.
   */
  showAssignments?: boolean
  /** Shows the interface language (a user editing their own profile); only then is `language` submitted. */
  showLanguage?: boolean
  queues?: UserModalQueue[]
  connections?: UserModalConnection[]
  onSubmit: (values: UserModalValues) => void
  onClose: () => void
  isSubmitting?: boolean
  /** A failure that belongs to no field, e.g. `{ code: 'ERR_NO_PERMISSION' }`. */
  error?: UiError | null
  /** Server validation errors, shown on their fields. */
  fieldErrors?: UiFieldError[]
  /** The queues or connections to choose from could not be loaded: one line with Retry above the fields. */
  loadError?: UiError | null
  onRetryLoad?: () => void
}

const SERVER_FIELDS = ['name', 'email', 'password', 'profile', 'queueIds', 'whatsappId', 'language'] as const

export function UserModal(props: UserModalProps) {
  const {
    open,
    initialValues,
    canEditAdminFields,
    showLanguage,
    showAssignments,
    queues = [],
    connections = [],
    onSubmit,
    onClose,
  } = props
  const { isSubmitting, error, fieldErrors } = props
  const mode = props.mode ?? (initialValues ? 'edit' : 'create')
  const t = useT()
  const schema = useMemo(() => userFormSchema(mode), [mode])
  const form = useForm<UserFormValues>({ resolver: zodResolver(schema), defaultValues: toFormValues(initialValues) })
  const { errors } = form.formState
  useEffect(() => {
    if (open) form.reset(toFormValues(initialValues))
  }, [open, initialValues, form])
  // A failure the server pinned on a field shows there only.
  const onField = useServerFieldErrors(form.setError, fieldErrors, SERVER_FIELDS)
  const submit = form.handleSubmit((values) => onSubmit(fromFormValues(values, showLanguage)))
  const submitLabel = t(mode === 'edit' ? 'userModal.save' : 'userModal.add')
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" scrollBehavior="inside">
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form display="contents" onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{t(mode === 'edit' ? 'userModal.editTitle' : 'userModal.addTitle')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <ErrorMessage error={onField ? null : error} />
                  {props.loadError && (
                    <LoadError variant="inline" error={props.loadError} onRetry={props.onRetryLoad} />
                  )}
                  <FormField label={t('userModal.name')} error={errors.name?.message} required>
                    <Input autoComplete="off" {...form.register('name')} />
                  </FormField>
                  <FormField label={t('userModal.email')} error={errors.email?.message} required>
                    <Input type="email" autoComplete="off" {...form.register('email')} />
                  </FormField>
                  <FormField label={t('userModal.password')} error={errors.password?.message} required>
                    <Input type="password" autoComplete="new-password" {...form.register('password')} />
                  </FormField>
                  {showLanguage && <LanguageField register={form.register} error={errors.language?.message} />}
                  {canEditAdminFields ? (
                    <AdminFields
                      control={form.control}
                      register={form.register}
                      queues={queues}
                      connections={connections}
                    />
                  ) : (
                    showAssignments && (
                      <AssignedFields
                        queues={queues}
                        connections={connections}
                        queueIds={toFormValues(initialValues).queueIds}
                        whatsappId={toFormValues(initialValues).whatsappId}
                      />
                    )
                  )}
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
