export type { QrCodeDialogProps } from './QrCodeDialog'
export { QrCodeDialog } from './QrCodeDialog'
