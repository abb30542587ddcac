import { Badge, HStack, IconButton, Skeleton, Table } from '@chakra-ui/react'
import { LuPencil, LuTrash2 } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

/** The fields of a user the table shows. */
export interface UsersTableUser {
  id: number
  name: string
  email: string
  profile: string
  /** The default connection, if any. */
  whatsapp?: { id: number; name: string } | null
}

interface UserRowProps<T extends UsersTableUser> {
  user: T
  onEdit: (user: T) => void
  onDelete: (user: T) => void
}

export function UserRow<T extends UsersTableUser>({ user, onEdit, onDelete }: UserRowProps<T>) {
  const t = useT()
  const isAdmin = user.profile.toLowerCase() === 'admin'
  return (
    <Table.Row>
      <Table.Cell fontWeight="medium">{user.name}</Table.Cell>
      <Table.Cell color="fg.muted">{user.email}</Table.Cell>
      <Table.Cell>
        <Badge colorPalette={isAdmin ? 'brand' : 'gray'} variant="subtle">
          {t(isAdmin ? 'profile.admin' : 'profile.user')}
        </Badge>
      </Table.Cell>
      <Table.Cell color="fg.muted">{user.whatsapp?.name ?? '—'}</Table.Cell>
      <Table.Cell textAlign="end">
        <HStack gap="1" justifyContent="flex-end">
          <IconButton
            size="sm"
            variant="ghost"
            colorPalette="gray"
            aria-label={t('users.editUser', { name: user.name })}
            onClick={() => onEdit(user)}
          >
            <LuPencil />
          </IconButton>
          <IconButton
            size="sm"
            variant="ghost"
            colorPalette="red"
            aria-label={t('users.deleteUser', { name: user.name })}
            onClick={() => onDelete(user)}
          >
            <LuTrash2 />
          </IconButton>
        </HStack>
      </Table.Cell>
    </Table.Row>
  )
}

export function SkeletonRow() {
  return (
    <Table.Row aria-hidden>
      {[40, 56, 16, 28, 16].map((width, i) => (
        <Table.Cell key={i}>
          <Skeleton height="4" width={`${width}%`} minWidth="8" marginInlineStart={i === 4 ? 'auto' : undefined} />
        </Table.Cell>
      ))}
    </Table.Row>
  )
}
