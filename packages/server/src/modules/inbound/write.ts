import type { ContactEvent } from '@desk/api-client'
import { type Db, type Executor, nowIso, type TicketRow } from '../../db'
import type { InboundMessage } from '../../drivers/types'
import { AppError } from '../../http/errors'
import { connectionQueues } from '../connections/repository'
import { findContactRow } from '../contacts/repository'
import type { ContactsService } from '../contacts/service'
import { toContact } from '../contacts/service'
import { findOrCreateInstagramContact } from '../instagram/repository'
import type { SavedMedia } from '../media/store'
import { offerTicketOn } from '../outreach/repository/copies'
import { insertLiveTicket } from '../tickets/repository'
import type { AfterStore } from './follow-up'
import { mayRouteToQueue, queueChoiceOf } from './queue-menu'
import {
  countUnread,
  insertMessage,
  insertPending,
  inTransaction,
  liveTicketOn,
  messageOfProvider,
  recentTicketOn,
  reopenClosed,
  settingValue,
} from './repository'

/** Who does the steps after the commit, until when (see `inbound_pending`, migration 0021). */
export interface PendingLease {
  holder: string
  leaseUntil: string
}

/** What one stored message left for the steps after its commit. */
export interface Written {
  row: TicketRow
  /** The ticket was opened, or came back pending, with this message. */
  changed: boolean
  /** The ticket as it stood before it came back. */
  before: TicketRow | undefined
  messageId: number
  contactEvents: ContactEvent[]
  /** What was written with the marker for the steps after the commit. */
  context: AfterStore
}

/** The contact a driver named (a web chat visitor's); gone meanwhile, the delivery fails. */
const knownContact = async (trx: Executor, id: number) => {
  const row = await findContactRow(trx, id)
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
  return row
}

/**
 * The transaction of an arriving message: everything it writes — its contacts, its ticket (new, or
 * back to pending), the message, the ticket's counters and the marker of the steps still to do after
 * the commit (`inbound_pending`) — commits together or not at all, so the network's redelivery
 * finds either a clean slate or the message with its marker.
 */
export const createInboundWriter = ({
  db,
  contacts,
  transact = (work) => inTransaction(db, work),
}: {
  db: Db
  contacts: Pick<ContactsService, 'findOrCreate'>
  /** Runs the transaction; the inbound service commits the messages that arrive together as one group. */
  transact?: <T>(work: (trx: Executor) => Promise<T>) => Promise<T>
}) => {
  /**
   * Finds or opens the ticket; says whether it is new or came back, and who had it before.
   * Another process (or request) may open the contact's ticket between the read and the write:
   * the one-live-ticket index skips the second insert, and the next round finds the winner's.
   */
  const ticketFor = async (trx: Executor, connectionId: number, contactId: number, isGroup: boolean) => {
    for (let round = 0; ; round += 1) {
      const live = await liveTicketOn(trx, contactId, connectionId)
      if (live) return { ticket: live, changed: false, before: undefined }
      if (round === 3) throw new Error(`no live ticket for contact ${contactId} on connection ${connectionId}`)
      const opened = await openTicket(trx, connectionId, contactId, isGroup)
      if (opened) return opened
    }
  }

  /** A recent ticket brought back pending, or a new one; undefined when another one is live by now. */
  const openTicket = async (trx: Executor, connectionId: number, contactId: number, isGroup: boolean) => {
    const now = nowIso()
    // An answer to a bulk message: its conversation (closed, quiet) comes back with the offer above the answer.
    const offer = await offerTicketOn(trx, contactId, connectionId)
    if (offer) {
      const ticket = await reopenClosed(trx, offer, now)
      return ticket && { ticket, changed: true, before: offer }
    }
    const windowSeconds = Number(await settingValue(trx, 'timeCreateNewTicket')) || 0
    if (windowSeconds > 0) {
      const since = new Date(Date.now() - windowSeconds * 1000).toISOString()
      const recent = await recentTicketOn(trx, contactId, connectionId, since)
      if (recent) {
        // Only while still closed: an agent may have reopened it since the read above. Should
        // another live ticket have appeared meanwhile, the index refuses this write and the whole
        // delivery runs again (see the inbound service's `store`), finding that ticket.
        const ticket = await reopenClosed(trx, recent, now)
        return ticket && { ticket, changed: true, before: recent }
      }
    }
    const queues = await connectionQueues(trx, connectionId)
    const ticket = await insertLiveTicket(trx, {
      status: 'pending',
      contactId,
      userId: null,
      queueId: queues.length === 1 ? queues[0]!.id : null,
      whatsappId: connectionId,
      isGroup: isGroup ? 1 : 0,
      lastMessage: null,
      unreadMessages: 0,
      queueMenuSent: 0,
      createdAt: now,
      updatedAt: now,
    })
    return ticket && { ticket, changed: true, before: undefined }
  }

  /**
   * A reply that only picks a queue from the menu the ticket was sent ("2") is no preview: the list, the
   * bell and the kanban card keep showing what the customer wrote before it.
   */
  const answersQueueMenu = async (trx: Executor, connectionId: number, row: TicketRow, body: string) =>
    row.queueMenuSent === 1 &&
    mayRouteToQueue(row) &&
    queueChoiceOf(body, await connectionQueues(trx, connectionId)) !== undefined

  return (
    connectionId: number,
    message: InboundMessage,
    saved: SavedMedia | undefined,
    lease: PendingLease,
  ): Promise<Written> =>
    transact(async (trx) => {
      const contactEvents: ContactEvent[] = []
      const collect = (event: ContactEvent) => void contactEvents.push(event)
      const instagram = message.instagram
        ? await findOrCreateInstagramContact(trx, connectionId, {
            igsid: message.instagram.igsid,
            username: message.instagram.username,
            name: message.name,
            pictureUrl: message.pictureUrl,
          })
        : undefined
      if (instagram?.action) collect({ action: instagram.action, contact: toContact(instagram.contact) })
      const sender = instagram
        ? instagram.contact
        : message.contactId !== undefined
          ? await knownContact(trx, message.contactId)
          : await contacts.findOrCreate(
              { number: message.from, name: message.name, profilePicUrl: message.pictureUrl },
              trx,
              collect,
            )
      const owner =
        message.isGroup && message.groupId
          ? await contacts.findOrCreate(
              { number: message.groupId, name: message.groupName, isGroup: true },
              trx,
              collect,
            )
          : sender
      const { ticket: row, changed, before } = await ticketFor(trx, connectionId, owner.id, message.isGroup)
      const quoted = message.quotedProviderMessageId
        ? await messageOfProvider(trx, connectionId, message.quotedProviderMessageId)
        : undefined
      const now = nowIso()
      const [inserted] = await insertMessage(trx, {
        ticketId: row.id,
        contactId: sender.id,
        whatsappId: connectionId,
        providerMessageId: message.providerMessageId,
        body: message.body,
        mediaType: message.mediaType,
        mediaPath: saved?.name ?? null,
        mediaMime: saved?.mime ?? null,
        mediaSize: saved?.size ?? null,
        mediaName: (saved && message.media?.fileName) || null,
        quotedMsgId: quoted && quoted.ticketId === row.id ? quoted.id : null,
        storyKind: message.story?.kind ?? null,
        storyUrl: message.story?.url ?? null,
        now,
      })
      const preview =
        !saved && (await answersQueueMenu(trx, connectionId, row, message.body))
          ? null
          : message.body || message.media?.fileName || message.story?.url || ''
      await countUnread(trx, { id: row.id, preview, now })
      const messageId = inserted!.id
      const context: AfterStore = { from: message.from, isGroup: message.isGroup }
      if (changed) context.ticket = before ? { before: pick(before) } : {}
      if (contactEvents.length) {
        context.contacts = contactEvents.flatMap((e) =>
          e.action === 'delete' ? [] : [{ action: e.action, id: e.contact.id }],
        )
      }
      await insertPending(trx, { messageId, context: JSON.stringify(context), ...lease })
      return { row, changed, before, messageId, contactEvents, context }
    })
}

const pick = ({ status, userId, queueId }: TicketRow) => ({ status, userId, queueId })
