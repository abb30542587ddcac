import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client'
import type { ClientToServerEvents, ServerToClientEvents, SocketAuth } from '../contract'

export type DeskSocket = Socket<ServerToClientEvents, ClientToServerEvents>
export type SocketFactoryOptions = Partial<ManagerOptions & SocketOptions>

/**
 * A typed socket.io connection authenticated with the access token on the handshake.
 * `url` is the server origin; `undefined` means the page's own origin.
 */
export function createSocket(url: string | undefined, token: string, options: SocketFactoryOptions = {}): DeskSocket {
  const auth: SocketAuth = { token }
  const opts: SocketFactoryOptions = { path: '/socket.io', auth, withCredentials: true, ...options }
  return url ? io(url, opts) : io(opts)
}

/** The socket origin that goes with an API base URL: its origin when absolute, the page's own otherwise. */
export const socketUrlFor = (baseUrl: string): string | undefined =>
  /^https?:\/\//i.test(baseUrl) ? new URL(baseUrl).origin : undefined
