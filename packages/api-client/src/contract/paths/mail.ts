/**
 * Protocol close, chat export and e-mail, the SMTP settings and the outbox.
 * Method and path of each route, free of zod: the schemas are in `../mail.ts`.
 */
import { get, post, put } from './verbs'

export const mailPaths = {
  /** Closes the ticket with a new protocol number, stated to the customer. */
  ticketProtocol: post('/tickets/:id/protocol'),
  /** The seed's client records the protocol number it made. */
  seedProtocol: post('/zdgProtocolo'),
  /** The conversation as `zdg.csv` or `ZDG.txt`. */
  ticketExport: get('/tickets/:id/export'),
  ticketEmail: post('/tickets/:id/email'),
  seedEmail: post('/zdgSendEmail'),
  seedEmailUser: post('/zdgSendEmailUser'),
  seedEmailAttach: post('/zdgSendEmailAttach'),
  seedEmailAttachUser: post('/zdgSendEmailAttachUser'),
  mailSettingsGet: get('/mail/settings'),
  mailSettingsUpdate: put('/mail/settings'),
  mailTest: post('/mail/test'),
  mailOutbox: get('/mail/outbox'),
  mailRetry: post('/mail/outbox/:id/retry'),
} as const
