import type { SimulatorInboundResponse, Ticket } from '@desk/api-client'
import { type Db, isUniqueViolation, nowIso, type TicketRow } from '../../db'
import { reusableQuery } from '../../db/reusable'
import type { InboundMessage } from '../../drivers/types'
import type { Audience, Publisher } from '../../realtime/publisher'
import { connectionQueues } from '../connections/repository'
import type { ContactsService } from '../contacts/service'
import type { MediaStore } from '../media/store'
import type { MessagesService } from '../messages/service'
import { audienceOf, findTicket, sightOf } from '../tickets/repository'
import { insertLiveTicket } from '../tickets/transitions'

export interface InboundServiceDeps {
  db: Db
  publisher: Publisher
  contacts: ContactsService
  messages: MessagesService
  media: MediaStore
}

export type IngestResult = SimulatorInboundResponse

// The queries every arriving message runs, compiled once (see reusableQuery).
const settingByKey = reusableQuery(['key'], (db, p) =>
  db.selectFrom('settings').select('value').where('key', '=', p.key),
)
const messageByProviderId = reusableQuery(['connectionId', 'providerMessageId'], (db, p) =>
  db
    .selectFrom('messages')
    .select(['id', 'ticketId'])
    .where('whatsappId', '=', p.connectionId)
    .where('providerMessageId', '=', p.providerMessageId),
)
const liveTicket = reusableQuery(['contactId', 'connectionId'], (db, p) =>
  db
    .selectFrom('tickets')
    .selectAll()
    .where('contactId', '=', p.contactId)
    .where('whatsappId', '=', p.connectionId)
    .where('status', 'in', ['open', 'pending'])
    .orderBy('updatedAt', 'desc')
    .limit(1),
)
const insertMessage = reusableQuery(
  [
    'ticketId',
    'contactId',
    'whatsappId',
    'providerMessageId',
    'body',
    'mediaType',
    'mediaPath',
    'mediaMime',
    'quotedMsgId',
    'now',
  ],
  (db, p) =>
    db
      .insertInto('messages')
      .values({
        ticketId: p.ticketId,
        contactId: p.contactId,
        userId: null,
        whatsappId: p.whatsappId,
        providerMessageId: p.providerMessageId,
        body: p.body,
        fromMe: 0,
        read: 0,
        mediaType: p.mediaType,
        mediaPath: p.mediaPath,
        mediaMime: p.mediaMime,
        ack: 0,
        isDeleted: 0,
        quotedMsgId: p.quotedMsgId,
        error: null,
        createdAt: p.now,
        updatedAt: p.now,
      })
      .returning('id'),
)
const countUnread = reusableQuery(['id', 'preview', 'now'], (db, p) =>
  db
    .updateTable('tickets')
    .set((eb) => ({ lastMessage: p.preview, unreadMessages: eb('unreadMessages', '+', 1), updatedAt: p.now }))
    .where('id', '=', p.id),
)

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
 *    once, and a reply with a number moves the ticket to that queue and sends its greeting.
 * Deliveries for one conversation are handled one at a time in this process, so they seldom
 * compete; the database's one-live-ticket index (migration 0006) is what keeps two messages
 * arriving together, in one process or two, on one ticket.
 */
export const createInboundService = ({ db, publisher, contacts, messages, media }: InboundServiceDeps) => {
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

  const setting = async (key: string) => (await settingByKey(db, { key }))[0]?.value

  const existing = async (connectionId: number, providerMessageId: string) =>
    (await messageByProviderId(db, { connectionId, providerMessageId }))[0]

  /**
   * Finds or opens the ticket; says whether it is new or came back, and who had it before.
   * Another process (or request) may open the contact's ticket between the read and the write:
   * the one-live-ticket index refuses the second, and the next round finds the winner's.
   */
  const ticketFor = async (connectionId: number, contactId: number, isGroup: boolean) => {
    for (let round = 0; ; round += 1) {
      const [live] = await liveTicket(db, { contactId, connectionId })
      if (live) return { ticket: live, changed: false, before: undefined }
      if (round === 3) throw new Error(`no live ticket for contact ${contactId} on connection ${connectionId}`)
      const opened = await openTicket(connectionId, contactId, isGroup)
      if (opened) return opened
    }
  }

  /** A recent ticket brought back pending, or a new one; undefined when another one is live by now. */
  const openTicket = async (connectionId: number, contactId: number, isGroup: boolean) => {
    const windowSeconds = Number(await setting('timeCreateNewTicket')) || 0
    const now = nowIso()
    if (windowSeconds > 0) {
      const since = new Date(Date.now() - windowSeconds * 1000).toISOString()
      const recent = await db
        .selectFrom('tickets')
        .selectAll()
        .where('contactId', '=', contactId)
        .where('whatsappId', '=', connectionId)
        .where('updatedAt', '>=', since)
        .orderBy('updatedAt', 'desc')
        .executeTakeFirst()
      if (recent) {
        try {
          const ticket = await db
            .updateTable('tickets')
            .set({ status: 'pending', userId: null, updatedAt: now })
            .where('id', '=', recent.id)
            // Only while still closed: an agent may have reopened it since the read above.
            .where('status', '=', 'closed')
            .returningAll()
            .executeTakeFirst()
          return ticket && { ticket, changed: true, before: recent }
        } catch (error) {
          if (isUniqueViolation(error)) return undefined
          throw error
        }
      }
    }
    const queues = await connectionQueues(db, connectionId)
    const ticket = await insertLiveTicket(db, {
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

  const routeToQueue = async (connectionId: number, row: TicketRow, body: string) => {
    if (row.isGroup === 1 || row.queueId !== null) return
    const queues = await connectionQueues(db, connectionId)
    if (queues.length < 2) return
    const ticket = (await findTicket(db, row.id))!
    if (row.queueMenuSent !== 1) {
      const connection = await db
        .selectFrom('whatsapps')
        .select('greetingMessage')
        .where('id', '=', connectionId)
        .executeTakeFirst()
      // Whoever marks it first sends the menu: two deliveries (or processes) never send it twice.
      const marked = await db
        .updateTable('tickets')
        .set({ queueMenuSent: 1 })
        .where('id', '=', row.id)
        .where('queueMenuSent', '=', 0)
        .executeTakeFirst()
      if (Number(marked.numUpdatedRows) !== 1) return
      await messages.deliver(ticket, { body: queueMenu(connection?.greetingMessage ?? null, queues), userId: null })
      return
    }
    const choice = /^\d{1,3}$/.test(body.trim()) ? Number(body.trim()) : 0
    const queue = queues[choice - 1]
    if (!queue) return
    const before = await sightOf(db, ticket)
    // Only while it still has no queue: an agent may have transferred it meanwhile.
    const chosen = await db
      .updateTable('tickets')
      .set({ queueId: queue.id, updatedAt: nowIso() })
      .where('id', '=', row.id)
      .where('queueId', 'is', null)
      .executeTakeFirst()
    if (Number(chosen.numUpdatedRows) !== 1) return
    const moved = (await findTicket(db, row.id))!
    publisher.ticket({ action: 'update', ticket: moved }, await sightOf(db, moved), before)
    if (queue.greetingMessage?.trim()) await messages.deliver(moved, { body: queue.greetingMessage, userId: null })
  }

  const store = async (connectionId: number, message: InboundMessage): Promise<IngestResult> => {
    const dup = await existing(connectionId, message.providerMessageId)
    if (dup) return { ticketId: dup.ticketId, messageId: dup.id, duplicate: true }

    const sender = await contacts.findOrCreate({
      number: message.from,
      name: message.name,
      profilePicUrl: message.pictureUrl,
    })
    const owner =
      message.isGroup && message.groupId
        ? await contacts.findOrCreate({ number: message.groupId, name: message.groupName, isGroup: true })
        : sender
    const { ticket: row, changed, before } = await ticketFor(connectionId, owner.id, message.isGroup)
    const saved = message.media ? await media.save(message.media.data) : undefined
    const quoted = message.quotedProviderMessageId
      ? await existing(connectionId, message.quotedProviderMessageId)
      : undefined
    const now = nowIso()
    const preview = message.body || message.media?.fileName || ''
    let messageId: number
    try {
      // One commit for the message and its ticket's counters: cheaper, and never one without the other.
      messageId = await db.transaction().execute(async (trx) => {
        const [inserted] = await insertMessage(trx, {
          ticketId: row.id,
          contactId: sender.id,
          whatsappId: connectionId,
          providerMessageId: message.providerMessageId,
          body: message.body,
          mediaType: message.mediaType,
          mediaPath: saved?.name ?? null,
          mediaMime: saved?.mime ?? null,
          quotedMsgId: quoted && quoted.ticketId === row.id ? quoted.id : null,
          now,
        })
        await countUnread(trx, { id: row.id, preview, now })
        return inserted!.id
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      const raced = (await existing(connectionId, message.providerMessageId))!
      return { ticketId: raced.ticketId, messageId: raced.id, duplicate: true }
    }
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
    if (message.isGroup && (await setting('CheckMsgIsGroup')) === 'enabled') {
      return { ticketId: null, messageId: null, duplicate: false, ignored: true }
    }
    const key = `${connectionId}:${message.isGroup ? `g${message.groupId}` : message.from}`
    return serialise(key, () => store(connectionId, message))
  }

  return { ingest }
}

export type InboundService = ReturnType<typeof createInboundService>
