import { useEffect, useRef, useState } from 'react'
import type { ApiClient, DeskSocket } from '../client'

const absolute = /^https?:\/\//i
/** Pause before reconnecting a socket the server closed. */
const SERVER_CLOSE_RETRY_MS = 1000

/**
 * Opens one socket per access token and closes it when the token changes or goes away.
 * socket.io-client is loaded on demand, so signed-out pages never download it.
 */
export type SocketFactory = (url: string | undefined, token: string) => DeskSocket

export function useLiveSocket(
  client: ApiClient,
  token: string | null,
  socketUrl?: string,
  factory?: SocketFactory,
): DeskSocket | null {
  const [socket, setSocket] = useState<DeskSocket | null>(null)
  // A handshake refused for a token gets one refresh; a refused fresh token is left alone.
  const refreshedFor = useRef<string | null>(null)
  const url = socketUrl ?? (absolute.test(client.baseUrl) ? new URL(client.baseUrl).origin : undefined)

  useEffect(() => {
    if (!token) return
    let disposed = false
    let current: DeskSocket | null = null
    const load = factory ? Promise.resolve(factory) : import('../client/socket').then((m) => m.createSocket)
    load.then((createSocket) => {
      if (disposed) return
      const s = createSocket(url, token)
      current = s
      // Notifications carry every ticket change and new message this user may see: the lists,
      // the badge and the dashboard follow them. Asked again on every connect (rooms do not
      // survive a reconnect), and at once for a socket that is already connected.
      s.on('connect', () => s.emit('joinNotification'))
      if (s.connected) s.emit('joinNotification')
      // socket.io does not retry after the server closed the connection: ask again once, after a pause;
      // a refused handshake then goes through the refresh above like any other.
      let retry: ReturnType<typeof setTimeout> | undefined
      s.on('disconnect', (reason) => {
        if (reason !== 'io server disconnect' || disposed) return
        clearTimeout(retry)
        retry = setTimeout(() => !disposed && s.connect(), SERVER_CLOSE_RETRY_MS)
      })
      s.on('connect_error', () => {
        if (s.active || refreshedFor.current === token) return
        refreshedFor.current = token
        client.auth.refresh().catch(() => undefined)
      })
      setSocket(s)
    })
    return () => {
      disposed = true
      current?.disconnect()
      setSocket(null)
    }
  }, [client, token, url, factory])

  return socket
}
