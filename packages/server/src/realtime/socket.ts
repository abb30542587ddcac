import type { Server as HttpServer } from 'node:http'
import type {
  ClientToServerEvents,
  ConnectionSession,
  ServerToClientEvents as DeskEvents,
  WidgetServerToClientEvents,
} from '@desk/api-client'
import { Server, type Socket } from 'socket.io'
import type { Db } from '../db'
import { AppError } from '../http/errors'
import type { AuthService } from '../modules/auth/service'
import { SECRET_SETTING } from '../modules/settings/service'
import { findActor } from '../modules/users/repository'
import { mergeAudiences } from './audience'
import type { Audience, Publisher, TicketSight } from './publisher'
import {
  audienceRooms,
  createRoomAuthorizer,
  type RoomAuthorizer,
  rescopedRooms,
  rooms,
  scopedRoom,
  scopedRoomsOf,
  topics,
  userRoom,
} from './rooms'
import { socketsIn } from './shared-rooms'

/** What desk sockets hear, and what widget frames hear (`widget:*`, in their rooms only). */
type ServerToClientEvents = DeskEvents & WidgetServerToClientEvents

/** A widget frame's socket: its rooms (its conversation's and its connection's) and when its session ends. */
export interface WidgetSocket {
  rooms: string[]
  endsAt: number
}

export interface SocketData {
  /** 0 on a widget frame's socket, which is no desk user's. */
  userId: number
  /** Set on a widget frame's socket (see `attachSocketHandlers`). */
  widget?: WidgetSocket
  /** The session its token names, if any. */
  sessionId?: string
  /** Profile at handshake; room membership follows later changes through the publisher. */
  profile: 'admin' | 'user'
}

export type DeskIo = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>
type DeskSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>

export const createIo = (httpServer: HttpServer): DeskIo =>
  new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 1e6,
  })

/** The rooms of a ticket's conversation and of the notifications that reach an audience. */
const followers = (ticketId: number, audience: Audience) => [
  ...audienceRooms(topics.chatBox(ticketId), audience),
  ...audienceRooms(topics.notification, audience),
]

/** A session move as the seed's clients read it: `qrcode` is `""` when there is no code to show. */
const sessionFor = (session: ConnectionSession, withCode: boolean): ConnectionSession => ({
  ...session,
  qrcode: withCode ? (session.qrcode ?? '') : '',
})

/**
 * Delivers service events to the rooms allowed to hear them. Ticket and message events go only
 * to the topics a socket asked for (see `topics`), and there only to the ticket's audience; all
 * the rooms of one event go into one emit, so a socket in several of them hears it once.
 */
export const createSocketPublisher = (io: DeskIo): Publisher => {
  /** Moves a user's sockets between `T:admins` and `T:u:<id>` after a profile change. */
  const rescope = async (userId: number, admin: boolean) => {
    for (const socket of await socketsIn(io, rooms.user(userId))) {
      const { leave, join } = rescopedRooms(socket.rooms, userId, admin)
      if (join.length) socket.join(join)
      for (const room of leave) socket.leave(room)
    }
  }

  /**
   * The lists of the status a ticket left drop it (seed: a delete to the old status), and so do
   * the lists of those who no longer see it when its status stayed.
   */
  const dropFromLists = (ticketId: number, now: TicketSight, before: TicketSight) => {
    const gone = { action: 'delete' as const, ticketId }
    const left = topics.tickets(before.status)
    if (before.status !== now.status) return void io.to(audienceRooms(left, before.audience)).emit('ticket', gone)
    if (now.audience.everyone) return
    if (before.audience.everyone) {
      return void io.to(left).except(audienceRooms(left, now.audience)).emit('ticket', gone)
    }
    const lost = before.audience.userIds.filter((id) => !now.audience.userIds.includes(id))
    if (lost.length) io.to(lost.map((id) => userRoom(left, id))).emit('ticket', gone)
  }

  return {
    job(event) {
      const target = io.to(rooms.admins)
      ;(event.job.userId ? target.to(rooms.user(event.job.userId)) : target).emit('job', event)
    },
    user(event) {
      const userId = event.action === 'delete' ? event.userId : event.user.id
      io.to(rooms.admins).to(rooms.user(userId)).emit('user', event)
      if (event.action === 'delete') {
        io.in(rooms.user(userId)).disconnectSockets(true)
      } else if (event.user.profile === 'admin') {
        io.in(rooms.user(userId)).socketsJoin(rooms.admins)
        void rescope(userId, true).catch(() => {})
      } else {
        io.in(rooms.user(userId)).socketsLeave(rooms.admins)
        void rescope(userId, false).catch(() => {})
      }
    },
    sessionsEnded(userId, keepSessionId) {
      const all = io.in(rooms.user(userId))
      const others = keepSessionId ? all.except(rooms.session(keepSessionId)) : all
      others.disconnectSockets(true)
    },
    settings(setting) {
      const event = { action: 'update' as const, setting }
      if (setting.key === SECRET_SETTING) io.to(rooms.admins).emit('settings', event)
      else io.to(rooms.signedIn).emit('settings', event)
    },
    // Everyone follows connection status (the connections page, the menu's '!' badge); the QR
    // code pairs a phone with the desk, so only admins get it. A new connection is announced
    // as an `update` (the seed's clients know update and delete only, and add what they lack).
    whatsapp(event) {
      const told = event.action === 'create' ? { ...event, action: 'update' as const } : event
      io.to(rooms.admins).emit('whatsapp', told)
      const withoutQr = told.action === 'delete' ? told : { ...told, whatsapp: { ...told.whatsapp, qrcode: null } }
      io.to(rooms.signedIn).except(rooms.admins).emit('whatsapp', withoutQr)
    },
    whatsappSession(session) {
      io.to(rooms.admins).emit('whatsappSession', { action: 'update', session: sessionFor(session, true) })
      io.to(rooms.signedIn)
        .except(rooms.admins)
        .emit('whatsappSession', { action: 'update', session: sessionFor(session, false) })
    },
    ticket(event, now, before) {
      if (event.action !== 'update') {
        const id = event.ticketId
        io.to([...followers(id, now.audience), ...audienceRooms(topics.tickets(now.status), now.audience)]).emit(
          'ticket',
          event,
        )
        return
      }
      const id = event.ticket.id
      if (before) dropFromLists(id, now, before)
      // The conversation and the notifications also tell those who just lost the ticket, so
      // their screens can let it go; a status list shows it only to those who see it now.
      const heard = before ? mergeAudiences(before.audience, now.audience) : now.audience
      io.to([...followers(id, heard), ...audienceRooms(topics.tickets(now.status), now.audience)]).emit('ticket', event)
    },
    appMessage(event, audience) {
      const id = event.ticket.id
      // A new message also moves its ticket in the lists; a changed one (ack, deletion) only
      // matters to the conversation.
      const targets =
        event.action === 'create'
          ? [...followers(id, audience), ...audienceRooms(topics.tickets(event.ticket.status), audience)]
          : audienceRooms(topics.chatBox(id), audience)
      io.to(targets).emit('appMessage', event)
    },
    contact(event) {
      io.to(rooms.signedIn).emit('contact', event)
    },
    queue(event) {
      io.to(rooms.signedIn).emit('queue', event)
    },
    quickAnswer(event) {
      io.to(rooms.signedIn).emit('quickAnswer', event)
    },
    tag(event) {
      io.to(rooms.signedIn).emit('tag', event)
    },
    contactTags(event) {
      io.to(rooms.signedIn).emit('contactTags', event)
    },
    // The board follows the open list; a conversation's header shows its card's lane too.
    card(event, audience) {
      const id = event.action === 'update' ? event.card.ticketId : event.ticketId
      io.to([...audienceRooms(topics.tickets('open'), audience), ...audienceRooms(topics.chatBox(id), audience)]).emit(
        'card',
        event,
      )
    },
    lane(event) {
      io.to(rooms.signedIn).emit('lane', event)
    },
    // A contact's switches show in each of its conversations, old or new: every socket of the
    // audience hears it, and a conversation of that contact applies it.
    bot(event, audience) {
      io.to(audience.everyone ? rooms.signedIn : [rooms.admins, ...audience.userIds.map(rooms.user)]).emit('bot', event)
    },
  }
}

const widgetTokenOf = (socket: DeskSocket): string | undefined => {
  const token = (socket.handshake.auth as { widgetToken?: unknown } | undefined)?.widgetToken
  return typeof token === 'string' && token ? token : undefined
}

/** The events a desk client may send; a widget frame's socket answers each with a refusal. */
const DESK_REQUESTS = ['joinNotification', 'joinTickets', 'leaveTickets', 'joinChatBox', 'leaveChatBox'] as const

/**
 * A widget frame's socket: only its conversation's room and its connection's (presence, the end of
 * its sessions); every desk request is refused; at the session's end it hears `widget:expired` and
 * is let go.
 */
const admitWidget = (socket: DeskSocket, widget: WidgetSocket) => {
  socket.join(widget.rooms)
  for (const event of DESK_REQUESTS) {
    socket.on(event as 'joinNotification', (...args: unknown[]) => {
      const ack = args.at(-1)
      if (typeof ack === 'function') ack(false)
    })
  }
  const ends = setTimeout(
    () => {
      socket.emit('widget:expired')
      socket.disconnect()
    },
    Math.max(0, widget.endsAt - Date.now()),
  )
  ends.unref()
  socket.once('disconnect', () => clearTimeout(ends))
}

const handshakeToken = (socket: DeskSocket): string | undefined => {
  const fromAuth = (socket.handshake.auth as { token?: unknown } | undefined)?.token
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth
  const fromQuery = socket.handshake.query.token
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : undefined
}

/**
 * Authenticates every socket on the handshake (`auth.token`, or `query.token` as older
 * clients send it), puts it in its user's room, `signed-in`, and `admins` for admins, and
 * admits it to requested rooms only through the room authorizer.
 */
export const attachSocketHandlers = (
  io: DeskIo,
  deps: {
    auth: AuthService
    db: Db
    authorizer?: RoomAuthorizer
    /** Checks a widget session (`auth.widgetToken`) and names the rooms its frame may hear. */
    widget?: (token: string) => Promise<WidgetSocket>
    /** A desk socket came or went (widget frames are told whether someone answers). */
    deskPresence?: () => void
  },
) => {
  const authorizer = deps.authorizer ?? createRoomAuthorizer()

  io.use(async (socket, next) => {
    try {
      const widgetToken = widgetTokenOf(socket)
      if (widgetToken && deps.widget) {
        socket.data.widget = await deps.widget(widgetToken)
        socket.data.userId = 0
        socket.data.profile = 'user'
        return next()
      }
      const actor = await deps.auth.authenticate(handshakeToken(socket))
      // A token outlives its session by up to its lifetime: a socket of an ended session (logged
      // out, password changed) is refused, so closing it is not undone by its reconnect.
      if (actor.sessionId && !(await deps.auth.sessionLive(actor.sessionId))) {
        throw new AppError('ERR_SESSION_EXPIRED', 403)
      }
      socket.data.userId = actor.id
      socket.data.sessionId = actor.sessionId
      socket.data.profile = actor.profile
      next()
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'ERR_INTERNAL'
      next(Object.assign(new Error(code), { data: { error: code } }))
    }
  })

  io.on('connection', (socket) => {
    if (socket.data.widget) return admitWidget(socket, socket.data.widget)
    deps.deskPresence?.()
    socket.once('disconnect', () => deps.deskPresence?.())
    socket.join([rooms.user(socket.data.userId), rooms.signedIn])
    if (socket.data.sessionId) socket.join(rooms.session(socket.data.sessionId))
    if (socket.data.profile === 'admin') socket.join(rooms.admins)
    /** Re-reads the user for every request, so a demoted or deleted user loses access at once. */
    /** Answers a client that asked for an acknowledgement (the seed's clients do not). */
    const answer = (ack: unknown, joined: boolean) => {
      if (typeof ack === 'function') ack(joined)
    }
    const join = async (kind: string, arg: unknown, ack: unknown) => {
      let joined = false
      try {
        const actor = await findActor(deps.db, socket.data.userId)
        if (!actor) return void socket.disconnect(true)
        const topic = await authorizer.authorize(actor, kind, arg)
        if (topic) {
          await socket.join([topic, scopedRoom(topic, actor)])
          joined = true
        }
      } catch {
        // A failed lookup leaves the socket where it was.
      }
      answer(ack, joined)
    }
    const leave = (kind: string, arg: unknown, ack: unknown) => {
      const topic = authorizer.roomFor(kind, arg)
      if (topic) for (const room of [topic, ...scopedRoomsOf(topic, socket.data.userId)]) socket.leave(room)
      answer(ack, Boolean(topic))
    }
    socket.on('joinNotification', (ack) => join('notification', undefined, ack))
    socket.on('joinTickets', (status, ack) => join('tickets', status, ack))
    socket.on('leaveTickets', (status, ack) => leave('tickets', status, ack))
    socket.on('joinChatBox', (ticketId, ack) => join('chatBox', ticketId, ack))
    socket.on('leaveChatBox', (ticketId, ack) => leave('chatBox', ticketId, ack))
  })

  return { authorizer }
}
