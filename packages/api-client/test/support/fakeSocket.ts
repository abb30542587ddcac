import type { DeskSocket } from '../../src/client'
import type { SocketFactory } from '../../src/hooks'

export interface FakeSocket {
  token: string
  closed: boolean
  connected: boolean
  /** What the app asked the server for (`['joinChatBox', 1]` …). */
  emitted: unknown[][]
  /** Delivers a server event to the app's listeners. */
  push(event: string, payload?: unknown): void
  /** The connection drops: nothing is delivered until `reconnect`. */
  cut(): void
  /** The connection comes back: `connect` fires again, as socket.io does. */
  reconnect(): void
}

/** A stand-in for socket.io: records what the app emits and lets the test push events, cut and reconnect. */
export function fakeSockets({ connected = true }: { connected?: boolean } = {}) {
  const opened: FakeSocket[] = []
  const factory: SocketFactory = (_url, token) => {
    const listeners = new Map<string, Set<(payload: unknown) => void>>()
    const fire = (event: string, payload?: unknown) => {
      for (const l of [...(listeners.get(event) ?? [])]) l(payload)
    }
    const entry: FakeSocket = {
      token,
      closed: false,
      connected,
      emitted: [],
      push: (event, payload) => {
        if (entry.connected) fire(event, payload)
      },
      cut() {
        entry.connected = false
        socket.connected = false
        fire('disconnect', 'transport close')
      },
      reconnect() {
        entry.connected = true
        socket.connected = true
        fire('connect')
      },
    }
    opened.push(entry)
    const socket = {
      active: true,
      connected,
      on(event: string, listener: (payload: unknown) => void) {
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event)!.add(listener)
        return socket
      },
      off(event: string, listener: (payload: unknown) => void) {
        listeners.get(event)?.delete(listener)
        return socket
      },
      emit(...args: unknown[]) {
        entry.emitted.push(args)
        return socket
      },
      disconnect() {
        entry.closed = true
        return socket
      },
    }
    return socket as unknown as DeskSocket
  }
  const live = () => opened.find((s) => !s.closed)!
  return { opened, factory, live }
}
