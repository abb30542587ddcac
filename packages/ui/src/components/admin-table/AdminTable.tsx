import { Box, Button, Flex, Table } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { LuPlus } from 'react-icons/lu'
import { useInfiniteScroll } from '../../internal/useInfiniteScroll'
import { EmptyState, type EmptyStateProps } from '../empty-state/EmptyState'
import type { UiError } from '../error-message/useErrorText'
import { ListState } from '../list-state/ListState'
import { RowActions, stickyEnd } from './internal/RowActions'
import { SkeletonRows } from './internal/SkeletonRows'
import type { AdminTableActionsColumn, AdminTableColumn, AdminTableRowAction } from './internal/types'

export type { AdminTableActionsColumn, AdminTableColumn, AdminTableRowAction }

/** The load state every administration list takes: skeleton rows, and a failure with Retry. */
export interface AdminTableLoadProps {
  /** Shows skeleton rows (below the loaded ones while a next page loads). */
  isLoading?: boolean
  /** The last load failed: in place of the table, or under the rows already loaded. */
  error?: UiError | null
  /** Loads the list again after a failure (its Retry button). */
  onReload?: () => void
}

/** A paged administration list: its load state, plus the infinite scroll's region. */
export interface AdminTablePagedProps extends AdminTableLoadProps {
  /** More pages exist: `onLoadMore` is called within 100 px of the bottom. */
  hasMore?: boolean
  onLoadMore?: () => void
  /** Height of the scrolling area. */
  maxHeight?: string
  /** Accessible name of the scrolling region; each list has its own default. */
  label?: string
}

export interface AdminTableProps<T extends { id: number | string }> extends AdminTableLoadProps {
  rows: T[]
  columns: AdminTableColumn<T>[]
  /** The buttons at the end of each row; those without `onClick` are left out, and with none the column goes. */
  rowActions?: AdminTableRowAction<T>[]
  actionsColumn?: AdminTableActionsColumn
  /** What an empty list says. */
  empty: EmptyStateProps
  /** The add button, at the end of the toolbar (or alone above the table). */
  addLabel?: string
  onAdd?: () => void
  /** What goes above the table (a search field …); with `onAdd`, the add button ends its row. */
  toolbar?: ReactNode
  /** A scrolling region that asks for the next page near its bottom (infinite lists). */
  scroll?: { label: string; maxHeight?: string; hasMore?: boolean; onLoadMore?: () => void }
  /** How many skeleton rows a load shows. */
  skeletonRows?: number
  tableProps?: Table.RootProps
}

/** An administration list: toolbar and add button, a bordered table with row actions, its loading, empty and error states. */
export function AdminTable<T extends { id: number | string }>(props: AdminTableProps<T>) {
  const { rows, columns, isLoading, error, scroll, onAdd, toolbar } = props
  const actions = (props.rowActions ?? []).filter((action) => action.onClick)
  const actionsColumn = actions.length > 0 ? props.actionsColumn : undefined
  const { rootRef, sentinelRef } = useInfiniteScroll({
    // After a failure the next page waits for Retry.
    hasMore: scroll?.hasMore && !error,
    isLoading,
    onLoadMore: scroll?.onLoadMore,
    itemCount: rows.length,
  })
  const add = onAdd && (
    <Button alignSelf={toolbar ? undefined : 'flex-end'} onClick={onAdd}>
      <LuPlus aria-hidden />
      {props.addLabel}
    </Button>
  )
  const frame = scroll
    ? {
        ref: rootRef,
        role: 'region',
        'aria-label': scroll.label,
        tabIndex: 0,
        overflowY: 'auto',
        maxHeight: scroll.maxHeight ?? 'calc(100dvh - 14rem)',
      }
    : { overflowX: 'auto' }
  return (
    <Flex direction="column" gap="3">
      {toolbar && add ? (
        <Flex gap="2" wrap="wrap" justifyContent="space-between">
          {toolbar}
          {add}
        </Flex>
      ) : (
        (toolbar ?? add)
      )}
      <Box {...frame} aria-busy={isLoading || undefined} borderWidth="1px" borderRadius="l2">
        <ListState
          count={rows.length}
          isLoading={isLoading}
          error={error}
          onRetry={props.onReload}
          skeletonRows
          empty={<EmptyState {...props.empty} />}
        >
          <Table.Root size="sm" stickyHeader={Boolean(scroll)} interactive={Boolean(scroll)} {...props.tableProps}>
            {columns.some((column) => column.colProps) && (
              <Table.ColumnGroup>
                {columns.map((column) => (
                  <Table.Column key={column.key} {...column.colProps} />
                ))}
                {actionsColumn && <Table.Column {...actionsColumn.colProps} />}
              </Table.ColumnGroup>
            )}
            <Table.Header>
              <Table.Row bg="bg.subtle">
                {columns.map((column) => (
                  <Table.ColumnHeader key={column.key} {...column.headerProps}>
                    {column.header}
                  </Table.ColumnHeader>
                ))}
                {actionsColumn && (
                  <Table.ColumnHeader textAlign="end" {...stickyEnd} bg="bg.subtle">
                    {actionsColumn.header}
                  </Table.ColumnHeader>
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.id}>
                  {columns.map((column) => (
                    <Table.Cell key={column.key} {...column.cellProps}>
                      {column.cell(row)}
                    </Table.Cell>
                  ))}
                  {actionsColumn && <RowActions row={row} actions={actions} compact={actionsColumn.compact} />}
                </Table.Row>
              ))}
              {isLoading && <SkeletonRows count={props.skeletonRows ?? 3} columns={columns} actions={actionsColumn} />}
            </Table.Body>
          </Table.Root>
        </ListState>
        {scroll && <div ref={sentinelRef} aria-hidden />}
      </Box>
    </Flex>
  )
}
