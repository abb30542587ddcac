export type { AdminTableActionsColumn, AdminTableColumn, AdminTableProps, AdminTableRowAction } from './AdminTable'
export { AdminTable } from './AdminTable'
export { deleteRowAction, editRowAction } from './rowActions'
