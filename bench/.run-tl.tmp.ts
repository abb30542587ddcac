import { ticketsList } from './tickets-list'
await ticketsList()
