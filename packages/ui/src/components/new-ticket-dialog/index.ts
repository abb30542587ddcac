export type { NewTicketContact, NewTicketDialogProps } from './NewTicketDialog'
export { NewTicketDialog } from './NewTicketDialog'
