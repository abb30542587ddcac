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
}

/**
 * An in-memory stand-in for the socket.io server, for stories and tests that need live events
 * without a server: its `factory` goes to `ApiProvider`'s `socketFactory`, and `emit` delivers a
 * server event to the sockets the app keeps open. The sockets start connected and never drop.
 */
export interface MockSocketServer {
  factory: (url: string | undefined, token: string) => DeskSocket
  /** Every socket the app opened, closed ones included. */
  opened: MockSocketConnection[]
  /** Delivers `event` to the listeners of every open socket, at once. */
  emit<E extends ServerEvent>(event: E, payload: ServerEventPayload<E>): void
  /** Whether the app listens to `event` on an open socket (so an event sent now is not lost). */
  listening(event: ServerEvent): boolean
}

type Listener = (...args: unknown[]) => void

export function createMockSocketServer(): MockSocketServer {
  const opened: MockSocketConnection[] = []
  const sockets: { connection: MockSocketConnection; listeners: Map<string, Set<Listener>> }[] = []
  const open = () => sockets.filter((s) => !s.connection.closed)

  const factory = (_url: string | undefined, token: string): DeskSocket => {
    const connection: MockSocketConnection = { token, closed: false, emitted: [] }
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

  return {
    factory,
    opened,
    emit(event, payload) {
      for (const { listeners } of open()) {
        for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
      }
    },
    listening: (event) => open().some(({ listeners }) => (listeners.get(event)?.size ?? 0) > 0),
  }
}
