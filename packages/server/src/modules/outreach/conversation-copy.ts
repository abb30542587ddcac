import type { MediaType } from '@desk/api-client'
import { type Db, nowIso } from '../../db'
import type { Publisher } from '../../realtime/publisher'
import type { ContactsService } from '../contacts/service'
import { inTransaction, liveTicketOn } from '../inbound/repository'
import type { SavedMedia } from '../media/store'
import { findMessageRow, toMessage } from '../messages/repository'
import { audienceOf, findTicket, insertLiveTicket } from '../tickets/repository'
import { insertJobCopy, latestClosedTicketOn } from './repository/copies'

/** A recipient a job just sent to, with what the customer received. */
export interface SentCopy {
  jobId: number
  connectionId: number
  /** `{digits}@c.us` or `{groupId}@g.us`. */
  address: string
  providerMessageId: string
  body: string
  mediaType: MediaType
  /** The file a media send carried: stored once for all the job's copies and shown as any media message. */
  file?: { data: Buffer; mimeType: string; fileName: string }
}

export interface ConversationCopyDeps {
  db: Db
  contacts: Pick<ContactsService, 'findOrCreate'>
  publisher: Pick<Publisher, 'appMessage'>
  mediaUrl?: (path: string) => string
  /** Stores a file shared by many messages (see the media store's `saveShared`). */
  keepMedia?: (data: Buffer) => Promise<SavedMedia>
}

/**
 * Keeps a job's message in the customer's conversation, so the agent who opens the customer's answer
 * sees the offer above it. It goes onto the contact's live ticket on the connection (told to that
 * conversation only: an automatic message moves no ticket in the lists), else onto the contact's
 * latest closed ticket, else onto a new closed one — both quietly, as the history import stores old
 * messages (a contact it creates is not announced either): no list hears of them, and the answer
 * reopens that ticket (see inbound's `openTicket`).
 */
export const createConversationCopy = ({
  db,
  contacts,
  publisher,
  mediaUrl = (p) => p,
  keepMedia,
}: ConversationCopyDeps) => {
  return async (sent: SentCopy): Promise<void> => {
    // Stored before the transaction (content-named, so the job's copies share one file).
    const saved = sent.file && keepMedia ? await keepMedia(sent.file.data) : undefined
    const media =
      saved && sent.file
        ? { path: saved.name, mime: sent.file.mimeType, size: saved.size, name: sent.file.fileName }
        : null
    const isGroup = sent.address.endsWith('@g.us')
    const number = sent.address.replace(/@[cg]\.us$/, '')
    const stored = await inTransaction(db, async (trx) => {
      // Quietly too: a job to thousands of new numbers is no news for every agent's contact list.
      const contact = await contacts.findOrCreate({ number, isGroup }, trx, () => undefined)
      const at = nowIso()
      const live = await liveTicketOn(trx, contact.id, sent.connectionId)
      const ticket =
        live ??
        (await latestClosedTicketOn(trx, contact.id, sent.connectionId)) ??
        (await insertLiveTicket(trx, {
          status: 'closed',
          contactId: contact.id,
          userId: null,
          queueId: null,
          whatsappId: sent.connectionId,
          isGroup: isGroup ? 1 : 0,
          lastMessage: null,
          unreadMessages: 0,
          queueMenuSent: 0,
          createdAt: at,
          updatedAt: at,
        }))
      if (!ticket) throw new Error(`no ticket for job ${sent.jobId}'s message to ${sent.address}`)
      const id = await insertJobCopy(trx, {
        ticketId: ticket.id,
        contactId: contact.id,
        connectionId: sent.connectionId,
        jobId: sent.jobId,
        providerMessageId: sent.providerMessageId,
        body: sent.body,
        mediaType: sent.mediaType,
        media,
        at,
      })
      return id !== undefined && live ? id : undefined
    })
    if (stored === undefined) return
    // A live ticket's conversation shows it at once; `update` reaches only those who have it open.
    const row = await findMessageRow(db, stored)
    const ticket = row && (await findTicket(db, row.ticketId))
    if (!row || !ticket) return
    const message = toMessage(row, mediaUrl)
    publisher.appMessage({ action: 'update', message, ticket, contact: ticket.contact }, await audienceOf(db, ticket))
  }
}

export type ConversationCopy = ReturnType<typeof createConversationCopy>
