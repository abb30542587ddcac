export type { TicketListHandle, TicketListProps } from './TicketList'
export { TicketList } from './TicketList'
