export type { FormDialogProps } from './FormDialog'
export { FormDialog } from './FormDialog'
