import { Box, Button, Flex, HStack, IconButton, Skeleton, Table, Text } from '@chakra-ui/react'
import { LuMessageSquareText, LuPencil, LuPlus, LuTrash2 } from 'react-icons/lu'
import { useInfiniteScroll } from '../../internal/useInfiniteScroll'
import { useT } from '../../internal/useT'
import { EmptyState } from '../empty-state/EmptyState'
import type { UiError } from '../error-message/useErrorText'
import { ListState } from '../list-state/ListState'
import { SearchField } from '../search-field/SearchField'

export interface QuickAnswersTableItem {
  id: number
  shortcut: string
  message: string
}

export interface QuickAnswersTableProps<T extends QuickAnswersTableItem = QuickAnswersTableItem> {
  quickAnswers: T[]
  /** The search box above the table (the page searches on the server). */
  search: string
  onSearchChange: (search: string) => void
  onAdd?: () => void
  onEdit?: (quickAnswer: T) => void
  onDelete?: (quickAnswer: T) => void
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
  /** Accessible name of the scrolling region; defaults to "Quick answers". */
  label?: string
}

/** Search and add above a table of quick answers: shortcut, the start of the message, edit and delete; infinite scroll. */
export function QuickAnswersTable<T extends QuickAnswersTableItem>(props: QuickAnswersTableProps<T>) {
  const { quickAnswers, search, onSearchChange, onAdd, onEdit, onDelete, hasMore, isLoading, onLoadMore } = props
  const t = useT()
  const { rootRef, sentinelRef } = useInfiniteScroll({
    hasMore: hasMore && !props.error,
    isLoading,
    onLoadMore,
    itemCount: quickAnswers.length,
  })
  return (
    <Flex direction="column" gap="3">
      <Flex gap="2" wrap="wrap" justifyContent="space-between">
        <SearchField
          value={search}
          onChange={onSearchChange}
          label={t('quickAnswers.searchLabel')}
          placeholder={t('quickAnswers.search')}
          width="72"
        />
        {onAdd && (
          <Button onClick={onAdd}>
            <LuPlus aria-hidden />
            {t('quickAnswers.add')}
          </Button>
        )}
      </Flex>
      <Box
        ref={rootRef}
        role="region"
        aria-label={props.label ?? t('quickAnswers.title')}
        aria-busy={isLoading || undefined}
        tabIndex={0}
        overflowY="auto"
        maxHeight={props.maxHeight ?? 'calc(100dvh - 14rem)'}
        borderWidth="1px"
        borderRadius="l2"
      >
        <ListState
          count={quickAnswers.length}
          isLoading={isLoading}
          error={props.error}
          onRetry={props.onReload}
          skeletonRows
          empty={
            <EmptyState
              title={t('quickAnswers.empty')}
              description={t('quickAnswers.emptyHint')}
              icon={<LuMessageSquareText />}
            />
          }
        >
          <Table.Root size="sm" stickyHeader interactive>
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader width="30%">{t('quickAnswers.column.shortcut')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('quickAnswers.column.message')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('quickAnswers.column.actions')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {quickAnswers.map((item) => (
                <Table.Row key={item.id}>
                  <Table.Cell fontWeight="medium" fontFamily="mono" wordBreak="break-all">
                    /{item.shortcut}
                  </Table.Cell>
                  <Table.Cell color="fg.muted">
                    <Text lineClamp={2} whiteSpace="pre-line" wordBreak="break-word">
                      {item.message}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <HStack gap="1" justifyContent="flex-end">
                      {onEdit && (
                        <IconButton
                          size="sm"
                          variant="ghost"
                          colorPalette="gray"
                          aria-label={t('quickAnswers.edit', { name: item.shortcut })}
                          onClick={() => onEdit(item)}
                        >
                          <LuPencil />
                        </IconButton>
                      )}
                      {onDelete && (
                        <IconButton
                          size="sm"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={t('quickAnswers.delete', { name: item.shortcut })}
                          onClick={() => onDelete(item)}
                        >
                          <LuTrash2 />
                        </IconButton>
                      )}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
              {isLoading &&
                [0, 1, 2].map((i) => (
                  <Table.Row key={`s${i}`} aria-hidden>
                    {[50, 80, 30].map((width, j) => (
                      <Table.Cell key={j}>
                        <Skeleton
                          height="4"
                          width={`${width}%`}
                          minWidth="8"
                          marginInlineStart={j === 2 ? 'auto' : undefined}
                        />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
            </Table.Body>
          </Table.Root>
        </ListState>
        <div ref={sentinelRef} aria-hidden />
      </Box>
    </Flex>
  )
}
