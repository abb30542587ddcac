import { Badge, Input, InputGroup } from '@chakra-ui/react'
import { LuSearch, LuUserX } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { AdminTable, type AdminTablePagedProps } from '../admin-table/AdminTable'
import { deleteRowAction, editRowAction } from '../admin-table/rowActions'

/** The fields of a user the table shows. */
export interface UsersTableUser {
  id: number
  name: string
  email: string
  profile: string
  /** The default connection, if any. */
  whatsapp?: { id: number; name: string } | null
}

/** The scrolling region's name defaults to "Users". */
export interface UsersTableProps<T extends UsersTableUser = UsersTableUser> extends AdminTablePagedProps {
  users: T[]
  search: string
  onSearchChange: (search: string) => void
  onAdd: () => void
  onEdit: (user: T) => void
  onDelete: (user: T) => void
}

const isAdmin = (user: UsersTableUser) => user.profile.toLowerCase() === 'admin'

export function UsersTable<T extends UsersTableUser>(props: UsersTableProps<T>) {
  const t = useT()
  return (
    <AdminTable
      rows={props.users}
      isLoading={props.isLoading}
      error={props.error}
      onReload={props.onReload}
      onAdd={props.onAdd}
      addLabel={t('users.add')}
      toolbar={
        <InputGroup flex="1" minWidth="48" startElement={<LuSearch aria-hidden />}>
          <Input
            type="search"
            placeholder={t('users.search')}
            aria-label={t('users.searchLabel')}
            value={props.search}
            onChange={(e) => props.onSearchChange(e.currentTarget.value)}
          />
        </InputGroup>
      }
      scroll={{
        label: props.label ?? t('users.title'),
        maxHeight: props.maxHeight,
        hasMore: props.hasMore,
        onLoadMore: props.onLoadMore,
      }}
      empty={{ title: t('users.empty'), description: t('users.emptyHint'), icon: <LuUserX /> }}
      columns={[
        {
          key: 'name',
          header: t('users.column.name'),
          cellProps: { fontWeight: 'medium' },
          cell: (user) => user.name,
          skeleton: 40,
        },
        {
          key: 'email',
          header: t('users.column.email'),
          cellProps: { color: 'fg.muted' },
          cell: (user) => user.email,
          skeleton: 56,
        },
        {
          key: 'profile',
          header: t('users.column.profile'),
          skeleton: 16,
          cell: (user) => (
            <Badge colorPalette={isAdmin(user) ? 'brand' : 'gray'} variant="subtle">
              {t(isAdmin(user) ? 'profile.admin' : 'profile.user')}
            </Badge>
          ),
        },
        {
          key: 'connection',
          header: t('users.column.connection'),
          cellProps: { color: 'fg.muted' },
          cell: (user) => user.whatsapp?.name ?? '—',
          skeleton: 28,
        },
      ]}
      actionsColumn={{ header: t('users.column.actions'), skeleton: 16 }}
      rowActions={[
        editRowAction((user: T) => t('users.editUser', { name: user.name }), props.onEdit),
        deleteRowAction((user: T) => t('users.deleteUser', { name: user.name }), props.onDelete),
      ]}
    />
  )
}
