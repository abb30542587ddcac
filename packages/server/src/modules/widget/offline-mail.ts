import type { Ticket } from '@desk/api-client'
import type { Db } from '../../db'
import { findContactRow } from '../contacts/repository'
import type { NewMail } from '../mail/outbox'
import { deskTexts } from '../settings/desk-texts'
import { findWebChatConnection, visitorRoomsOf, type WidgetMessageRow } from './repository'

export interface OfflineMailDeps {
  db: Db
  /** Whether a frame of the visitor is connected (any process, through the socket adapter). */
  visitorOnline(room: string): Promise<boolean>
  enqueue(mail: NewMail): Promise<unknown>
  /** Whether this visitor may get another e-mail now (one per ten minutes, shared by every process). */
  due(key: string): Promise<boolean>
}

/**
 * "We'll reply by e-mail": on a connection with `offlineEmail`, an agent's reply to a visitor who
 * left an e-mail address and has no frame open goes to that address too, through the desk's mail
 * outbox, in the desk's language (at most one e-mail per visitor every ten minutes; the conversation
 * is in the widget).
 */
export const createOfflineMail = (deps: OfflineMailDeps) => async (ticket: Ticket, row: WidgetMessageRow) => {
  if (ticket.whatsappId === null || row.fromMe !== 1 || !row.agentName) return
  const connection = await findWebChatConnection(deps.db, ticket.whatsappId)
  if (!connection?.webChat.offlineEmail) return
  const email = (await findContactRow(deps.db, ticket.contactId))?.email
  if (!email) return
  for (const room of await visitorRoomsOf(deps.db, connection.id, ticket.contactId)) {
    if (await deps.visitorOnline(room)) return
  }
  if (!(await deps.due(`${connection.id}:${ticket.contactId}`))) return
  const texts = await deskTexts(deps.db)
  await deps.enqueue({
    kind: 'notification',
    to: email,
    subject: texts.offlineReplySubject(connection.name),
    text: texts.offlineReplyText(row.agentName, row.body || texts.offlineReplyFile),
    ticketId: ticket.id,
  })
}

export type OfflineMail = ReturnType<typeof createOfflineMail>
