import { Box, Button, Flex, Input, InputGroup, Table } from '@chakra-ui/react'
import { LuPlus, LuSearch, LuUserX } from 'react-icons/lu'
import { useInfiniteScroll } from '../../internal/useInfiniteScroll'
import { useT } from '../../internal/useT'
import { EmptyState } from '../empty-state/EmptyState'
import type { UiError } from '../error-message/useErrorText'
import { ListState } from '../list-state/ListState'
import { SkeletonRow, UserRow, type UsersTableUser } from './internal/UserRow'

export type { UsersTableUser }

export interface UsersTableProps<T extends UsersTableUser = UsersTableUser> {
  users: T[]
  search: string
  onSearchChange: (search: string) => void
  onAdd: () => void
  onEdit: (user: T) => void
  onDelete: (user: T) => void
  /** More pages exist: `onLoadMore` is called within 100 px of the bottom. */
  hasMore?: boolean
  /** Shows skeleton rows (below the loaded ones while a next page loads). */
  isLoading?: boolean
  /** The last load failed: in place of the table, or under the rows already loaded. */
  error?: UiError | null
  /** Loads the list again after a failure (its Retry button). */
  onReload?: () => void
  onLoadMore?: () => void
  /** Height of the scrolling area. */
  maxHeight?: string
  /** Accessible name of the scrolling region; defaults to "Users". */
  label?: string
}

export function UsersTable<T extends UsersTableUser>(props: UsersTableProps<T>) {
  const { users, search, onSearchChange, onAdd, onEdit, onDelete, hasMore, isLoading, onLoadMore } = props
  const t = useT()
  const { rootRef, sentinelRef } = useInfiniteScroll({
    hasMore: hasMore && !props.error,
    isLoading,
    onLoadMore,
    itemCount: users.length,
  })
  return (
    <Flex direction="column" gap="3">
      <Flex gap="2" wrap="wrap">
        <InputGroup flex="1" minWidth="48" startElement={<LuSearch aria-hidden />}>
          <Input
            type="search"
            placeholder={t('users.search')}
            aria-label={t('users.searchLabel')}
            value={search}
            onChange={(e) => onSearchChange(e.currentTarget.value)}
          />
        </InputGroup>
        <Button onClick={onAdd}>
          <LuPlus aria-hidden />
          {t('users.add')}
        </Button>
      </Flex>
      <Box
        ref={rootRef}
        role="region"
        aria-label={props.label ?? t('users.title')}
        aria-busy={isLoading || undefined}
        tabIndex={0}
        overflowY="auto"
        maxHeight={props.maxHeight ?? 'calc(100dvh - 14rem)'}
        borderWidth="1px"
        borderRadius="l2"
      >
        <ListState
          count={users.length}
          isLoading={isLoading}
          error={props.error}
          onRetry={props.onReload}
          skeletonRows
          empty={<EmptyState title={t('users.empty')} description={t('users.emptyHint')} icon={<LuUserX />} />}
        >
          <Table.Root size="sm" stickyHeader interactive>
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>{t('users.column.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('users.column.email')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('users.column.profile')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('users.column.connection')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('users.column.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {users.map((user) => (
                <UserRow key={user.id} user={user} onEdit={onEdit} onDelete={onDelete} />
              ))}
              {isLoading && [0, 1, 2].map((i) => <SkeletonRow key={i} />)}
            </Table.Body>
          </Table.Root>
        </ListState>
        <div ref={sentinelRef} aria-hidden />
      </Box>
    </Flex>
  )
}
