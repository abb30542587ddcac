import type {
  Connection,
  ConnectionCreateRequest,
  ConnectionDetail,
  ConnectionSession,
  ConnectionUpdateRequest,
  TelephonyTestRequest,
  TelephonyTestResponse,
  WidgetSecretResponse,
} from '../../contract'
import { type Requester, routeCaller } from './types'

export interface ConnectionsApi {
  /** Every connection, default first. */
  list(): Promise<Connection[]>
  get(id: number): Promise<ConnectionDetail>
  /** Admin-only; the first connection becomes the default. */
  create(body: ConnectionCreateRequest): Promise<ConnectionDetail>
  update(id: number, body: ConnectionUpdateRequest): Promise<ConnectionDetail>
  /** Admin-only; the last default cannot go (`ERR_NO_OTHER_WHATSAPP`). */
  delete(id: number): Promise<void>
  /** Admin-only: the signing secret of a web chat connection's partner tokens. */
  widgetSecret(id: number): Promise<WidgetSecretResponse>
  /** Admin-only: a new secret; tokens signed with the old one stop working. */
  rotateWidgetSecret(id: number): Promise<WidgetSecretResponse>
  /** Admin-only: checks a telephony provider's credentials with one read-only call at the provider. */
  testTelephony(body: TelephonyTestRequest): Promise<TelephonyTestResponse>
}

/** The session of a connection: `POST` starts it, `PUT` asks for a new QR, `DELETE` disconnects. */
export interface SessionsApi {
  start(id: number): Promise<ConnectionSession>
  newQr(id: number): Promise<ConnectionSession>
  disconnect(id: number): Promise<ConnectionSession>
}

export const connectionsApi = (request: Requester): ConnectionsApi => {
  const call = routeCaller(request)
  return {
    list: () => call('connectionList'),
    get: (id) => call('connectionGet', { params: { id } }),
    create: (body) => call('connectionCreate', { body }),
    update: (id, body) => call('connectionUpdate', { params: { id }, body }),
    delete: async (id) => {
      await call('connectionDelete', { params: { id } })
    },
    widgetSecret: (id) => call('widgetSecretGet', { params: { id } }),
    rotateWidgetSecret: (id) => call('widgetSecretRotate', { params: { id } }),
    testTelephony: (body) => call('telephonyTest', { body }),
  }
}

export const sessionsApi = (request: Requester): SessionsApi => {
  const call = routeCaller(request)
  return {
    start: (id) => call('sessionStart', { params: { id } }),
    newQr: (id) => call('sessionNewQr', { params: { id } }),
    disconnect: (id) => call('sessionDisconnect', { params: { id } }),
  }
}
