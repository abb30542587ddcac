import type {
  Connection,
  ConnectionCreateRequest,
  ConnectionDetail,
  ConnectionSession,
  ConnectionUpdateRequest,
} from '../../contract'
import type { Requester } from './types'

export interface ConnectionsApi {
  /** Every connection, default first. */
  list(): Promise<Connection[]>
  get(id: number): Promise<ConnectionDetail>
  /** Admin-only; the first connection becomes the default. */
  create(body: ConnectionCreateRequest): Promise<ConnectionDetail>
  update(id: number, body: ConnectionUpdateRequest): Promise<ConnectionDetail>
  /** Admin-only; the last default cannot go (`ERR_NO_OTHER_WHATSAPP`). */
  delete(id: number): Promise<void>
}

/** The session of a connection: `POST` starts it, `PUT` asks for a new QR, `DELETE` disconnects. */
export interface SessionsApi {
  start(id: number): Promise<ConnectionSession>
  newQr(id: number): Promise<ConnectionSession>
  disconnect(id: number): Promise<ConnectionSession>
}

export const connectionsApi = (request: Requester): ConnectionsApi => ({
  list: () => request('/whatsapp', { schema: 'ConnectionListResponse' }),
  get: (id) => request(`/whatsapp/${id}`, { schema: 'ConnectionResponse' }),
  create: (body) => request('/whatsapp', { method: 'POST', body, schema: 'ConnectionResponse' }),
  update: (id, body) => request(`/whatsapp/${id}`, { method: 'PUT', body, schema: 'ConnectionResponse' }),
  delete: async (id) => {
    await request(`/whatsapp/${id}`, { method: 'DELETE' })
  },
})

export const sessionsApi = (request: Requester): SessionsApi => ({
  start: (id) => request(`/whatsappsession/${id}`, { method: 'POST', schema: 'ConnectionSessionResponse' }),
  newQr: (id) => request(`/whatsappsession/${id}`, { method: 'PUT', schema: 'ConnectionSessionResponse' }),
  disconnect: (id) => request(`/whatsappsession/${id}`, { method: 'DELETE', schema: 'ConnectionSessionResponse' }),
})
