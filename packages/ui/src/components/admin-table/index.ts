export type {
  AdminTableActionsColumn,
  AdminTableColumn,
  AdminTableLoadProps,
  AdminTablePagedProps,
  AdminTableProps,
  AdminTableRowAction,
} from './AdminTable'
export { AdminTable } from './AdminTable'
export { deleteRowAction, editRowAction } from './rowActions'
