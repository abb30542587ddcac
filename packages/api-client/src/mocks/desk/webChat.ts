import { HttpResponse } from 'msw'
import type {
  ConnectionDetail,
  ErrorResponse,
  WebChatConfigPublic,
  WebChatConfigUpdate,
  WebChatConfig as WebChatConfigValue,
  WidgetSecretResponse,
} from '../../contract'
import type { MockDb } from '../db'
import { type DeskHandlerContext, fail, stamp } from '../support'

/** Where the server says partners point their script tag and plain iframes. */
export const webChatPaths = (id: number) => ({ loaderPath: '/embed.js', framePath: `/widget/${id}` })

/** The stored settings of a new web chat connection, as its answers show them. */
export const webChatOf = (id: number, config: WebChatConfigValue): WebChatConfigPublic => ({
  ...config,
  ...webChatPaths(id),
})

/** An update's fields over the stored settings (the theme field by field). */
export const mergeWebChat = (before: WebChatConfigPublic, change: WebChatConfigUpdate): WebChatConfigPublic => ({
  ...before,
  ...(change.allowedOrigins ? { allowedOrigins: change.allowedOrigins } : {}),
  ...(change.verifiedOnly !== undefined ? { verifiedOnly: Boolean(change.verifiedOnly) } : {}),
  ...(change.offlineEmail !== undefined ? { offlineEmail: Boolean(change.offlineEmail) } : {}),
  theme: { ...before.theme, ...change.theme },
})

/** A secret shaped like the server's (32 bytes, base64url) and the same on every run, for pictures. */
const secretOf = (id: number, version: number) =>
  btoa(String.fromCharCode(...Array.from({ length: 32 }, (_, i) => ((id * 37 + version * 101 + i * 53) * 7919) % 256)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/** The connection's secret, made on first use as the server makes it on create. */
const secretFor = (db: MockDb, id: number): WidgetSecretResponse => {
  let entry = db.widgetSecrets.get(id)
  if (!entry) {
    entry = { secret: secretOf(id, 0), rotatedAt: null }
    db.widgetSecrets.set(id, entry)
  }
  return entry
}

/** `GET|POST /widget/connections/:id/secret`: admins only, web chat connections only. */
export function webChatSecretHandlers(
  { db, route }: DeskHandlerContext,
  guard: (request: Request) => Promise<HttpResponse<ErrorResponse> | undefined>,
) {
  const webChatConnection = (id: unknown) =>
    db.connections.find((c) => c.id === Number(id) && c.driver === 'webchat') as ConnectionDetail | undefined
  return [
    route('widgetSecretGet', async ({ request, params }) => {
      const denied = await guard(request)
      if (denied) return denied
      const connection = webChatConnection(params.id)
      return connection ? HttpResponse.json(secretFor(db, connection.id)) : fail(404, 'ERR_NO_WAPP_FOUND')
    }),
    route('widgetSecretRotate', async ({ request, params }) => {
      const denied = await guard(request)
      if (denied) return denied
      const connection = webChatConnection(params.id)
      if (!connection) return fail(404, 'ERR_NO_WAPP_FOUND')
      const version = (db.widgetSecrets.get(connection.id) ? 1 : 0) + db.ticks + 1
      const entry = { secret: secretOf(connection.id, version), rotatedAt: stamp(db) }
      db.widgetSecrets.set(connection.id, entry)
      return HttpResponse.json(entry)
    }),
  ]
}
