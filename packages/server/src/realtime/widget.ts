import type { AppMessageEvent, Ticket } from '@desk/api-client'
import type { Db } from '../db'
import { findConnectionDriver } from '../modules/connections/repository'
import type { WidgetPresence } from '../modules/widget/caller'
import { toWidgetMessage } from '../modules/widget/messages'
import {
  answeringUserIds,
  visitorRoomsOf,
  type WidgetMessageRow,
  webChatConnectionIds,
  widgetMessageRow,
} from '../modules/widget/repository'
import { widgetRooms } from '../modules/widget/rooms'
import type { Audience, Publisher } from './publisher'
import { audienceRooms, rooms } from './rooms'
import { socketsIn } from './shared-rooms'
import type { DeskIo } from './socket'

/**
 * Widget frames hear their conversation through the same announcements as the desk: every message
 * stored or changed on a web chat ticket (the visitor's, an agent's, a greeting, an ack, a delete)
 * goes to the visitor's room and the ticket's room as `widget:message`. Emitting to rooms goes
 * through the socket.io adapter, so a message stored by one process reaches a frame connected to
 * another. Announcements of one ticket are relayed in order.
 */
export const createWidgetRelay = (deps: {
  db: Db
  io: DeskIo
  mediaUrl: (path: string) => string
  log: (error: unknown) => void
  /** An agent's reply was stored (the offline e-mail decides whether the visitor hears of it by mail). */
  agentReplied?: () => ((ticket: Ticket, row: WidgetMessageRow) => Promise<unknown>) | undefined
}) => {
  const { db, io } = deps
  // A connection's driver never changes, and ids are never reused.
  const webChat = new Map<number, boolean>()
  const isWebChat = async (id: number) => {
    const known = webChat.get(id)
    if (known !== undefined) return known
    const row = await findConnectionDriver(db, id)
    if (!row) return false
    webChat.set(id, row.driver === 'webchat')
    return row.driver === 'webchat'
  }
  const chains = new Map<number, Promise<void>>()

  /**
   * The visitor's frames, and the portals of those who may see the ticket now (its audience, as for
   * the desk's conversation): a portal whose user lost the ticket (transferred, demoted) hears nothing.
   */
  const relay = async (event: AppMessageEvent, audience: Audience) => {
    const { ticket } = event
    // A private note is the desk's own: neither the visitor nor a widget portal hears of it.
    if (event.message.isNote) return
    if (ticket.whatsappId === null || !(await isWebChat(ticket.whatsappId))) return
    const row = await widgetMessageRow(db, Number(event.message.id))
    if (!row) return
    const visitors = await visitorRoomsOf(db, ticket.whatsappId, ticket.contactId)
    io.to([...visitors, ...audienceRooms(widgetRooms.ticket(ticket.whatsappId, ticket.id), audience)]).emit(
      'widget:message',
      { action: event.action, message: toWidgetMessage(row, deps.mediaUrl) },
    )
    if (event.action === 'create') await deps.agentReplied?.()?.(ticket, row)
  }

  const message = (event: AppMessageEvent, audience: Audience) => {
    const key = event.ticket.id
    const next = (chains.get(key) ?? Promise.resolve()).then(() => relay(event, audience)).catch(deps.log)
    chains.set(key, next)
    void next.then(() => {
      if (chains.get(key) === next) chains.delete(key)
    })
  }

  /** The desk's publisher, with the widget's rooms told about messages too. */
  const wrap = (publisher: Publisher): Publisher => ({
    ...publisher,
    appMessage(event, audience) {
      publisher.appMessage(event, audience)
      message(event, audience)
    },
  })

  return { wrap }
}

/**
 * Who is online, from the desk's sockets in every process (`fetchSockets` asks the adapter), and
 * `widget:presence` to each web chat connection's frames when a desk socket comes or goes (a
 * quarter of a second after the last change, once per burst).
 */
export const createWidgetPresence = (deps: {
  db: Db
  io: DeskIo
  log: (error: unknown) => void
}): WidgetPresence & {
  changed(): void
  stop(): void
} => {
  const { db, io } = deps
  const onlineUsers = async () => new Set((await socketsIn(io, rooms.signedIn)).map((s) => s.data.userId))
  const onlineAmong = (answering: Set<number> | null, online: Set<number>) =>
    answering === null ? online.size > 0 : [...answering].some((id) => online.has(id))

  // The public configuration asks on every frame load: an answer is reused for two seconds (here
  // only; a desk socket coming or going in this process clears it at once).
  const recent = new Map<number, { online: boolean; at: number }>()
  const online = async (connectionId: number) => {
    const known = recent.get(connectionId)
    if (known && Date.now() - known.at < 2000) return known.online
    const value = onlineAmong(await answeringUserIds(db, connectionId), await onlineUsers())
    if (recent.size > 1000) recent.clear()
    recent.set(connectionId, { online: value, at: Date.now() })
    return value
  }

  let timer: NodeJS.Timeout | undefined
  const announce = async () => {
    const ids = await webChatConnectionIds(db)
    if (ids.length === 0) return
    const users = await onlineUsers()
    for (const id of ids) {
      io.to(widgetRooms.connection(id)).emit('widget:presence', {
        online: onlineAmong(await answeringUserIds(db, id), users),
      })
    }
  }

  return {
    online,
    endSessions(connectionId) {
      const room = widgetRooms.connection(connectionId)
      io.to(room).emit('widget:expired')
      // Without closing the transport: the event above goes out first, then the disconnect.
      io.in(room).disconnectSockets()
    },
    changed() {
      recent.clear()
      clearTimeout(timer)
      timer = setTimeout(() => void announce().catch(deps.log), 250)
      timer.unref()
    },
    stop() {
      clearTimeout(timer)
    },
  }
}
