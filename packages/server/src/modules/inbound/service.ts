import type { ContactEvent, SimulatorInboundResponse, Ticket } from '@desk/api-client'
import { type Db, type Executor, isUniqueViolation, nowIso, type TicketRow } from '../../db'
import type { InboundMessage } from '../../drivers/types'
import { AppError } from '../../http/errors'
import type { Audience, Publisher } from '../../realtime/publisher'
import { connectionQueues } from '../connections/repository'
import { findContactRow } from '../contacts/repository'
import type { ContactsService } from '../contacts/service'
import type { MediaStore, SavedMedia } from '../media/store'
import type { MessagesService } from '../messages/service'
import { audienceOf, findTicket, insertLiveTicket, sightOf } from '../tickets/repository'
import {
  chooseQueue,
  countUnread,
  greetingOf,
  insertMessage,
  inTransaction,
  liveTicketOn,
  markQueueMenuSent,
  messageOfProvider,
  recentTicketOn,
  reopenClosed,
  settingValue,
} from './repository'

export interface InboundServiceDeps {
  db: Db
  publisher: Publisher
  contacts: ContactsService
  messages: MessagesService
  media: MediaStore
  /**
   * Called with each new customer message once stored, and where it was stored (the outreach
   * opt-out list listens for stop words; the bots queue it for the contact's bots).
   */
  onStored?: (connectionId: number, message: InboundMessage, stored: IngestResult) => Promise<unknown>
}

export type IngestResult = SimulatorInboundResponse

/** The contact a driver named (a web chat visitor's); gone meanwhile, the delivery fails. */
const knownContact = async (trx: Executor, id: number) => {
  const row = await findContactRow(trx, id)
  if (!row) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
  return row
}

/** The numbered queue menu: the connection's greeting, then one line per queue. */
export const queueMenu = (greeting: string | null, queues: Array<{ name: string }>) =>
  [greeting?.trim(), queues.map((q, i) => `*${i + 1}* - ${q.name}`).join('\n')].filter(Boolean).join('\n\n')

/**
 * Turns what a driver received into a stored message on the right ticket:
 * 1. the same provider id on the same connection is stored once (a unique index backs it);
 * 2. group messages are dropped while `CheckMsgIsGroup` is enabled, else they go to the
 *    group's ticket with the member as sender;
 * 3. the ticket is the contact's open or pending one on that connection; else one of theirs
 *    updated within `timeCreateNewTicket` seconds, set back to pending and unassigned; else a
 *    new pending ticket (in the connection's queue when it has exactly one);
 * 4. unread counts rise; with several queues the connection's greeting lists them numbered,
 *    once, and a reply with a number moves the ticket to that queue and sends its greeting —
 *    only while the ticket has no queue and no agent (see `routeToQueue`).
 * Steps 1 to 3 and the counters of step 4 are one transaction (see `write`): a failure leaves no
 * contact, ticket or counter without its message. Deliveries for one conversation are handled one
 * at a time in this process, so they seldom compete; the database's one-live-ticket index
 * (migration 0006) is what keeps two messages arriving together, in one process or two, on one
 * ticket.
 */
export const createInboundService = (deps: InboundServiceDeps) => {
  const { db, publisher, contacts, messages, media } = deps
  const chains = new Map<string, Promise<unknown>>()
  const serialise = <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (chains.get(key) ?? Promise.resolve()).then(task)
    const tail = run.catch(() => {})
    chains.set(key, tail)
    void tail.then(() => {
      if (chains.get(key) === tail) chains.delete(key)
    })
    return run
  }

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
    const windowSeconds = Number(await settingValue(trx, 'timeCreateNewTicket')) || 0
    const now = nowIso()
    if (windowSeconds > 0) {
      const since = new Date(Date.now() - windowSeconds * 1000).toISOString()
      const recent = await recentTicketOn(trx, contactId, connectionId, since)
      if (recent) {
        // Only while still closed: an agent may have reopened it since the read above. Should
        // another live ticket have appeared meanwhile, the index refuses this write and the whole
        // delivery runs again (see \`store\`), finding that ticket.
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
   * The queue menu and a customer's choice apply only to a ticket nobody holds yet: no queue and
   * no agent. A ticket an agent started (`POST /tickets`) or accepted before a queue was chosen
   * is a live conversation; neither the menu nor a number the customer types there touch it.
   * Both writes repeat the condition, so an accept or transfer landing meanwhile wins.
   */
  const routeToQueue = async (connectionId: number, row: TicketRow, body: string) => {
    if (row.isGroup === 1 || row.queueId !== null || row.userId !== null) return
    const queues = await connectionQueues(db, connectionId)
    if (queues.length < 2) return
    const ticket = (await findTicket(db, row.id))!
    if (row.queueMenuSent !== 1) {
      const greeting = await greetingOf(db, connectionId)
      // Whoever marks it first sends the menu: two deliveries (or processes) never send it twice.
      if (!(await markQueueMenuSent(db, row.id))) return
      await messages.deliver(ticket, { body: queueMenu(greeting, queues), userId: null })
      return
    }
    const choice = /^\d{1,3}$/.test(body.trim()) ? Number(body.trim()) : 0
    const queue = queues[choice - 1]
    if (!queue) return
    const before = await sightOf(db, ticket)
    // Only while it still has no queue: an agent may have transferred it meanwhile.
    if (!(await chooseQueue(db, row.id, queue.id))) return
    const moved = (await findTicket(db, row.id))!
    publisher.ticket({ action: 'update', ticket: moved }, await sightOf(db, moved), before)
    if (queue.greetingMessage?.trim()) await messages.deliver(moved, { body: queue.greetingMessage, userId: null })
  }

  /**
   * Everything one message writes — its contacts, its ticket (new, or back to pending), the
   * message and the ticket's counters — in one transaction: a failure anywhere leaves nothing
   * behind, so the network's redelivery finds a clean slate. Events wait for the commit.
   */
  const write = (connectionId: number, message: InboundMessage, saved: SavedMedia | undefined) =>
    inTransaction(db, async (trx) => {
      const contactEvents: ContactEvent[] = []
      const collect = (event: ContactEvent) => void contactEvents.push(event)
      const sender =
        message.contactId !== undefined
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
        now,
      })
      await countUnread(trx, { id: row.id, preview: message.body || message.media?.fileName || '', now })
      return { row, changed, before, messageId: inserted!.id, contactEvents }
    })

  const store = async (connectionId: number, message: InboundMessage): Promise<IngestResult> => {
    const dup = await messageOfProvider(db, connectionId, message.providerMessageId)
    if (dup) return { ticketId: dup.ticketId, messageId: dup.id, duplicate: true }

    const saved = message.media ? await media.save(message.media.data) : undefined
    // Another delivery of the same message (from another process, or one that opened the same
    // ticket where the database allows one live ticket only) may commit first: then look again,
    // once, on what it wrote.
    const attempt = async () => {
      try {
        return await write(connectionId, message, saved)
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        const raced = await messageOfProvider(db, connectionId, message.providerMessageId)
        return raced ? { raced } : write(connectionId, message, saved)
      }
    }
    let written: Awaited<ReturnType<typeof attempt>>
    try {
      written = await attempt()
    } catch (error) {
      if (saved) await media.discard(saved.name)
      throw error
    }
    if ('raced' in written) {
      if (saved) await media.discard(saved.name)
      return { ticketId: written.raced.ticketId, messageId: written.raced.id, duplicate: true }
    }
    const { row, changed, before, messageId, contactEvents } = written
    for (const event of contactEvents) publisher.contact(event)
    let current: { ticket: Ticket; audience: Audience } | undefined
    if (changed) {
      const ticket = (await findTicket(db, row.id)) as Ticket
      const formerly = before ? await sightOf(db, before) : undefined
      current = { ticket, audience: await audienceOf(db, ticket) }
      publisher.ticket({ action: 'update', ticket }, { status: ticket.status, audience: current.audience }, formerly)
    }
    await messages.announce(messageId, 'create', current)
    await routeToQueue(connectionId, row, message.body)
    return { ticketId: row.id, messageId, duplicate: false }
  }

  const ingest = async (connectionId: number, message: InboundMessage): Promise<IngestResult> => {
    if (message.isGroup && (await settingValue(db, 'CheckMsgIsGroup')) === 'enabled') {
      return { ticketId: null, messageId: null, duplicate: false, ignored: true }
    }
    const who = message.contactId !== undefined ? `c${message.contactId}` : message.from
    const key = `${connectionId}:${message.isGroup ? `g${message.groupId}` : who}`
    const result = await serialise(key, () => store(connectionId, message))
    if (!result.duplicate && deps.onStored) await deps.onStored(connectionId, message, result)
    return result
  }

  return { ingest }
}

export type InboundService = ReturnType<typeof createInboundService>
