import type { MediaType, Message, Ticket } from '@desk/api-client'
import type { Db } from '../../db'
import type { OutboundTemplate } from '../../drivers/cloud-api'
import type { OutboundLocation } from '../../drivers/types'
import type { Audience, Publisher } from '../../realtime/publisher'
import type { SessionManager } from '../connections/sessions'
import type { MediaStore } from '../media/store'
import type { TemplatesService } from '../templates/service'
import { requireTicketAccess } from '../tickets/access'
import { findTicket, findTicketAndAudience } from '../tickets/repository'
import type { Actor } from '../users/repository'
import { createMessageChanges } from './changes'
import { createMessageReading } from './reading'
import { findMessageRow, type MessageQueryRow, toMessage } from './repository'
import { createMessageSending } from './sending'

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
  /** The id a widget gave the message when sending it (agent mode), unique per ticket. */
  clientId?: string
  /** A message template (the Cloud API): `body` holds its text as the customer sees it. */
  template?: OutboundTemplate
}

/** A file an agent uploaded; its type is read from its content, never from its name. */
export interface Upload {
  data: Buffer
  fileName: string
}

export interface MessagesServiceDeps {
  db: Db
  publisher: Publisher
  sessions: Pick<SessionManager, 'driver'>
  media: MediaStore
  readFile: (path: string) => Promise<Buffer>
  /** The templates a ticket's connection may send (the Cloud API); without it templates are refused. */
  templates?: Pick<TemplatesService, 'sendable'>
  /** Called once an agent's message is stored on a ticket (the bots pause for that contact). */
  onAgentMessage?: (ticket: Ticket, userId: number) => Promise<unknown>
}

/** What the parts of the service (sending, reading, changes) share. */
export type MessagesContext = MessagesServiceDeps & ReturnType<typeof createMessagesCore>

const createMessagesCore = (deps: MessagesServiceDeps) => {
  const { db, publisher, media } = deps
  const mediaUrl = (path: string) => media.signedUrl(path)

  const load = async (id: number): Promise<Message | undefined> => {
    const row = await findMessageRow(db, id)
    return row ? toMessage(row, mediaUrl) : undefined
  }

  /** Tells the ticket's audience about a stored or changed message. */
  const announce = async (
    id: number,
    action: 'create' | 'update',
    /** The message's ticket as it stands now and who hears it, when the caller just read them. */
    current?: { ticket: Ticket; audience: Audience },
    /** The message as it was just written (see `writtenMessageRow`), so it is not read back. */
    written?: MessageQueryRow,
  ): Promise<Message> => {
    const message = written?.id === id ? toMessage(written, mediaUrl) : (await load(id))!
    const sight = current?.ticket.id === message.ticketId ? current : await findTicketAndAudience(db, message.ticketId)
    if (!sight) return message
    const { ticket, audience } = sight
    publisher.appMessage({ action, message, ticket, contact: ticket.contact }, audience)
    return message
  }

  /** The driver serving a connection in this process (see `SessionManager.driver`). */
  const driverOf = async (connectionId: number | null) =>
    connectionId === null ? undefined : await deps.sessions.driver(connectionId)

  /** A ticket the agent may read (see `requireTicketAccess`). */
  const visibleTicket = async (actor: Actor, ticketId: number): Promise<Ticket> =>
    requireTicketAccess(db, actor, await findTicket(db, ticketId), 'read')

  /** A ticket the agent may write on: open, and theirs unless they are an admin (see `requireTicketAccess`). */
  const writableTicket = async (actor: Actor, ticketId: number): Promise<Ticket> =>
    requireTicketAccess(db, actor, await findTicket(db, ticketId), 'write')

  return { mediaUrl, load, announce, visibleTicket, writableTicket, driverOf }
}

/**
 * Messages: reading a conversation (which marks it read), sending through the ticket's
 * connection, deleting one's own messages, and acks from the network. A send the driver
 * fails is stored anyway, with `error` set, so nothing an agent typed is lost; an agent's send
 * answers that error (502), and one on a connection that runs nowhere is refused (400
 * `ERR_WAPP_NOT_INITIALIZED`) before anything is stored, so the composer keeps the draft.
 */
export const createMessagesService = (deps: MessagesServiceDeps) => {
  const context: MessagesContext = { ...deps, ...createMessagesCore(deps) }
  const { load, announce, visibleTicket, writableTicket } = context
  const { deliver, send, sendFiles, sendTemplate } = createMessageSending(context)
  const { list, markRead } = createMessageReading(context)
  const { remove, applyAck, applyFailure } = createMessageChanges(context)
  return {
    load,
    announce,
    deliver,
    list,
    markRead,
    send,
    sendFiles,
    sendTemplate,
    remove,
    applyAck,
    applyFailure,
    visibleTicket,
    writableTicket,
  }
}

export type MessagesService = ReturnType<typeof createMessagesService>
