import type { User } from '@desk/api-client'
import { useConnections, useQueues, useSession, useUserMutations, useUsers } from '@desk/api-client/hooks'
import { ConfirmDialog, PageContainer, PageHeader, UserModal, type UserModalValues, UsersTable } from '@desk/ui'
import { useMemo, useState } from 'react'
import { asUiError } from '../../lib/errors'
import { useCrudPage } from '../../lib/useCrudPage'
import { useDebouncedValue } from '../../lib/useDebouncedValue'
import { userBody, userToModalValues } from '../../lib/userForm'
import { useT } from '../../lib/useT'

/** /users: search (500 ms debounce), infinite scroll, add/edit in the user modal, delete after confirmation. */
export function UsersPage() {
  const t = useT()
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

  const crud = useCrudPage<User, UserModalValues>({
    save: (values, target) => {
      const body = userBody(values, { adminFields: isAdmin, withAssignments: listsLoaded })
      // A new user's password is required by the form, so it is always there on create.
      return target === 'new' ? createUser({ ...body, password: values.password ?? '' }) : updateUser(target.id, body)
    },
    remove: (user) => deleteUser(user.id),
    savedToast: 'toasts.userSaved',
    deletedToast: 'toasts.userDeleted',
  })
  const { editing, deleting } = crud
  const initialValues = useMemo(
    () => (editing && editing !== 'new' ? userToModalValues(editing) : undefined),
    [editing],
  )

  return (
    <PageContainer>
      <PageHeader title={t('users.title')} />
      {/* A failed load stays on the page; failed actions are toasts. */}
      <UsersTable
        users={users}
        search={search}
        onSearchChange={setSearch}
        onAdd={() => crud.open('new')}
        onEdit={crud.open}
        onDelete={crud.askDelete}
        hasMore={hasMore}
        isLoading={isLoading || isLoadingMore}
        error={error ? asUiError(error) : null}
        onReload={() => void reload()}
        onLoadMore={loadMore}
      />
      <UserModal
        {...crud.form}
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
      />
      <ConfirmDialog
        {...crud.confirm}
        destructive
        title={deleting ? t('users.deleteTitle', { name: deleting.name }) : ''}
      >
        {t('users.deleteBody')}
      </ConfirmDialog>
    </PageContainer>
  )
}

export default UsersPage
