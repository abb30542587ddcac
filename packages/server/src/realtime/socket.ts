import type { Server as HttpServer } from 'node:http'
import type {
  ClientToServerEvents,
  ServerToClientEvents as DeskEvents,
  WidgetServerToClientEvents,
} from '@desk/api-client'
import { Server, type Socket } from 'socket.io'
import type { Db } from '../db'
import { AppError } from '../http/errors'
import type { SessionEnd } from '../modules/auth/liveness'
import type { AuthService } from '../modules/auth/service'
import { findActor } from '../modules/users/repository'
import { createRoomAuthorizer, type RoomAuthorizer, rooms, scopedRoom, scopedRoomsOf } from './rooms'
import type { SessionCallAnswer, SessionCallRequest } from './session-relay'

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

/** What server processes tell each other (see session-ends.ts and session-relay.ts). */
export interface InterServerEvents {
  sessionEnded: (end: SessionEnd) => void
  /** A process's events were lost on their way through Redis: the others' sockets reconnect (see shared-rooms.ts). */
  catchUp: () => void
  connectionChanged: (connectionId: number) => void
  sessionCall: (request: SessionCallRequest, claim: (held: boolean) => void) => void
  sessionAnswer: (answer: SessionCallAnswer) => void
}

export type DeskIo = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>
type DeskSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>

export const createIo = (httpServer: HttpServer): DeskIo =>
  new Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 1e6,
  })

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
