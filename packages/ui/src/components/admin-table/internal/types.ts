import type { Table } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface AdminTableColumn<T> {
  key: string
  header: ReactNode
  cell: (row: T) => ReactNode
  /** The cell's style, e.g. `{ fontWeight: 'medium' }`. */
  cellProps?: Table.CellProps
  headerProps?: Table.ColumnHeaderProps
  /** The column in the table's column group (a fixed layout's widths); given for every column or none. */
  colProps?: Table.ColumnProps
  /** While loading: a bar this wide (percent of the cell), or a placeholder of its own. */
  skeleton: number | ReactNode
}

export interface AdminTableRowAction<T> {
  key: string
  /** The button's accessible name, e.g. "Edit Sales". */
  label: (row: T) => string
  icon: ReactNode
  /** Without it the action is not offered. */
  onClick?: (row: T) => void
  colorPalette?: 'gray' | 'red' | 'brand'
  disabled?: (row: T) => boolean
  /** Rows it does not apply to: the button is left out, its place kept so the columns stay aligned. */
  hidden?: (row: T) => boolean
}

/** The last column, holding the row actions. */
export interface AdminTableActionsColumn {
  header: ReactNode
  /** While loading: a bar this wide (percent), at the cell's end. */
  skeleton: number
  colProps?: Table.ColumnProps
  /** Narrow screens: the buttons sit closer together. */
  compact?: boolean
}
