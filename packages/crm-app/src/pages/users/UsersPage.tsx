import type { User } from '@desk/api-client'
import { useConnections, useQueues, useSession, useUserMutations, useUsers } from '@desk/api-client/hooks'
import {
  ConfirmDialog,
  PageContainer,
  PageHeader,
  UserModal,
  type UserModalValues,
  UsersTable,
  useNotify,
} from '@desk/ui'
import { useMemo, useState } from 'react'
import { asUiError } from '../../lib/errors'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { useFormErrors } from '../../lib/useFormErrors'
import { userBody, userToModalValues } from '../../lib/userForm'
import { useT } from '../../lib/useT'

/** /users: search (500 ms debounce), infinite scroll, add/edit in the user modal, delete after confirmation. */
export function UsersPage() {
  const t = useT()
  const notify = useNotify()
  const { isAdmin } = useSession()
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), 500)
  const { users, hasMore, isLoading, isLoadingMore, error, loadMore, reload } = useUsers({ searchParam })
  const { createUser, updateUser, deleteUser } = useUserMutations()
  // What the modal offers to assign; fetched with the page so the modal opens with them.
  const { queues, error: queuesError, reload: reloadQueues } = useQueues()
  const { connections, error: connectionsError, reload: reloadConnections } = useConnections()
  const choicesError = queuesError ?? connectionsError
  const listsLoaded = queues !== undefined && connections !== undefined

  // `null`: closed; `'new'`: adding; a user: editing that user.
  const [editing, setEditing] = useState<User | 'new' | null>(null)
  const [deleting, setDeleting] = useState<User | null>(null)
  const [isSubmitting, setSubmitting] = useState(false)
  const formErrors = useFormErrors()

  const initialValues = useMemo(
    () => (editing && editing !== 'new' ? userToModalValues(editing) : undefined),
    [editing],
  )

  const openModal = (target: User | 'new') => {
    formErrors.clear()
    setEditing(target)
  }

  const onSubmit = async (values: UserModalValues) => {
    if (!editing) return
    setSubmitting(true)
    formErrors.clear()
    try {
      const body = userBody(values, { adminFields: isAdmin, withAssignments: listsLoaded })
      if (editing === 'new') await createUser(body)
      else await updateUser(editing.id, body)
      notify.success('toasts.userSaved')
      setEditing(null)
    } catch (err) {
      formErrors.fail(err)
    } finally {
      setSubmitting(false)
    }
  }

  const onConfirmDelete = async () => {
    if (!deleting) return
    setSubmitting(true)
    try {
      await deleteUser(deleting.id)
      notify.success('toasts.userDeleted')
      setDeleting(null)
    } catch (err) {
      notify.error(asUiError(err))
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <PageContainer>
      <PageHeader title={t('users.title')} />
      {/* A failed load stays on the page; failed actions are toasts. */}
      <UsersTable
        users={users}
        search={search}
        onSearchChange={setSearch}
        onAdd={() => openModal('new')}
        onEdit={openModal}
        onDelete={setDeleting}
        hasMore={hasMore}
        isLoading={isLoading || isLoadingMore}
        error={error ? asUiError(error) : null}
        onReload={() => void reload()}
        onLoadMore={loadMore}
      />
      <UserModal
        open={editing !== null}
        mode={editing === 'new' ? 'create' : 'edit'}
        initialValues={initialValues}
        canEditAdminFields={isAdmin}
        queues={queues}
        connections={connections}
        loadError={choicesError ? asUiError(choicesError) : null}
        onRetryLoad={() => {
          if (queuesError) void reloadQueues()
          if (connectionsError) void reloadConnections()
        }}
        onSubmit={onSubmit}
        onClose={() => setEditing(null)}
        isSubmitting={isSubmitting}
        error={formErrors.error}
        fieldErrors={formErrors.fieldErrors}
      />
      <ConfirmDialog
        open={deleting !== null}
        destructive
        title={deleting ? t('users.deleteTitle', { name: deleting.name }) : ''}
        isConfirming={isSubmitting}
        onConfirm={onConfirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('users.deleteBody')}
      </ConfirmDialog>
    </PageContainer>
  )
}

export default UsersPage
