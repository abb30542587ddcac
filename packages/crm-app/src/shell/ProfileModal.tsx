import type { User } from '@desk/api-client'
import { useConnections, useQueues, useSession, useUserMutations } from '@desk/api-client/hooks'
import { UserModal, type UserModalValues } from '@desk/ui'
import { useMemo } from 'react'
import { asUiError } from '../lib/errors'
import { usePreferences } from '../lib/preferences'
import { useCrudPage } from '../lib/useCrudPage'
import { userBody, userToModalValues } from '../lib/userForm'

export interface ProfileModalProps {
  user: User
  onClose: () => void
}

/**
 * "Profile" in the user menu: the user modal for oneself, with the interface language; profile, queues and
 * default connection editable for administrators, queues and connection read-only for agents. A saved language takes effect at once.
 */
export default function ProfileModal({ user, onClose }: ProfileModalProps) {
  const { isAdmin } = useSession()
  const { updateUser } = useUserMutations()
  // Administrators assign their own queues and connection; agents see theirs read-only.
  const { queues, error: queuesError, reload: reloadQueues } = useQueues()
  const { connections, error: connectionsError, reload: reloadConnections } = useConnections()
  const choicesError = queuesError ?? connectionsError
  const listsLoaded = queues !== undefined && connections !== undefined
  const { locale, setLocale } = usePreferences()
  // A user who never chose a language sees the one in use, which saving then keeps for them.
  const initialValues = useMemo(() => ({ language: locale, ...userToModalValues(user) }), [user, locale])
  const crud = useCrudPage<User, UserModalValues, User>({
    initial: user,
    save: (values) => updateUser(user.id, userBody(values, { adminFields: isAdmin, withAssignments: listsLoaded })),
    savedToast: 'toasts.userSaved',
    onSaved: (saved, values) => {
      const language = saved.language ?? values.language
      if (language) setLocale(language)
      onClose()
    },
  })

  return (
    <UserModal
      {...crud.form}
      open
      mode="edit"
      initialValues={initialValues}
      canEditAdminFields={isAdmin}
      showAssignments
      // Until the list comes, the user's own queues (all an agent needs to see).
      queues={queues ?? user.queues}
      connections={connections}
      loadError={choicesError ? asUiError(choicesError) : null}
      onRetryLoad={() => {
        if (queuesError) void reloadQueues()
        if (connectionsError) void reloadConnections()
      }}
      showLanguage
      onClose={onClose}
    />
  )
}
