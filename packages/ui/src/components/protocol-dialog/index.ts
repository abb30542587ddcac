export type { ProtocolDialogProps } from './ProtocolDialog'
export { ProtocolDialog } from './ProtocolDialog'
