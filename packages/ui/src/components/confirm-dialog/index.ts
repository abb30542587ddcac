export type { ConfirmDialogProps } from './ConfirmDialog'
export { ConfirmDialog } from './ConfirmDialog'
