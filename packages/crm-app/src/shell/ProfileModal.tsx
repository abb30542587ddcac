import type { User } from '@desk/api-client'
import { useSession, useUserMutations } from '@desk/api-client/hooks'
import { type UiFieldError, UserModal, type UserModalValues, useNotify } from '@desk/ui'
import { useMemo, useState } from 'react'
import { asUiError, fieldErrorsOf } from '../lib/errors'
import { userBody, userToModalValues } from '../lib/userForm'

export interface ProfileModalProps {
  user: User
  onClose: () => void
}

/** "Profile" in the user menu: the user modal for oneself; admin fields for administrators only. */
export default function ProfileModal({ user, onClose }: ProfileModalProps) {
  const { isAdmin } = useSession()
  const { updateUser } = useUserMutations()
  const notify = useNotify()
  const [isSubmitting, setSubmitting] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<UiFieldError[]>([])
  const initialValues = useMemo(() => userToModalValues(user), [user])

  const onSubmit = async (values: UserModalValues) => {
    setSubmitting(true)
    setFieldErrors([])
    try {
      await updateUser(user.id, userBody(values, { adminFields: isAdmin }))
      notify.success('toasts.userSaved')
      onClose()
    } catch (error) {
      setFieldErrors(fieldErrorsOf(error))
      notify.error(asUiError(error))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <UserModal
      open
      mode="edit"
      initialValues={initialValues}
      canEditAdminFields={isAdmin}
      onSubmit={onSubmit}
      onClose={onClose}
      isSubmitting={isSubmitting}
      fieldErrors={fieldErrors}
    />
  )
}
