import { type Requester, type RouteBody, routeCaller } from './types'

/** Connections (`/whatsapp`), and the web chat's signing secret. */
export const connectionsApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    /** Every connection, default first. */
    list: () => call('connectionList'),
    get: (id: number) => call('connectionGet', { params: { id } }),
    /** Admin-only; the first connection becomes the default. */
    create: (body: RouteBody<'connectionCreate'>) => call('connectionCreate', { body }),
    update: (id: number, body: RouteBody<'connectionUpdate'>) => call('connectionUpdate', { params: { id }, body }),
    /** Admin-only; the last default cannot go (`ERR_NO_OTHER_WHATSAPP`). */
    delete: async (id: number): Promise<void> => {
      await call('connectionDelete', { params: { id } })
    },
    /** Admin-only: the signing secret of a web chat connection's partner tokens. */
    widgetSecret: (id: number) => call('widgetSecretGet', { params: { id } }),
    /** Admin-only: a new secret; tokens signed with the old one stop working. */
    rotateWidgetSecret: (id: number) => call('widgetSecretRotate', { params: { id } }),
    /** Admin-only: checks a telephony provider's credentials with one read-only call at the provider. */
    testTelephony: (body: RouteBody<'telephonyTest'>) => call('telephonyTest', { body }),
  }
}
export type ConnectionsApi = ReturnType<typeof connectionsApi>

/** The session of a connection: `POST` starts it, `PUT` asks for a new QR, `DELETE` disconnects. */
export const sessionsApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    start: (id: number) => call('sessionStart', { params: { id } }),
    newQr: (id: number) => call('sessionNewQr', { params: { id } }),
    disconnect: (id: number) => call('sessionDisconnect', { params: { id } }),
  }
}
export type SessionsApi = ReturnType<typeof sessionsApi>
