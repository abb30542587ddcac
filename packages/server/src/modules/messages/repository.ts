import { MediaType, type Message } from '@desk/api-client'
import type { Executor } from '../../db'

/** Messages with their sender and quoted message, in one query. */
export const messageQuery = (db: Executor) =>
  db
    .selectFrom('messages')
    .leftJoin('contacts', 'contacts.id', 'messages.contactId')
    .leftJoin('messages as quoted', 'quoted.id', 'messages.quotedMsgId')
    .leftJoin('contacts as quotedContact', 'quotedContact.id', 'quoted.contactId')
    .select([
      'messages.id',
      'messages.ticketId',
      'messages.contactId',
      'messages.userId',
      'messages.whatsappId',
      'messages.providerMessageId',
      'messages.body',
      'messages.fromMe',
      'messages.read',
      'messages.mediaType',
      'messages.mediaPath',
      'messages.mediaSize',
      'messages.mediaName',
      'messages.ack',
      'messages.isDeleted',
      'messages.automatic',
      'messages.quotedMsgId',
      'messages.error',
      'messages.createdAt',
      'messages.updatedAt',
      'contacts.name as contactName',
      'quoted.body as quotedBody',
      'quoted.fromMe as quotedFromMe',
      'quoted.mediaType as quotedMediaType',
      'quotedContact.name as quotedContactName',
    ])

export type MessageQueryRow = Awaited<ReturnType<ReturnType<typeof messageQuery>['executeTakeFirstOrThrow']>>

const mediaTypeOf = (value: string | null) => MediaType.safeParse(value).data ?? 'chat'

export const toMessage = (r: MessageQueryRow, mediaUrl: (path: string) => string): Message => ({
  id: r.id,
  ticketId: r.ticketId,
  body: r.body,
  fromMe: r.fromMe === 1,
  read: r.read === 1,
  mediaUrl: r.mediaPath ? mediaUrl(r.mediaPath) : null,
  mediaType: mediaTypeOf(r.mediaType),
  mediaSize: r.mediaPath ? r.mediaSize : null,
  mediaName: r.mediaPath ? r.mediaName : null,
  ack: Math.min(4, Math.max(0, r.ack)),
  isDeleted: r.isDeleted === 1,
  automatic: r.automatic === 1,
  quotedMsg:
    r.quotedMsgId !== null && r.quotedBody !== null
      ? {
          id: r.quotedMsgId,
          body: r.quotedBody,
          fromMe: r.quotedFromMe === 1,
          mediaType: mediaTypeOf(r.quotedMediaType),
          contact: r.quotedContactName !== null ? { name: r.quotedContactName } : null,
        }
      : null,
  contact: r.contactId !== null && r.contactName !== null ? { id: r.contactId, name: r.contactName } : null,
  error: r.error,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
})
