import type { Ticket } from '@desk/api-client'
import type { Db } from '../../db'
import type { Publisher } from '../../realtime/publisher'
import { scopedRoom } from '../../realtime/rooms'
import { connectionNotFound } from '../connections/service'
import type { SessionManager } from '../connections/sessions'
import type { MediaStore } from '../media/store'
import type { MessagesService } from '../messages/service'
import type { QuickAnswersService } from '../quick-answers/service'
import type { UploadQuota } from '../rate-limits/quota'
import type { RateLimits } from '../rate-limits/service'
import { actorCanSee, noPermission } from '../tickets/access'
import { findTicket } from '../tickets/repository'
import type { Actor } from '../users/access'
import { findActor } from '../users/repository'
import {
  type Conversation,
  contactOfIdentity,
  findWebChatConnection,
  identitiesOfContact,
  type WebChatConnection,
} from './repository'
import { visitorKey, widgetRooms } from './rooms'
import { secretGeneration } from './settings'
import { tokenExpired, type WidgetTokens } from './tokens'

/** What the widget knows of who is online; multi-process through the socket adapter (see realtime/widget.ts). */
export interface WidgetPresence {
  /** Whether a user who answers the connection has a desk socket open. */
  online(connectionId: number): Promise<boolean>
  /** Ends every open widget session of a connection (its secret was rotated). */
  endSessions(connectionId: number): void
}

export interface WidgetDeps {
  db: Db
  tokens: WidgetTokens
  publisher: Publisher
  sessions: Pick<SessionManager, 'driver'>
  messages: MessagesService
  media: MediaStore
  quickAnswers: QuickAnswersService
  rateLimits: RateLimits
  /** Byte quotas of visitors' uploads. */
  uploadQuota: UploadQuota
  presence: WidgetPresence
}

/** The holder of a widget session, checked on every call: one conversation, and who may write in it. */
export type WidgetCaller = {
  connection: WebChatConnection
  /** The socket rooms of that conversation for this holder (see `widgetRooms`). */
  rooms: string[]
  /** When the session ends (milliseconds since 1970). */
  endsAt: number
} & (
  | {
      mode: 'customer'
      /** Who the visitor is, and their key in rooms and counters (`visitorKey`). */
      identity: string
      visitor: string
      /** What their contact is made with. */
      seed: { name: string; email: string | null }
      /** Null until their first message (or name, or e-mail) makes their contact: nothing to show yet. */
      contactId: number | null
      conversation: Conversation | null
    }
  | { mode: 'agent'; ticket: Ticket; actor: Actor; conversation: Conversation }
)

/**
 * Reads a widget session on each call. A visitor's session names their identity: their contact is
 * read on each call (none before their first message; a contact the desk deleted is gone from the
 * session, whose next message starts a new one). It ends (401 `ERR_WIDGET_TOKEN_EXPIRED`) when it
 * expired, when the connection is gone or its secret was rotated since, or when the partner user or the ticket is gone or the ticket left the connection; a
 * partner user who may no longer see the ticket gets 403 `ERR_NO_PERMISSION`.
 */
export const createWidgetContext = (deps: WidgetDeps) => {
  const { db, tokens } = deps

  const connection = async (id: number) => {
    const found = await findWebChatConnection(db, id)
    if (!found) throw connectionNotFound()
    return found
  }

  const caller = async (token: string | undefined): Promise<WidgetCaller> => {
    const claims = await tokens.verifySession(token)
    const endsAt = (claims.exp ?? 0) * 1000
    const found = await findWebChatConnection(db, claims.cid)
    if (!found || secretGeneration(found.webChat.secret) !== claims.gen) throw tokenExpired('The session has ended')
    if (claims.mode === 'customer') {
      // A session signed before contacts waited for the first message names the contact instead.
      const identity =
        claims.identity ?? (await identitiesOfContact(db, found.id, claims.contactId ?? 0))[0] ?? undefined
      if (!identity) throw tokenExpired('The visitor is gone')
      const contact = await contactOfIdentity(db, found.id, identity)
      const visitor = visitorKey(identity)
      return {
        connection: found,
        mode: 'customer',
        identity,
        visitor,
        seed: claims.seed ?? { name: contact?.name ?? '', email: null },
        contactId: contact?.id ?? null,
        conversation: contact ? { connectionId: found.id, contactId: contact.id } : null,
        rooms: [widgetRooms.visitor(found.id, visitor), ...(contact ? [widgetRooms.contact(contact.id)] : [])],
        endsAt,
      }
    }
    const [actor, ticket] = await Promise.all([findActor(db, claims.userId!), findTicket(db, claims.ticketId!)])
    if (!actor || !ticket || ticket.whatsappId !== found.id) throw tokenExpired('The session has ended')
    if (!(await actorCanSee(db, actor, ticket))) throw noPermission()
    const ticketRoom = widgetRooms.ticket(found.id, ticket.id)
    return {
      connection: found,
      mode: 'agent',
      actor,
      ticket,
      conversation: { ticketId: ticket.id },
      rooms: [ticketRoom, scopedRoom(ticketRoom, actor), widgetRooms.user(actor.id)],
      endsAt,
    }
  }

  return { ...deps, connection, caller }
}

export type WidgetContext = ReturnType<typeof createWidgetContext>
