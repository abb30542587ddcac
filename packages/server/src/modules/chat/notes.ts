import { type Message, mentionedIds } from '@desk/api-client'
import { type Db, nowIso } from '../../db'
import { insertMessage } from '../messages/repository'
import type { MessagesService } from '../messages/service'
import { requireTicketAccess } from '../tickets/access'
import { findTicket } from '../tickets/repository'
import type { Actor } from '../users/repository'
import type { ChatMentions } from './mentions'
import { listUserNames } from './repository'

/**
 * Private notes: a message in a ticket's conversation that only the desk sees. It is stored as the
 * agent's (`isNote`), never handed to a driver, a bot, the widget, an export or an e-mail (unless
 * asked for), never becomes the ticket's preview, and reaches the ticket's audience like any other
 * message. Anyone who may read the ticket may write one; `@Name` notifies any desk user, who may
 * then read the ticket (read only) even when it is not theirs.
 */
export const createNotes = ({
  db,
  messages,
  mentions,
}: {
  db: Db
  messages: Pick<MessagesService, 'announce'>
  mentions: ChatMentions
}) => {
  const create = async (actor: Actor, ticketId: number, body: string): Promise<Message> => {
    const ticket = await requireTicketAccess(db, actor, await findTicket(db, ticketId), 'read')
    const now = nowIso()
    const id = await insertMessage(db, {
      ticketId: ticket.id,
      contactId: null,
      userId: actor.id,
      whatsappId: ticket.whatsappId,
      providerMessageId: null,
      body,
      fromMe: 1,
      read: 1,
      mediaType: 'chat',
      mediaPath: null,
      mediaMime: null,
      mediaSize: null,
      mediaName: null,
      ack: 0,
      isDeleted: 0,
      automatic: 0,
      isNote: 1,
      quotedMsgId: null,
      error: null,
      createdAt: now,
      updatedAt: now,
    })
    const named = mentionedIds(body, await listUserNames(db)).filter((userId) => userId !== actor.id)
    await mentions.notify(
      actor,
      named.map((userId) => ({ userId, kind: 'note', chatMessageId: null, ticketId: ticket.id, messageId: id })),
    )
    return messages.announce(id, 'create')
  }

  return { create }
}
