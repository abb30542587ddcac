import type { User } from '@desk/api-client'
import { useSession, useUserMutations } from '@desk/api-client/hooks'
import { type UiFieldError, UserModal, type UserModalValues, useNotify } from '@desk/ui'
import { useMemo, useState } from 'react'
import { asUiError, fieldErrorsOf } from '../lib/errors'
import { usePreferences } from '../lib/preferences'
import { userBody, userToModalValues } from '../lib/userForm'

export interface ProfileModalProps {
  user: User
  onClose: () => void
}

/**
 * "Profile" in the user menu: the user modal for oneself, with the interface language; admin fields for
 * administrators only. A saved language takes effect at once.
 */
export default function ProfileModal({ user, onClose }: ProfileModalProps) {
  const { isAdmin } = useSession()
  const { updateUser } = useUserMutations()
  const notify = useNotify()
  const [isSubmitting, setSubmitting] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<UiFieldError[]>([])
  const { locale, setLocale } = usePreferences()
  // A user who never chose a language sees the one in use, which saving then keeps for them.
  const initialValues = useMemo(() => ({ language: locale, ...userToModalValues(user) }), [user, locale])

  const onSubmit = async (values: UserModalValues) => {
    setSubmitting(true)
    setFieldErrors([])
    try {
      const saved = await updateUser(user.id, userBody(values, { adminFields: isAdmin }))
      notify.success('toasts.userSaved')
      const language = saved.language ?? values.language
      if (language) setLocale(language)
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
      showLanguage
      onSubmit={onSubmit}
      onClose={onClose}
      isSubmitting={isSubmitting}
      fieldErrors={fieldErrors}
    />
  )
}
