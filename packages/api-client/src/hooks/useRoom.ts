import { useEffect, useRef } from 'react'
import type { DeskSocket } from '../client'

/** A room the server admits a socket to on request; `name` tells rooms apart on one socket. */
export interface RoomRequest {
  name: string
  join(socket: DeskSocket): void
  leave(socket: DeskSocket): void
}

/** The conversation of one ticket: its messages (new and changed) and the ticket's own changes. */
export const chatBoxRoom = (ticketId: number): RoomRequest => ({
  name: `chatBox:${ticketId}`,
  join: (s) => s.emit('joinChatBox', ticketId),
  leave: (s) => s.emit('leaveChatBox', ticketId),
})

/**
 * How many mounted hooks want each room on each socket: the app shares one socket, so a room is
 * left only when the last hook that wanted it goes.
 */
const holders = new WeakMap<DeskSocket, Map<string, number>>()

const hold = (socket: DeskSocket, name: string, delta: 1 | -1) => {
  const counts = holders.get(socket) ?? new Map<string, number>()
  holders.set(socket, counts)
  const next = (counts.get(name) ?? 0) + delta
  if (next > 0) counts.set(name, next)
  else counts.delete(name)
  return next
}

/**
 * Keeps a socket in a room while mounted: joins now when connected and again on every
 * (re)connect, since the server forgets a socket's rooms when it drops, and leaves when the
 * last hook holding the room unmounts. `onReconnect` runs after every connect this hook sees
 * (a reconnect, or the socket's first connect when it was not yet connected as the hook
 * mounted: the caller's first read may then have happened before the room was joined), so
 * the caller can fetch what it missed. `room` may be null when the
 * caller only needs the catch-up (`roomKey` then tells one subject from the next).
 */
export function useRoom(
  socket: DeskSocket | null,
  room: RoomRequest | null,
  roomKey: string,
  onReconnect?: () => void,
) {
  const roomRef = useRef(room)
  roomRef.current = room
  const reconnectRef = useRef(onReconnect)
  reconnectRef.current = onReconnect
  const name = room?.name ?? null

  // biome-ignore lint/correctness/useExhaustiveDependencies: roomKey and the room's name say when to join again.
  useEffect(() => {
    if (!socket) return
    const held = roomRef.current
    if (held) hold(socket, held.name, 1)
    if (socket.connected) held?.join(socket)
    const onConnect = () => {
      held?.join(socket)
      reconnectRef.current?.()
    }
    socket.on('connect', onConnect)
    return () => {
      socket.off('connect', onConnect)
      if (held && hold(socket, held.name, -1) === 0 && socket.connected) held.leave(socket)
    }
  }, [socket, roomKey, name])
}
