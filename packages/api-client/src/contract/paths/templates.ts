/**
 * WhatsApp message templates of Cloud API connections: the list, a refresh from the Graph API, and a
 * template sent into a ticket. Method and path of each route, free of zod: the schemas are in `../templates.ts`.
 */
import { get, post } from './verbs'

export const templatesPaths = {
  /** The stored templates, of one connection or of every Cloud API connection. */
  templateList: get('/templates'),
  /** Admins: reads a connection's templates from the Graph API again. */
  templateSync: post('/templates/sync'),
  /** A template, its variables filled, sent into a ticket (the way to write once the reply window closed). */
  messageSendTemplate: post('/messages/:ticketId/template'),
} as const
