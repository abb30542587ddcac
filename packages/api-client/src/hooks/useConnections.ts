import { useEffect, useMemo } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import type { ApiError } from '../client'
import type {
  Connection,
  ConnectionCreateRequest,
  ConnectionSession,
  ConnectionUpdateRequest,
  TelephonyConfigPublic,
  TelephonyTestRequest,
  WhatsappEvent,
} from '../contract'
import { ATTENTION_STATUSES } from '../contract/constants'
import { useApiContext } from './context'

/** SWR key of the connections list. */
export const connectionsKey = 'connections'

/**
 * Applies a `whatsapp` event (or one's own create/update/delete) to the list: replaced in place,
 * added at the end, or removed. A connection that becomes the default takes the mark from the others.
 */
export function applyConnectionEvent(list: Connection[] | undefined, event: WhatsappEvent): Connection[] | undefined {
  if (!list) return list
  if (event.action === 'delete') return list.filter((c) => c.id !== event.whatsappId)
  const next = event.whatsapp
  const others = next.isDefault
    ? list.map((c) => (c.isDefault && c.id !== next.id ? { ...c, isDefault: false } : c))
    : list
  return others.some((c) => c.id === next.id) ? others.map((c) => (c.id === next.id ? next : c)) : [...others, next]
}

/** Applies a `whatsappSession` event: the status, QR code, retries and last update of one connection. */
export function applySessionEvent(
  list: Connection[] | undefined,
  session: ConnectionSession,
): Connection[] | undefined {
  if (!list?.some((c) => c.id === session.id)) return list
  return list.map((c) =>
    c.id === session.id
      ? { ...c, status: session.status, qrcode: session.qrcode, retries: session.retries, updatedAt: session.updatedAt }
      : c,
  )
}

/** Whether the Connections menu should ask for attention: a code to scan, a pairing, a lost or opening session. */
export const connectionsNeedAttention = (list: readonly Connection[] | undefined) =>
  Boolean(list?.some((c) => ATTENTION_STATUSES.includes(c.status)))

const quiet = { revalidate: false } as const

/**
 * Every connection (default first), kept live: `whatsapp` and `whatsappSession` events from the
 * socket update the list in place, and it is fetched again after a reconnect.
 */
export function useConnections({ enabled = true }: { enabled?: boolean } = {}) {
  const { client, socket } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<Connection[], ApiError>(enabled ? connectionsKey : null, () =>
    client.connections.list(),
  )
  useEffect(() => {
    if (!socket || !enabled) return
    const onConnection = (event: WhatsappEvent) => void mutate((list) => applyConnectionEvent(list, event), quiet)
    const onSession = (event: { session: ConnectionSession }) =>
      void mutate((list) => applySessionEvent(list, event.session), quiet)
    // Events missed while the socket was down are fetched instead (socket.io fires `connect` again).
    const onReconnect = () => void mutate()
    socket.on('whatsapp', onConnection)
    socket.on('whatsappSession', onSession)
    socket.on('connect', onReconnect)
    return () => {
      socket.off('whatsapp', onConnection)
      socket.off('whatsappSession', onSession)
      socket.off('connect', onReconnect)
    }
  }, [socket, enabled, mutate])
  return { connections: data, error, isLoading, reload: () => mutate() }
}

/** Create, update and delete connections and drive their sessions; the list follows each answer at once. */
export function useConnectionMutations() {
  const { client } = useApiContext()
  const { mutate } = useSWRConfig()
  return useMemo(() => {
    const apply = (event: WhatsappEvent) =>
      mutate<Connection[]>(connectionsKey, (list) => applyConnectionEvent(list, event), quiet)
    const session = async (call: Promise<ConnectionSession>) => {
      const next = await call
      await mutate<Connection[]>(connectionsKey, (list) => applySessionEvent(list, next), quiet)
      return next
    }
    return {
      async createConnection(body: ConnectionCreateRequest) {
        const whatsapp = await client.connections.create(body)
        await apply({ action: 'create', whatsapp })
        return whatsapp
      },
      async updateConnection(id: number, body: ConnectionUpdateRequest) {
        const whatsapp = await client.connections.update(id, body)
        await apply({ action: 'update', whatsapp })
        return whatsapp
      },
      async deleteConnection(id: number) {
        await client.connections.delete(id)
        await apply({ action: 'delete', whatsappId: id })
      },
      /** Admins: check a telephony provider's credentials (one read-only call); nothing is saved. */
      testTelephony: (body: TelephonyTestRequest) => client.connections.testTelephony(body),
      /** Start the session, or try again after it dropped. */
      startSession: (id: number) => session(client.sessions.start(id)),
      newQr: (id: number) => session(client.sessions.newQr(id)),
      disconnect: (id: number) => session(client.sessions.disconnect(id)),
    }
  }, [client, mutate])
}

/** A telephony connection the SMS and voice pages send from: `from` is its number or Messaging Service SID. */
export interface TelephonySenderConnection {
  id: number
  name: string
  status: Connection['status']
  from: string
  telephony: TelephonyConfigPublic
}

/**
 * The telephony connections, with the sender each one sends from (read from its settings: the list
 * does not carry them). Follows the connections list live; the settings are read again when it changes.
 */
export function useTelephonySenders() {
  const { client } = useApiContext()
  const { connections, error: listError, isLoading: listLoading, reload } = useConnections()
  const telephony = useMemo(() => (connections ?? []).filter((c) => c.driver === 'telephony'), [connections])
  const ids = telephony.map((c) => c.id)
  // One entry a connection, in the list's order (null when the answer carries no settings).
  const { data, error, isLoading } = useSWR<(TelephonyConfigPublic | null)[], ApiError>(
    connections ? ['telephonySenders', ...ids] : null,
    () => Promise.all(ids.map(async (id) => (await client.connections.get(id)).telephony ?? null)),
  )
  const senders = useMemo<TelephonySenderConnection[] | undefined>(() => {
    if (!data) return undefined
    return telephony.flatMap((c, index) => {
      const settings = data[index]
      const from = settings?.fromNumber ?? settings?.messagingServiceSid
      return settings && from ? [{ id: c.id, name: c.name, status: c.status, from, telephony: settings }] : []
    })
  }, [data, telephony])
  return { senders, error: listError ?? error, isLoading: listLoading || isLoading, reload }
}
