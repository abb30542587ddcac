import { HttpResponse } from 'msw'
import {
  type CloudApiConfigPublic,
  type Connection,
  type ConnectionDetail,
  type ConnectionSession,
  type QueueRef,
  type TelephonyConfigData,
  type TelephonyConfigPublic,
  TelephonyTestRequest,
} from '../../contract'
import { answerOf, callerOf, type DeskHandlerContext, fail, isAdmin, noContent, parseBody, stamp } from '../support'
import { mergeWebChat, webChatOf, webChatSecretHandlers } from './webChat'

const sessionOf = ({ id, status, qrcode, retries, updatedAt }: Connection): ConnectionSession => ({
  id,
  status,
  qrcode,
  retries,
  updatedAt,
})

/** `/whatsapp` CRUD (admin-only writes) and `/whatsappsession/:id` start, new QR and disconnect. */
/** As the server: with more than one queue the greeting carries the numbered menu, so it is required. */
const needsGreeting = (queueIds: number[], greeting: string | null | undefined) =>
  new Set(queueIds).size > 1 && !greeting?.trim()

/** What the server answers about a telephony connection's settings: never the Auth Token, only its end. */
export const telephonyOf = (id: number, config: TelephonyConfigData): TelephonyConfigPublic => ({
  provider: config.provider,
  fromNumber: config.fromNumber ?? null,
  accountSid: config.accountSid ?? null,
  messagingServiceSid: config.messagingServiceSid ?? null,
  authTokenHint: config.authToken ? config.authToken.slice(-4) : null,
  inboundPath: `/webhooks/telephony/${id}/sms`,
  mms: config.fromNumber?.startsWith('+1') ?? false,
})

/** What the server answers about a Cloud API connection's settings: which secrets are stored, never them. */
export const cloudApiOf = (
  id: number,
  config: { phoneNumberId?: string; businessAccountId?: string; accessToken?: string },
  before?: CloudApiConfigPublic | null,
): CloudApiConfigPublic => ({
  phoneNumberId: config.phoneNumberId ?? before?.phoneNumberId ?? null,
  businessAccountId:
    config.businessAccountId !== undefined ? config.businessAccountId : (before?.businessAccountId ?? null),
  hasAccessToken: true,
  hasVerifyToken: true,
  hasAppSecret: true,
  webhookPath: `/webhooks/whatsapp/${id}`,
})

/** The mocks' Twilio: an Auth Token ending in `bad` is refused (code 20003), as a wrong one is. */
const MOCK_BAD_TOKEN = /bad$/

export function connectionHandlers(desk: DeskHandlerContext) {
  const { db, route, wait } = desk
  const guard = async (request: Request, adminOnly: boolean) => {
    await wait()
    const me = callerOf(db, request)
    if (me.response) return me.response
    return adminOnly && !isAdmin(me.user) ? fail(403, 'ERR_NO_PERMISSION') : undefined
  }
  const queueRefs = (ids: number[]): QueueRef[] =>
    db.queues.filter((q) => ids.includes(q.id)).map(({ id, name, color }) => ({ id, name, color }))
  const find = (id: unknown) => db.connections.findIndex((c) => c.id === Number(id))
  const setDefault = (id: number) => {
    db.connections = db.connections.map((c) => ({ ...c, isDefault: c.id === id }))
  }
  const session = (id: unknown, change: Partial<Connection>) => {
    const index = find(id)
    if (index < 0) return fail(404, 'ERR_NO_WAPP_FOUND')
    db.connections[index] = { ...db.connections[index], ...change, updatedAt: stamp(db) }
    return answerOf('sessionStart', sessionOf(db.connections[index]))
  }
  let qr = 0

  return [
    route(
      'connectionList',
      async ({ request }) =>
        (await guard(request, false)) ??
        HttpResponse.json([...db.connections].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.id - b.id)),
    ),
    route('connectionGet', async ({ request, params }) => {
      const denied = await guard(request, false)
      const index = find(params.id)
      return denied ?? (index < 0 ? fail(404, 'ERR_NO_WAPP_FOUND') : HttpResponse.json(db.connections[index]))
    }),
    route('connectionCreate', async ({ request, body }) => {
      const denied = await guard(request, true)
      if (denied) return denied
      const { data, response } = await body()
      if (response) return response
      if (needsGreeting(data.queueIds ?? [], data.greetingMessage)) return fail(400, 'ERR_WAPP_GREETING_REQUIRED')
      const id = db.nextId++
      const connection: ConnectionDetail = {
        id,
        name: data.name,
        // A web chat has no session to open: it answers at once.
        status: data.driver === 'webchat' || data.driver === 'telephony' ? 'CONNECTED' : 'OPENING',
        qrcode: null,
        retries: 0,
        isDefault: data.isDefault || db.connections.length === 0,
        greetingMessage: data.greetingMessage ?? null,
        farewellMessage: data.farewellMessage ?? null,
        driver: data.driver,
        queues: queueRefs(data.queueIds),
        webChat: data.webChat ? webChatOf(id, data.webChat) : null,
        telephony: data.telephony ? telephonyOf(id, data.telephony) : null,
        cloudApi: data.cloudApi ? cloudApiOf(id, data.cloudApi) : null,
        createdAt: stamp(db),
        updatedAt: stamp(db),
      }
      db.connections.push(connection)
      if (connection.isDefault) setDefault(connection.id)
      return HttpResponse.json(connection)
    }),
    route('connectionUpdate', async ({ request, params, body }) => {
      const denied = await guard(request, true)
      if (denied) return denied
      const index = find(params.id)
      if (index < 0) return fail(404, 'ERR_NO_WAPP_FOUND')
      const { data, response } = await body()
      if (response) return response
      const { queueIds, cloudApi, webChat, ...rest } = data
      const before: ConnectionDetail = db.connections[index]
      if (rest.isDefault === false && before.isDefault) return fail(400, 'ERR_NO_OTHER_WHATSAPP')
      const greeting = rest.greetingMessage !== undefined ? rest.greetingMessage : before.greetingMessage
      if (needsGreeting(queueIds ?? before.queues.map((q) => q.id), greeting)) {
        return fail(400, 'ERR_WAPP_GREETING_REQUIRED')
      }
      const fields = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined))
      db.connections[index] = {
        ...before,
        ...fields,
        ...(queueIds ? { queues: queueRefs(queueIds) } : {}),
        ...(webChat && before.webChat ? { webChat: mergeWebChat(before.webChat, webChat) } : {}),
        ...(cloudApi && before.cloudApi ? { cloudApi: cloudApiOf(before.id, cloudApi, before.cloudApi) } : {}),
        updatedAt: stamp(db),
      }
      if (rest.isDefault) setDefault(before.id)
      return HttpResponse.json(db.connections[find(params.id)])
    }),
    route('connectionDelete', async ({ request, params }) => {
      const denied = await guard(request, true)
      if (denied) return denied
      const index = find(params.id)
      if (index < 0) return fail(404, 'ERR_NO_WAPP_FOUND')
      const target = db.connections[index]
      if (target.isDefault && db.connections.length > 1) return fail(400, 'ERR_NO_OTHER_WHATSAPP')
      db.connections = db.connections.filter((c) => c !== target)
      return noContent()
    }),
    route(
      'sessionStart',
      async ({ request, params }) =>
        (await guard(request, true)) ??
        session(params.id, { status: 'qrcode', qrcode: `desk-pairing-code-${++qr}`, retries: 0 }),
    ),
    route(
      'sessionNewQr',
      async ({ request, params }) =>
        (await guard(request, true)) ?? session(params.id, { status: 'qrcode', qrcode: `desk-pairing-code-${++qr}` }),
    ),
    route(
      'sessionDisconnect',
      async ({ request, params }) =>
        (await guard(request, true)) ?? session(params.id, { status: 'DISCONNECTED', qrcode: null }),
    ),
    route('telephonyTest', async ({ request }) => {
      const denied = await guard(request, true)
      if (denied) return denied
      const { data, response } = await parseBody(request, TelephonyTestRequest)
      if (response) return response
      const stored = (db.connections.find((c) => c.id === data.connectionId) as ConnectionDetail | undefined)?.telephony
      const provider = data.provider ?? stored?.provider ?? 'twilio'
      const hasToken = Boolean(data.authToken ?? stored?.authTokenHint)
      const ok =
        provider === 'simulator' ||
        (Boolean(data.accountSid ?? stored?.accountSid) && hasToken && !MOCK_BAD_TOKEN.test(data.authToken ?? ''))
      return HttpResponse.json(
        ok
          ? { ok, accountName: provider === 'simulator' ? 'Simulator' : 'LimeDesk', failure: null, providerCode: null }
          : { ok, accountName: null, failure: 'credentials', providerCode: '20003' },
      )
    }),
    ...webChatSecretHandlers(desk, (request) => guard(request, true)),
  ]
}
