import type { Server as HttpServer } from 'node:http'
import type { ClientToServerEvents, ServerToClientEvents } from '@desk/api-client'
import { Server, type Socket } from 'socket.io'
import type { Db } from '../db'
import { AppError } from '../http/errors'
import type { AuthService } from '../modules/auth/service'
import { SECRET_SETTING } from '../modules/settings/service'
import { findActor } from '../modules/users/repository'
import type { Audience, Publisher } from './publisher'
import { createRoomAuthorizer, type RoomAuthorizer, rooms } from './rooms'

export interface SocketData {
  userId: number
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

/** Delivers service events to the rooms allowed to hear them. */
/** The rooms that make up an audience: admins, plus the listed users or everyone signed in. */
const audienceRooms = (audience: Audience): string[] =>
  audience.everyone ? [rooms.signedIn] : [rooms.admins, ...audience.userIds.map(rooms.user)]

export const createSocketPublisher = (io: DeskIo): Publisher => ({
  user(event) {
    const userId = event.action === 'delete' ? event.userId : event.user.id
    io.to(rooms.admins).to(rooms.user(userId)).emit('user', event)
    if (event.action === 'delete') {
      io.in(rooms.user(userId)).disconnectSockets(true)
    } else if (event.user.profile === 'admin') {
      io.in(rooms.user(userId)).socketsJoin(rooms.admins)
    } else {
      io.in(rooms.user(userId)).socketsLeave(rooms.admins)
    }
  },
  settings(setting) {
    const event = { action: 'update' as const, setting }
    if (setting.key === SECRET_SETTING) io.to(rooms.admins).emit('settings', event)
    else io.to(rooms.signedIn).emit('settings', event)
  },
  // Everyone follows connection status (the connections page, the menu's '!' badge); the QR
  // code pairs a phone with the desk, so only admins get it.
  whatsapp(event) {
    io.to(rooms.admins).emit('whatsapp', event)
    const withoutQr = event.action === 'delete' ? event : { ...event, whatsapp: { ...event.whatsapp, qrcode: null } }
    io.to(rooms.signedIn).except(rooms.admins).emit('whatsapp', withoutQr)
  },
  whatsappSession(session) {
    io.to(rooms.admins).emit('whatsappSession', { action: 'update', session })
    io.to(rooms.signedIn)
      .except(rooms.admins)
      .emit('whatsappSession', { action: 'update', session: { ...session, qrcode: null } })
  },
  ticket(event, audience) {
    io.to(audienceRooms(audience)).emit('ticket', event)
  },
  appMessage(event, audience) {
    io.to(audienceRooms(audience)).emit('appMessage', event)
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
})

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
export const attachSocketHandlers = (io: DeskIo, deps: { auth: AuthService; db: Db; authorizer?: RoomAuthorizer }) => {
  const authorizer = deps.authorizer ?? createRoomAuthorizer()

  io.use(async (socket, next) => {
    try {
      const actor = await deps.auth.authenticate(handshakeToken(socket))
      socket.data.userId = actor.id
      socket.data.profile = actor.profile
      next()
    } catch (error) {
      const code = error instanceof AppError ? error.code : 'ERR_INTERNAL'
      next(Object.assign(new Error(code), { data: { error: code } }))
    }
  })

  io.on('connection', (socket) => {
    socket.join([rooms.user(socket.data.userId), rooms.signedIn])
    if (socket.data.profile === 'admin') socket.join(rooms.admins)
    /** Re-reads the user for every request, so a demoted or deleted user loses access at once. */
    const join = async (kind: string, arg: unknown) => {
      try {
        const actor = await findActor(deps.db, socket.data.userId)
        if (!actor) return void socket.disconnect(true)
        const room = await authorizer.authorize(actor, kind, arg)
        if (room) await socket.join(room)
      } catch {
        // A failed lookup leaves the socket where it was.
      }
    }
    const leave = (kind: string, arg: unknown) => {
      const room = authorizer.roomFor(kind, arg)
      if (room) socket.leave(room)
    }
    socket.on('joinNotification', () => join('notification', undefined))
    socket.on('joinTickets', (status) => join('tickets', status))
    socket.on('leaveTickets', (status) => leave('tickets', status))
    socket.on('joinChatBox', (ticketId) => join('chatBox', ticketId))
    socket.on('leaveChatBox', (ticketId) => leave('chatBox', ticketId))
  })

  return { authorizer }
}
