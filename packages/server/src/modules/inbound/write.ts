import type { ContactEvent } from '@desk/api-client'
import { type ContactRow, type Db, dialectOf, type Executor, nowIso, type TicketRow } from '../../db'
import type { InboundMessage } from '../../drivers/types'
import { AppError } from '../../http/errors'
import { connectionQueues } from '../connections/repository'
import { findContactRow } from '../contacts/repository'
import type { ContactsService } from '../contacts/service'
import { seenChanges, toContact } from '../contacts/service'
import { findOrCreateInstagramContact } from '../instagram/repository'
import type { SavedMedia } from '../media/store'
import { type InboundMessageValues, type MessageQueryRow, writtenMessageRow } from '../messages/repository'
import { offerTicketOn } from '../outreach/repository/copies'
import { insertLiveTicket } from '../tickets/repository'
import type { AfterStore } from './follow-up'
import { mayRouteToQueue, queueChoiceOf } from './queue-menu'
import {
  appendToLiveTicket,
  countUnread,
  insertMessage,
  insertPending,
  inTransaction,
  liveTicketOn,
  messageOfProvider,
  recentTicketOn,
  reopenClosed,
  type Sight,
  senderAndLiveTicketOn,
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
  /** The message as its live event shows it, when nothing more is to be read for that (no quote). */
  message?: MessageQueryRow
  /** The connection had fewer than two queues when the message was written: no queue menu to send or answer. */
  fewQueues?: boolean
  /** The ticket as its live event shows it, and who hears it, when the write read them (PostgreSQL's append). */
  current?: Sight
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
  const ticketFor = async (
    trx: Executor,
    connectionId: number,
    contactId: number,
    isGroup: boolean,
    /**
     * What this transaction already knows: `noneLive`, it read no live ticket a moment ago (so the
     * first round does not read again); `newContact`, it created the contact (which has no ticket at all).
     */
    known: { noneLive?: boolean; newContact?: boolean } = {},
  ) => {
    for (let round = 0; ; round += 1) {
      const skipRead = round === 0 && (known.noneLive || known.newContact)
      const live = skipRead ? undefined : await liveTicketOn(trx, contactId, connectionId)
      if (live) return { ticket: live, changed: false, before: undefined }
      if (round === 3) throw new Error(`no live ticket for contact ${contactId} on connection ${connectionId}`)
      const opened = await openTicket(trx, connectionId, contactId, isGroup, known.newContact === true)
      if (opened) return opened
    }
  }

  /**
   * A recent ticket brought back pending, or a new one; undefined when another one is live by now.
   * `newContact`: the contact was created in this transaction, so it has no ticket to bring back.
   */
  const openTicket = async (
    trx: Executor,
    connectionId: number,
    contactId: number,
    isGroup: boolean,
    newContact: boolean,
  ) => {
    const now = nowIso()
    // An answer to a bulk message: its conversation (closed, quiet) comes back with the offer above the answer.
    const offer = newContact ? undefined : await offerTicketOn(trx, contactId, connectionId)
    if (offer) {
      const ticket = await reopenClosed(trx, offer, now)
      return ticket && { ticket, changed: true, before: offer }
    }
    const windowSeconds = newContact ? 0 : Number(await settingValue(trx, 'timeCreateNewTicket')) || 0
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

  /** What an arriving message is stored with (see `writtenMessageRow`). */
  const valuesOf = (
    message: InboundMessage,
    saved: SavedMedia | undefined,
    ticketId: number,
    contactId: number,
    connectionId: number,
    quotedMsgId: number | null,
  ): InboundMessageValues => ({
    ticketId,
    contactId,
    whatsappId: connectionId,
    providerMessageId: message.providerMessageId,
    body: message.body,
    mediaType: message.mediaType,
    mediaPath: saved?.name ?? null,
    mediaMime: saved?.mime ?? null,
    mediaSize: saved?.size ?? null,
    mediaName: (saved && message.media?.fileName) || null,
    quotedMsgId,
    storyKind: message.story?.kind ?? null,
    storyUrl: message.story?.url ?? null,
    now: nowIso(),
  })

  /** Whether the message leaves its sender's contact as it is (their name and picture, see `findOrCreate`). */
  const leftAsIs = (contact: ContactRow, message: InboundMessage) => {
    const changes = seenChanges(contact, { name: message.name, profilePicUrl: message.pictureUrl })
    return !changes.nameChanged && !changes.pictureChanged
  }

  /** What the ticket's list shows of the message. */
  const previewOf = (message: InboundMessage) => message.body || message.media?.fileName || message.story?.url || ''

  /**
   * PostgreSQL, the common case: a known sender whose name and picture the message leaves as they are,
   * writing again on their live ticket. The sender and the ticket are read at once, then the message, the
   * ticket's counters and the marker are one statement (see `appendToLiveTicket`): two round trips where
   * the transaction below takes seven. Undefined when the case does not hold — a new or renamed sender,
   * no live ticket, a group, a quote, an Instagram or web chat sender, a reply that may answer the queue
   * menu — or when the ticket stopped being live between the read and the write (nothing is written then):
   * the transaction does those, told when the read found no contact with the number (`Hints`).
   */
  const appendToLive = async (
    connectionId: number,
    message: InboundMessage,
    saved: SavedMedia | undefined,
    lease: PendingLease,
  ): Promise<Written | Hints> => {
    if (message.instagram || message.contactId !== undefined || message.isGroup || message.quotedProviderMessageId) {
      return {}
    }
    const found = await senderAndLiveTicketOn(db, message.from, connectionId)
    if (!found) return { noContact: true }
    const live = leftAsIs(found.contact, message) ? found.ticket : undefined
    if (!live || (live.queueMenuSent === 1 && mayRouteToQueue(live))) return {}
    const context: AfterStore = { from: message.from, isGroup: false }
    const values = valuesOf(message, saved, live.id, found.contact.id, connectionId, null)
    // The values the message's own lack come first: added after a spread, each would give the object a
    // shape of its own every time (see "Object shapes" in the server README).
    const appended = await appendToLiveTicket(db, {
      preview: previewOf(message),
      context: JSON.stringify(context),
      holder: lease.holder,
      leaseUntil: lease.leaseUntil,
      ...values,
    })
    if (!appended) return {}
    const { ticket, messageId, sight } = appended
    const written = writtenMessageRow(messageId, values, found.contact.name)
    const { fewQueues } = found
    return {
      row: ticket,
      changed: false,
      before: undefined,
      messageId,
      contactEvents: [],
      context,
      message: written,
      fewQueues,
      current: sight,
    }
  }
  const oneStatement = dialectOf(db) === 'postgres'

  return async (
    connectionId: number,
    message: InboundMessage,
    saved: SavedMedia | undefined,
    lease: PendingLease,
  ): Promise<Written> => {
    const tried = oneStatement ? await appendToLive(connectionId, message, saved, lease) : {}
    if ('messageId' in tried) return tried
    const hints: Hints = tried
    return transact(async (trx) => {
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
      // A sender known by number alone (no group, web chat or Instagram): their contact and live ticket
      // in one read — unless the read just before the transaction found no contact with the number (a
      // new customer: the contact's insert below meets any created meanwhile).
      const byNumber = !instagram && message.contactId === undefined && !message.isGroup
      const known =
        byNumber && !hints.noContact ? await senderAndLiveTicketOn(trx, message.from, connectionId) : undefined
      const asBefore = known && leftAsIs(known.contact, message) ? known : undefined
      const sender = instagram
        ? instagram.contact
        : message.contactId !== undefined
          ? await knownContact(trx, message.contactId)
          : (asBefore?.contact ??
            (await contacts.findOrCreate(
              { number: message.from, name: message.name, profilePicUrl: message.pictureUrl },
              trx,
              collect,
              byNumber ? (known?.contact ?? null) : undefined,
            )))
      const owner =
        message.isGroup && message.groupId
          ? await contacts.findOrCreate(
              { number: message.groupId, name: message.groupName, isGroup: true },
              trx,
              collect,
            )
          : sender
      const {
        ticket: row,
        changed,
        before,
      } = known?.ticket
        ? { ticket: known.ticket, changed: false, before: undefined }
        : await ticketFor(trx, connectionId, owner.id, message.isGroup, {
            noneLive: known !== undefined,
            newContact: contactEvents.some((e) => e.action === 'create' && e.contact.id === owner.id),
          })
      const quoted = message.quotedProviderMessageId
        ? await messageOfProvider(trx, connectionId, message.quotedProviderMessageId)
        : undefined
      const quotedMsgId = quoted && quoted.ticketId === row.id ? quoted.id : null
      const values = valuesOf(message, saved, row.id, sender.id, connectionId, quotedMsgId)
      const { now } = values
      const [inserted] = await insertMessage(trx, values)
      const preview =
        !saved && (await answersQueueMenu(trx, connectionId, row, message.body)) ? null : previewOf(message)
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
      const written = quoted ? undefined : writtenMessageRow(messageId, values, sender.name)
      return { row, changed, before, messageId, contactEvents, context, message: written, fewQueues: known?.fewQueues }
    })
  }
}

/** What the read before the transaction learnt: no contact had the sender's number then. */
interface Hints {
  noContact?: boolean
}

const pick = ({ status, userId, queueId }: TicketRow) => ({ status, userId, queueId })
