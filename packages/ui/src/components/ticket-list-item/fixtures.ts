import type { TicketListItemTicket } from './types'

/** Sample tickets for stories; "now" in stories is 2026-01-15 10:30 UTC. */
export const SUPPORT = { id: 1, name: 'Support', color: '#7c3aed' }
export const SALES = { id: 2, name: 'Sales', color: '#0ea5e9' }

export const pendingTicket: TicketListItemTicket = {
  id: 101,
  status: 'pending',
  contact: { name: 'Ana Souza', profilePicUrl: null },
  user: null,
  queue: SUPPORT,
  whatsapp: { id: 1, name: 'Main line' },
  lastMessage: 'Hi! My order *#4512* has not arrived yet',
  unreadMessages: 3,
  updatedAt: '2026-01-15T09:12:00Z',
}

export const openTicket: TicketListItemTicket = {
  id: 102,
  status: 'open',
  contact: { name: 'Bruno Lima', profilePicUrl: null },
  user: { id: 7, name: 'Carla Dias' },
  queue: SALES,
  whatsapp: { id: 1, name: 'Main line' },
  lastMessage: '_Thanks!_ I will check the link https://example.com/order/4512',
  unreadMessages: 0,
  tags: [
    { id: 1, tag: 'VIP', color: '#eab308' },
    { id: 2, tag: 'Refund', color: '#ef4444' },
  ],
  updatedAt: '2026-01-14T18:45:00Z',
}

export const closedTicket: TicketListItemTicket = {
  id: 103,
  status: 'closed',
  contact: { name: 'Diego Rocha', profilePicUrl: null },
  user: { id: 7, name: 'Carla Dias' },
  queue: SUPPORT,
  whatsapp: { id: 2, name: 'Support line' },
  lastMessage: 'Solved, thank you very much!',
  unreadMessages: 0,
  updatedAt: '2026-01-02T11:05:00Z',
}

export const noQueueTicket: TicketListItemTicket = {
  ...pendingTicket,
  id: 104,
  contact: { name: 'Elisa Prado', profilePicUrl: null },
  queue: null,
  lastMessage: 'Is anyone there?',
  unreadMessages: 1,
  updatedAt: '2026-01-15T10:02:00Z',
}

export const contactCardTicket: TicketListItemTicket = {
  ...openTicket,
  id: 105,
  contact: { name: 'Fábio Nunes', profilePicUrl: null },
  lastMessage: 'BEGIN:VCARD\nVERSION:3.0\nFN:Gabi Reis\nTEL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD',
  tags: [],
  unreadMessages: 2,
}

export const longTicket: TicketListItemTicket = {
  ...openTicket,
  id: 106,
  contact: { name: 'Maria Aparecida dos Santos Oliveira Pereira da Silva' },
  user: { id: 9, name: 'Roberto Carlos Albuquerque de Souza' },
  whatsapp: { id: 3, name: 'Customer support line of the south region' },
  queue: { id: 3, name: 'After-sales and warranty claims', color: '#f97316' },
  lastMessage: 'A very long last message that keeps going well past the width of the list column, so it is cut',
  unreadMessages: 128,
}

/** More tags than a row has room for: two chips and "+N". */
export const manyTagsTicket: TicketListItemTicket = {
  ...openTicket,
  id: 107,
  contact: { name: 'Bruno Almeida', profilePicUrl: null },
  user: { id: 8, name: 'Bruno Andrade' },
  tags: [
    { id: 1, tag: 'VIP', color: '#eab308' },
    { id: 2, tag: 'Refund', color: '#ef4444' },
    { id: 3, tag: 'Late payer', color: '#0ea5e9' },
    { id: 4, tag: 'Wholesale', color: '#22c55e' },
    { id: 5, tag: 'Follow-up', color: '#a855f7' },
  ],
}

export const sampleTickets = [pendingTicket, openTicket, closedTicket, noQueueTicket, contactCardTicket, longTicket]

/** The same open ticket on each channel (web session, Cloud API, web chat). */
export const channelTickets: TicketListItemTicket[] = [
  { ...openTicket, id: 201, whatsapp: { id: 1, name: 'Main line', driver: 'web-session' } },
  {
    ...openTicket,
    id: 202,
    contact: { name: 'Marina Costa', profilePicUrl: null },
    whatsapp: { id: 4, name: 'Business line', driver: 'cloud-api' },
  },
  {
    ...openTicket,
    id: 203,
    contact: { name: 'Visitor from the shop', profilePicUrl: null },
    whatsapp: { id: 5, name: 'Website', driver: 'webchat' },
    tags: [],
  },
]

/** A group ticket whose name the network has not told yet: its contact's name is still its id. */
export const unnamedGroupTicket: TicketListItemTicket = {
  ...pendingTicket,
  id: 204,
  contact: { name: '120363025246125486', number: '120363025246125486', isGroup: true, profilePicUrl: null },
  whatsapp: { id: 1, name: 'Main line', driver: 'web-session' },
}
