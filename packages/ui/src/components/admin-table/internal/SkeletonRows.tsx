import { Skeleton, Table } from '@chakra-ui/react'
import { stickyEnd } from './RowActions'
import type { AdminTableActionsColumn, AdminTableColumn } from './types'

interface SkeletonRowsProps<T> {
  count: number
  columns: AdminTableColumn<T>[]
  actions?: AdminTableActionsColumn
}

const Bar = ({ width, end }: { width: number; end?: boolean }) => (
  <Skeleton height="4" width={`${width}%`} minWidth="8" marginInlineStart={end ? 'auto' : undefined} />
)

/** Placeholder rows while a page loads, one bar a cell. */
export function SkeletonRows<T>({ count, columns, actions }: SkeletonRowsProps<T>) {
  return Array.from({ length: count }, (_, i) => (
    <Table.Row key={`skeleton${i}`} aria-hidden>
      {columns.map((column) => (
        <Table.Cell key={column.key}>
          {typeof column.skeleton === 'number' ? <Bar width={column.skeleton} /> : column.skeleton}
        </Table.Cell>
      ))}
      {actions && (
        <Table.Cell {...stickyEnd}>
          <Bar width={actions.skeleton} end />
        </Table.Cell>
      )}
    </Table.Row>
  ))
}
