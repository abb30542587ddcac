import type { DeskSocket } from '../client'
import type { ServerToClientEvents } from '../contract'

export type ServerEvent = keyof ServerToClientEvents
/** What the server sends with `event` (`{ action: 'delete', ticketId: 2 }` …). */
export type ServerEventPayload<E extends ServerEvent> = Parameters<ServerToClientEvents[E]>[0]

/** One socket the app opened through a `MockSocketServer`. */
export interface MockSocketConnection {
  token: string
  /** The app closed it (signed out, or a new token opened another). */
  closed: boolean
  /** What the app asked the server for (`['joinChatBox', 1]` …), oldest first. */
  emitted: unknown[][]
  /** The rooms it is in now: `notification`, `tickets:<status>`, `chatBox:<ticketId>`. */
  rooms: Set<string>
}

/**
 * An in-memory stand-in for the socket.io server, for stories and tests that need live events
 * without a server: its `factory` goes to `ApiProvider`'s `socketFactory`, and `emit` delivers a
 * server event to the sockets the app keeps open. The sockets start connected and never drop.
 * Like the server, it delivers `ticket` and `appMessage` events only to sockets that joined a
 * room they belong to (see `hears`); every other event reaches every open socket.
 */
export interface MockSocketServer {
  factory: (url: string | undefined, token: string) => DeskSocket
  /** Every socket the app opened, closed ones included. */
  opened: MockSocketConnection[]
  /** Delivers `event` to the listeners of every open socket, at once. */
  emit<E extends ServerEvent>(event: E, payload: ServerEventPayload<E>): void
  /** Whether the app listens to `event` on an open socket (so an event sent now is not lost). */
  listening(event: ServerEvent): boolean
  /** Closes every socket and drops its listeners: no later `emit` reaches the app. */
  close(): void
}

/** Servers with sockets that may still be open, for `closeMockSockets`. */
const live = new Set<MockSocketServer>()

/** Closes the sockets of every mock server made so far (between stories, so none leaks into the next). */
export function closeMockSockets() {
  for (const server of live) server.close()
  live.clear()
}

type Listener = (...args: unknown[]) => void

/** Applies a join or leave the app sent to the rooms a socket is in. */
const follow = (rooms: Set<string>, [name, arg]: unknown[]) => {
  const room =
    name === 'joinNotification'
      ? 'notification'
      : name === 'joinTickets' || name === 'leaveTickets'
        ? `tickets:${String(arg)}`
        : name === 'joinChatBox' || name === 'leaveChatBox'
          ? `chatBox:${Number(arg)}`
          : null
  if (!room) return
  if (String(name).startsWith('join')) rooms.add(room)
  else rooms.delete(room)
}

/**
 * Whether a socket in these rooms hears a ticket or message event, as the server decides it:
 * notifications get every ticket change and new messages; a status list the tickets in that
 * status (deletes and unread resets name no status, so every list hears them) and their new
 * messages; a conversation everything about its ticket.
 */
export const hears = (rooms: ReadonlySet<string>, event: ServerEvent, payload: unknown): boolean => {
  if (event !== 'ticket' && event !== 'appMessage') return true
  const p = payload as { action: string; ticketId?: number; ticket?: { id: number; status: string } }
  const ticketId = p.ticket?.id ?? p.ticketId
  if (rooms.has(`chatBox:${ticketId}`)) return true
  if (event === 'appMessage' && p.action !== 'create') return false
  if (rooms.has('notification')) return true
  if (!p.ticket) return [...rooms].some((r) => r.startsWith('tickets:'))
  return rooms.has(`tickets:${p.ticket.status}`)
}

export function createMockSocketServer(): MockSocketServer {
  const opened: MockSocketConnection[] = []
  const sockets: { connection: MockSocketConnection; listeners: Map<string, Set<Listener>> }[] = []
  const open = () => sockets.filter((s) => !s.connection.closed)

  const factory = (_url: string | undefined, token: string): DeskSocket => {
    const connection: MockSocketConnection = { token, closed: false, emitted: [], rooms: new Set() }
    const listeners = new Map<string, Set<Listener>>()
    opened.push(connection)
    sockets.push({ connection, listeners })
    // Only what the hooks use of a socket.io client socket.
    const socket = {
      active: true,
      connected: true,
      on(event: string, listener: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event)?.add(listener)
        return socket
      },
      off(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener)
        return socket
      },
      emit(...args: unknown[]) {
        connection.emitted.push(args)
        follow(connection.rooms, args)
        return socket
      },
      connect() {
        return socket
      },
      disconnect() {
        connection.closed = true
        socket.connected = false
        socket.active = false
        return socket
      },
    }
    return socket as unknown as DeskSocket
  }

  const server: MockSocketServer = {
    factory,
    opened,
    emit(event, payload) {
      for (const { connection, listeners } of open()) {
        if (!hears(connection.rooms, event, payload)) continue
        for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
      }
    },
    listening: (event) => open().some(({ listeners }) => (listeners.get(event)?.size ?? 0) > 0),
    close() {
      for (const { connection, listeners } of sockets) {
        connection.closed = true
        listeners.clear()
      }
      live.delete(server)
    },
  }
  live.add(server)
  return server
}
