export type { NewTicketContact, NewTicketDialogProps } from './NewTicketDialog'
export { CONTACT_SEARCH_MIN, NewTicketDialog } from './NewTicketDialog'
