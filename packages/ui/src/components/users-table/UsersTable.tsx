import { Badge, Input, InputGroup, Stack, Text, useBreakpointValue } from '@chakra-ui/react'
import { LuSearch, LuUserX } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { AdminTable, type AdminTableColumn, type AdminTablePagedProps } from '../admin-table/AdminTable'
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
  // Phones: the name with the e-mail under it, the profile and the actions, so Edit is on screen without scrolling
  // sideways; the connection shows in the user's dialog.
  const compact = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false
  const columns: AdminTableColumn<T>[] = [
    {
      key: 'name',
      header: t('users.column.name'),
      cellProps: { fontWeight: 'medium' },
      cell: (user) =>
        compact ? (
          <Stack gap="0.5">
            <Text>{user.name}</Text>
            <Text textStyle="xs" fontWeight="normal" color="fg.muted" wordBreak="break-all">
              {user.email}
            </Text>
          </Stack>
        ) : (
          user.name
        ),
      skeleton: 40,
    },
    ...(compact
      ? []
      : [
          {
            key: 'email',
            header: t('users.column.email'),
            cellProps: { color: 'fg.muted' },
            cell: (user: T) => user.email,
            skeleton: 56,
          },
        ]),
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
    ...(compact
      ? []
      : [
          {
            key: 'connection',
            header: t('users.column.connection'),
            cellProps: { color: 'fg.muted' },
            cell: (user: T) => user.whatsapp?.name ?? '—',
            skeleton: 28,
          },
        ]),
  ]
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
      columns={columns}
      actionsColumn={{ header: t('users.column.actions'), skeleton: 16, compact }}
      rowActions={[
        editRowAction((user: T) => t('users.editUser', { name: user.name }), props.onEdit),
        deleteRowAction((user: T) => t('users.deleteUser', { name: user.name }), props.onDelete),
      ]}
    />
  )
}
