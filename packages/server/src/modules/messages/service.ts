import {
  type Ack,
  formatLocationBody,
  formatVcardBody,
  locationLink,
  MESSAGES_PAGE_SIZE,
  type MediaType,
  type Message,
  type MessageListResponse,
  parseLocationBody,
  parseVcardBody,
  type SendMessageData,
  type Ticket,
} from '@desk/api-client'
import { type Db, nowIso } from '../../db'
import { reusableQuery } from '../../db/reusable'
import type { OutboundLocation, SentMessage } from '../../drivers/types'
import { AppError, fieldError } from '../../http/errors'
import type { Audience, Publisher } from '../../realtime/publisher'
import type { SessionManager } from '../connections/sessions'
import type { MediaStore } from '../media/store'
import { actorCanSee, audienceOf, findTicket, sightOf } from '../tickets/repository'
import { type Actor, isAdmin } from '../users/repository'
import { messageQuery, toMessage } from './repository'

const messageById = reusableQuery(['id'], (db, p) => messageQuery(db).where('messages.id', '=', p.id))

export const ticketNotFound = () => new AppError('ERR_NO_TICKET_FOUND', 404)
const noPermission = () => new AppError('ERR_NO_PERMISSION', 403)
const ticketNotOpen = () => new AppError('ERR_TICKET_NOT_OPEN', 409)

/** What the desk sends into a ticket: text, or a stored file with an optional caption. */
export interface Outgoing {
  body: string
  mediaType?: MediaType
  /** `size` in bytes; `fileName` as the sender named the file (null when unknown). */
  media?: { path: string; mime: string; size: number | null; fileName: string | null }
  quotedMsgId?: number | null
  /** A place, with its coordinates (the body holds the seed's pipe-separated form). */
  location?: OutboundLocation
  /**
   * The agent sending it; null for automatic messages (greeting and queue menu, queue greeting,
   * transfer notice, farewell), which are stored with `automatic` and never become the preview.
   */
  userId: number | null
}

/** A stored message as its ticket's preview: its text, or a media message's (empty) caption. */
const previewOf = (row: { body: string } | undefined) => row?.body ?? ''

/** A file an agent uploaded; its type is read from its content, never from its name. */
export interface Upload {
  data: Buffer
  fileName: string
}

const mediaTypeOfMime = (mime: string): MediaType => {
  if (mime.startsWith('image/')) return 'image'
  if (mime.startsWith('audio/')) return 'audio'
  if (mime.startsWith('video/')) return 'video'
  return 'other'
}

export interface MessagesServiceDeps {
  db: Db
  publisher: Publisher
  sessions: Pick<SessionManager, 'get'>
  media: MediaStore
  readFile: (path: string) => Promise<Buffer>
}

/**
 * Messages: reading a conversation (which marks it read), sending through the ticket's
 * connection, deleting one's own messages, and acks from the network. A send the driver
 * fails is stored anyway, with `error` set, so nothing an agent typed is lost.
 */
export const createMessagesService = (deps: MessagesServiceDeps) => {
  const { db, publisher, sessions, media } = deps
  const mediaUrl = (path: string) => media.signedUrl(path)

  const load = async (id: number): Promise<Message | undefined> => {
    const [row] = await messageById(db, { id })
    return row ? toMessage(row, mediaUrl) : undefined
  }

  /** Tells the ticket's audience about a stored or changed message. */
  const announce = async (
    id: number,
    action: 'create' | 'update',
    /** The message's ticket as it stands now and who hears it, when the caller just read them. */
    current?: { ticket: Ticket; audience: Audience },
  ): Promise<Message> => {
    const message = (await load(id))!
    const ticket = current?.ticket.id === message.ticketId ? current.ticket : await findTicket(db, message.ticketId)
    if (!ticket) return message
    const audience = current?.ticket === ticket ? current.audience : await audienceOf(db, ticket)
    publisher.appMessage({ action, message, ticket, contact: ticket.contact }, audience)
    return message
  }

  const visibleTicket = async (actor: Actor, ticketId: number): Promise<Ticket> => {
    const ticket = await findTicket(db, ticketId)
    if (!ticket) throw ticketNotFound()
    if (!(await actorCanSee(db, actor, ticket))) throw noPermission()
    return ticket
  }

  /**
   * A ticket an agent may write on: open, and theirs unless they are an admin. Pending and
   * closed tickets are read-only until someone accepts or reopens them; automatic messages
   * (greetings, farewells, transfer notices) go through `deliver` and skip this check.
   */
  const writableTicket = async (actor: Actor, ticketId: number): Promise<Ticket> => {
    const ticket = await visibleTicket(actor, ticketId)
    if (ticket.status !== 'open') throw ticketNotOpen()
    if (ticket.userId !== actor.id && !isAdmin(actor)) throw noPermission()
    return ticket
  }

  const pushToNetwork = async (ticket: Ticket, id: number, out: Outgoing): Promise<SentMessage> => {
    const driver = ticket.whatsappId !== null ? sessions.get(ticket.whatsappId) : undefined
    const to = ticket.contact.number
    if (!driver?.isConnected() || !to) throw new AppError('ERR_WAPP_NOT_INITIALIZED')
    const quoted = out.quotedMsgId
      ? await db.selectFrom('messages').select('providerMessageId').where('id', '=', out.quotedMsgId).executeTakeFirst()
      : undefined
    const options = { quotedProviderMessageId: quoted?.providerMessageId ?? null, reference: id }
    if (out.media) {
      const data = await deps.readFile(`${media.dir}/${out.media.path}`)
      return driver.sendMedia(
        to,
        {
          data,
          mimeType: out.media.mime,
          fileName: out.media.fileName ?? out.media.path,
          mediaType: out.mediaType ?? 'other',
          caption: out.body || undefined,
        },
        options,
      )
    }
    if (out.mediaType === 'location') {
      const location = out.location ?? parseLocationBody(out.body)
      if (location) return driver.sendLocation(to, location, options)
    }
    if (out.mediaType === 'vcard') {
      const card = parseVcardBody(out.body)
      if (card) return driver.sendVcard(to, { name: card.name, number: card.number ?? '' }, options)
    }
    return driver.sendText(to, out.body, options)
  }

  /** Stores a message from the desk, sends it, and records the outcome (provider id and ack, or the error). */
  const deliver = async (ticket: Ticket, out: Outgoing): Promise<Message> => {
    const now = nowIso()
    const automatic = out.userId === null
    const { id } = await db
      .insertInto('messages')
      .values({
        ticketId: ticket.id,
        contactId: null,
        userId: out.userId,
        whatsappId: ticket.whatsappId,
        providerMessageId: null,
        body: out.body,
        fromMe: 1,
        read: 1,
        mediaType: out.mediaType ?? 'chat',
        mediaPath: out.media?.path ?? null,
        mediaMime: out.media?.mime ?? null,
        mediaSize: out.media?.size ?? null,
        mediaName: out.media?.fileName ?? null,
        ack: 0,
        isDeleted: 0,
        automatic: automatic ? 1 : 0,
        quotedMsgId: out.quotedMsgId ?? null,
        error: null,
        createdAt: now,
        updatedAt: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // What a person wrote is the preview and the latest activity; an automatic message is neither.
    if (!automatic) {
      await db
        .updateTable('tickets')
        .set({ lastMessage: out.body || (out.media ? (out.media.fileName ?? out.media.path) : ''), updatedAt: now })
        .where('id', '=', ticket.id)
        .execute()
    }
    let sent: SentMessage | undefined
    let error: string | null = null
    try {
      sent = await pushToNetwork(ticket, id, out)
    } catch (cause) {
      error = cause instanceof AppError ? cause.code : 'ERR_SENDING_WAPP_MSG'
    }
    await db
      .updateTable('messages')
      .set({ providerMessageId: sent?.providerMessageId ?? null, ack: sent?.ack ?? 0, error, updatedAt: nowIso() })
      .where('id', '=', id)
      .execute()
    return announce(id, 'create')
  }

  /** `GET /messages/:ticketId`: newest page first, each page oldest-first; marks the ticket read. */
  const list = async (actor: Actor, ticketId: number, pageNumber: number): Promise<MessageListResponse> => {
    const ticket = await visibleTicket(actor, ticketId)
    const offset = (pageNumber - 1) * MESSAGES_PAGE_SIZE
    const rows = await messageQuery(db)
      .where('messages.ticketId', '=', ticketId)
      .orderBy('messages.createdAt', 'desc')
      .orderBy('messages.id', 'desc')
      .limit(MESSAGES_PAGE_SIZE + 1)
      .offset(offset)
      .execute()
    const hasMore = rows.length > MESSAGES_PAGE_SIZE
    const messages = rows
      .slice(0, MESSAGES_PAGE_SIZE)
      .reverse()
      .map((r) => toMessage(r, mediaUrl))
    const { n } = await db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('ticketId', '=', ticketId)
      .executeTakeFirstOrThrow()
    await markRead(ticket)
    return { messages, hasMore, count: Number(n), ticket: { ...ticket, unreadMessages: 0 } }
  }

  const markRead = async (ticket: Ticket) => {
    const unread = await db
      .selectFrom('messages')
      .select(['id', 'providerMessageId'])
      .where('ticketId', '=', ticket.id)
      .where('read', '=', 0)
      .execute()
    if (unread.length === 0 && ticket.unreadMessages === 0) return
    if (unread.length)
      await db
        .updateTable('messages')
        .set({ read: 1 })
        .where('ticketId', '=', ticket.id)
        .where('read', '=', 0)
        .execute()
    await db.updateTable('tickets').set({ unreadMessages: 0 }).where('id', '=', ticket.id).execute()
    publisher.ticket({ action: 'updateUnread', ticketId: ticket.id }, await sightOf(db, ticket))
    const driver = ticket.whatsappId !== null ? sessions.get(ticket.whatsappId) : undefined
    const ids = unread.map((r) => r.providerMessageId).filter((id): id is string => Boolean(id))
    if (driver?.isConnected() && ticket.contact.number && ids.length) {
      await driver.markRead(ticket.contact.number, ids).catch(() => {})
    }
  }

  /** Reads a media address this server issued back into the stored file's name. */
  const ownMedia = (url: string) => {
    const parsed = media.parseUrl(url)
    if (!parsed || !media.verify(parsed.name, parsed.expires, parsed.signature)) {
      throw fieldError('mediaUrl', 'validation.invalid')
    }
    return parsed.name
  }

  const checkQuoted = async (ticketId: number, quotedMsgId: number | string | null) => {
    if (quotedMsgId === null) return null
    const id = Number(quotedMsgId)
    const found = Number.isInteger(id)
      ? await db
          .selectFrom('messages')
          .select('id')
          .where('id', '=', id)
          .where('ticketId', '=', ticketId)
          .executeTakeFirst()
      : undefined
    if (!found) throw fieldError('quotedMsg', 'validation.invalid')
    return found.id
  }

  /** `POST /messages/:ticketId` as JSON. */
  const send = async (actor: Actor, ticketId: number, input: SendMessageData): Promise<Message[]> => {
    const ticket = await writableTicket(actor, ticketId)
    const quotedMsgId = await checkQuoted(ticketId, input.quotedMsgId)
    if (input.location) {
      const { latitude, longitude, description } = input.location
      const location = {
        link: locationLink(latitude, longitude),
        latitude,
        longitude,
        description: description || null,
      }
      const body = formatLocationBody(location)
      return [await deliver(ticket, { body, mediaType: 'location', location, quotedMsgId, userId: actor.id })]
    }
    if (input.vcard) {
      const body = formatVcardBody(input.vcard)
      return [await deliver(ticket, { body, mediaType: 'vcard', quotedMsgId, userId: actor.id })]
    }
    let mediaPart: Outgoing['media']
    let mediaType: MediaType = 'chat'
    if (input.mediaUrl) {
      const path = ownMedia(input.mediaUrl)
      const row = await db
        .selectFrom('messages')
        .select(['mediaMime', 'mediaType', 'mediaSize', 'mediaName'])
        .where('mediaPath', '=', path)
        .executeTakeFirst()
      mediaPart = {
        path,
        mime: row?.mediaMime ?? 'application/octet-stream',
        size: row?.mediaSize ?? null,
        fileName: row?.mediaName ?? null,
      }
      mediaType = (row?.mediaType as MediaType | undefined) ?? 'other'
    }
    return [await deliver(ticket, { body: input.body, mediaType, media: mediaPart, quotedMsgId, userId: actor.id })]
  }

  /** `POST /messages/:ticketId` as multipart: one message per file, the caption and quote on the first. */
  const sendFiles = async (
    actor: Actor,
    ticketId: number,
    files: Upload[],
    body: string,
    quotedMsgId: number | string | null,
  ): Promise<Message[]> => {
    const ticket = await writableTicket(actor, ticketId)
    const quoted = await checkQuoted(ticketId, quotedMsgId)
    const sent: Message[] = []
    for (const [index, file] of files.entries()) {
      const saved = await media.save(file.data)
      sent.push(
        await deliver(ticket, {
          body: index === 0 ? body : '',
          mediaType: mediaTypeOfMime(saved.mime),
          media: { path: saved.name, mime: saved.mime, size: saved.size, fileName: file.fileName },
          quotedMsgId: index === 0 ? quoted : null,
          userId: actor.id,
        }),
      )
    }
    return sent
  }

  /** `DELETE /messages/:id`: only the agent who sent a message may delete it. */
  const remove = async (actor: Actor, id: number): Promise<Message> => {
    const row = await db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw new AppError('ERR_NOT_FOUND', 404, undefined, 'Message not found')
    if (row.fromMe !== 1 || row.userId !== actor.id) throw noPermission()
    if (row.isDeleted === 1) return (await load(id))!
    const ticket = await findTicket(db, row.ticketId)
    if (row.providerMessageId && ticket) {
      const driver = row.whatsappId !== null ? sessions.get(row.whatsappId) : undefined
      if (!driver?.isConnected() || !ticket.contact.number) throw new AppError('ERR_DELETE_WAPP_MSG', 400)
      await driver.deleteMessage(ticket.contact.number, row.providerMessageId).catch(() => {
        throw new AppError('ERR_DELETE_WAPP_MSG', 400)
      })
    }
    await db.updateTable('messages').set({ isDeleted: 1, updatedAt: nowIso() }).where('id', '=', id).execute()
    if (ticket && row.automatic === 0 && (await restorePreview(row))) {
      const updated = (await findTicket(db, ticket.id))!
      publisher.ticket({ action: 'update', ticket: updated }, await sightOf(db, updated))
      return announce(id, 'update', { ticket: updated, audience: await audienceOf(db, updated) })
    }
    return announce(id, 'update')
  }

  /**
   * After a message is deleted: when it was the preview (no newer message a person wrote and kept), the
   * preview goes back to the previous person-written message that is not deleted, or empty.
   * Says whether the preview changed.
   */
  const restorePreview = async (deleted: { id: number; ticketId: number; createdAt: string }) => {
    const people = () =>
      db
        .selectFrom('messages')
        .select(['id', 'body', 'createdAt'])
        .where('ticketId', '=', deleted.ticketId)
        .where('automatic', '=', 0)
    const newer = await people()
      .where('isDeleted', '=', 0)
      .where((eb) =>
        eb.or([
          eb('createdAt', '>', deleted.createdAt),
          eb.and([eb('createdAt', '=', deleted.createdAt), eb('id', '>', deleted.id)]),
        ]),
      )
      .limit(1)
      .executeTakeFirst()
    if (newer) return false
    const previous = await people()
      .where('isDeleted', '=', 0)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    await db
      .updateTable('tickets')
      .set({ lastMessage: previewOf(previous) })
      .where('id', '=', deleted.ticketId)
      .execute()
    return true
  }

  /** The network reports progress on a sent message; acks only move forward. */
  const applyAck = async (connectionId: number, providerMessageId: string, ack: Ack): Promise<Message | null> => {
    const row = await db
      .selectFrom('messages')
      .select(['id', 'ack'])
      .where('whatsappId', '=', connectionId)
      .where('providerMessageId', '=', providerMessageId)
      .executeTakeFirst()
    if (!row) return null
    if (ack <= row.ack) return (await load(row.id)) ?? null
    await db.updateTable('messages').set({ ack, updatedAt: nowIso() }).where('id', '=', row.id).execute()
    return announce(row.id, 'update')
  }

  /** The network gave up on a sent message: it keeps its text and shows the error. */
  const applyFailure = async (connectionId: number, providerMessageId: string): Promise<Message | null> => {
    const row = await db
      .selectFrom('messages')
      .select(['id', 'error'])
      .where('whatsappId', '=', connectionId)
      .where('providerMessageId', '=', providerMessageId)
      .where('fromMe', '=', 1)
      .executeTakeFirst()
    if (!row) return null
    if (row.error) return (await load(row.id)) ?? null
    await db
      .updateTable('messages')
      .set({ error: 'ERR_SENDING_WAPP_MSG', updatedAt: nowIso() })
      .where('id', '=', row.id)
      .execute()
    return announce(row.id, 'update')
  }

  return {
    load,
    announce,
    deliver,
    list,
    send,
    sendFiles,
    remove,
    applyAck,
    applyFailure,
    visibleTicket,
    writableTicket,
  }
}

export type MessagesService = ReturnType<typeof createMessagesService>
