import { Input } from '@chakra-ui/react'
import { useMemo } from 'react'
import { FormField } from '../../internal/FormField'
import { useT } from '../../internal/useT'
import type { UiError, UiFieldError } from '../error-message/useErrorText'
import { FormDialog } from '../form-dialog/FormDialog'
import { AdminFields, type UserModalConnection, type UserModalQueue } from './internal/AdminFields'
import { AssignedFields } from './internal/AssignedFields'
import { LanguageField } from './internal/LanguageField'
import { fromFormValues, toFormValues, type UserModalValues, userFormSchema } from './internal/userForm'

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
  const { initialValues, canEditAdminFields, showLanguage, showAssignments, onSubmit, ...dialog } = props
  const { queues = [], connections = [], mode: _mode, ...rest } = dialog
  const mode = props.mode ?? (initialValues ? 'edit' : 'create')
  const t = useT()
  const schema = useMemo(() => userFormSchema(mode), [mode])
  const values = useMemo(() => toFormValues(initialValues), [initialValues])
  return (
    <FormDialog
      {...rest}
      title={t(mode === 'edit' ? 'userModal.editTitle' : 'userModal.addTitle')}
      submitLabel={t(mode === 'edit' ? 'userModal.save' : 'userModal.add')}
      schema={schema}
      values={values}
      onSubmit={(v) => onSubmit(fromFormValues(v, showLanguage))}
      serverFields={SERVER_FIELDS}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <FormField label={t('userModal.name')} error={errors.name?.message} required>
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <FormField label={t('userModal.email')} error={errors.email?.message} required>
            <Input type="email" autoComplete="off" {...register('email')} />
          </FormField>
          <FormField
            label={t('userModal.password')}
            error={errors.password?.message}
            helperText={mode === 'edit' ? t('userModal.passwordKeep') : undefined}
            required={mode === 'create'}
          >
            <Input type="password" autoComplete="new-password" {...register('password')} />
          </FormField>
          {showLanguage && <LanguageField register={register} error={errors.language?.message} />}
          {canEditAdminFields ? (
            <AdminFields control={control} register={register} queues={queues} connections={connections} />
          ) : (
            showAssignments && (
              <AssignedFields
                queues={queues}
                connections={connections}
                queueIds={values.queueIds}
                whatsappId={values.whatsappId}
              />
            )
          )}
        </>
      )}
    </FormDialog>
  )
}
