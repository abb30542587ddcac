/**
 * Tickets.
 * Method and path of each route, free of zod: the schemas are in `../tickets.ts`.
 */
import { del, get, post, put } from './verbs'

export const ticketsPaths = {
  ticketList: get('/tickets'),
  ticketGet: get('/tickets/:id'),
  ticketCreate: post('/tickets'),
  ticketUpdate: put('/tickets/:id'),
  ticketDelete: del('/tickets/:id'),
  ticketCloseAll: post('/ticketsClosed'),
} as const
