import { useEffect, useRef } from 'react'
import type { DeskSocket } from '../client'

/** How many times each live socket has connected; more than once means it came back after a cut. */
const connects = new WeakMap<DeskSocket, number>()

/** Counts a socket's connections; registered by the provider before any room hook listens. */
export const countConnects = (socket: DeskSocket) => {
  connects.set(socket, socket.connected ? 1 : 0)
  socket.on('connect', () => connects.set(socket, (connects.get(socket) ?? 0) + 1))
}

/**
 * Keeps a socket in a room while mounted: joins now when connected and again on every
 * (re)connect, since the server forgets a socket's rooms when it drops. After a reconnect
 * (not the first connect) `onReconnect` runs, so the caller can fetch what it missed.
 */
export function useRoom(
  socket: DeskSocket | null,
  join: ((socket: DeskSocket) => void) | null,
  roomKey: string,
  onReconnect?: () => void,
) {
  const joinRef = useRef(join)
  joinRef.current = join
  const reconnectRef = useRef(onReconnect)
  reconnectRef.current = onReconnect

  // biome-ignore lint/correctness/useExhaustiveDependencies: roomKey names the room, so a new room joins again.
  useEffect(() => {
    if (!socket) return
    if (socket.connected) joinRef.current?.(socket)
    const onConnect = () => {
      joinRef.current?.(socket)
      if ((connects.get(socket) ?? 1) > 1) reconnectRef.current?.()
    }
    socket.on('connect', onConnect)
    return () => {
      socket.off('connect', onConnect)
    }
  }, [socket, roomKey])
}
