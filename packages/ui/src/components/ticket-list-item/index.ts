export type { TicketListItemProps, TicketListItemTicket } from './TicketListItem'
export { TICKET_LIST_ITEM_HEIGHT, TicketListItem } from './TicketListItem'
