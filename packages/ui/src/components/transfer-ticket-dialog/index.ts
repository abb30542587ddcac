export type { TransferTicketDialogProps, TransferTicketValues } from './TransferTicketDialog'
export { TransferTicketDialog, USER_SEARCH_MIN_LENGTH } from './TransferTicketDialog'
