export type { TicketListProps } from './TicketList'
export { TicketList } from './TicketList'
