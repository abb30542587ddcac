import type { WebChatConfigInput, WidgetSession } from '@desk/api-client'
import { SignJWT } from 'jose'
import { io as connectSocket, type Socket } from 'socket.io-client'
import type { Client, QueryValue, TestServer } from './server'

export const PARTNER = 'https://shop.example'

/** A web chat connection made through the API, with its secret as an admin reads it. */
export const createWebChat = async (admin: Client, webChat: Partial<WebChatConfigInput> = {}, fields = {}) => {
  const created = await admin.call('connectionCreate', {
    body: {
      name: 'Web chat',
      driver: 'webchat',
      webChat: {
        allowedOrigins: [PARTNER],
        verifiedOnly: false,
        offlineEmail: true,
        theme: { primaryColor: '#84cc16', mode: 'auto', position: 'right', launcherText: '', launcherIcon: 'chat' },
        ...webChat,
      },
      ...fields,
    },
  })
  if (created.status !== 200) throw new Error(`create web chat: ${created.status} ${JSON.stringify(created.body)}`)
  const secret = await admin.call('widgetSecretGet', { params: { id: created.body.id } })
  return { connection: created.body, id: created.body.id, secret: secret.body.secret }
}

/** A partner token as a partner's backend signs it (any claims, any lifetime: tests make bad ones too). */
export const partnerToken = async (
  secret: string,
  claims: Record<string, unknown>,
  { expiresIn = 600, alg = 'HS256' }: { expiresIn?: number | null; alg?: string } = {},
) => {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg }).setIssuedAt()
  if (expiresIn !== null) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
  return jwt.sign(new TextEncoder().encode(secret))
}

/** The unsigned token a forger sends (`alg: none`). */
export const unsignedToken = (claims: Record<string, unknown>) => {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url')
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`
}

let clientIds = 0
/** A client id as a frame makes them. */
export const newClientId = () => {
  clientIds += 1
  return `cid-${Date.now().toString(36)}-${clientIds}`
}

/** A widget frame's calls: its session in the bearer header. */
export const widgetClient = (t: TestServer, session: WidgetSession) => {
  const c = t.client()
  c.token = session.sessionToken
  return {
    session,
    client: c,
    messages: async (query: Record<string, QueryValue> = {}) => c.call('widgetMessages', { query }),
    send: async (body: string, clientId = newClientId()) => c.call('widgetSend', { body: { clientId, body } }),
    read: async (upTo: number) => c.call('widgetRead', { body: { upTo } }),
  }
}

/** Opens a widget session on a connection (a partner token, or anonymous with a visitor token). */
export const openSession = async (t: TestServer, connectionId: number, body: Record<string, unknown> = {}) =>
  t.client().call('widgetSession', { params: { connectionId }, body })

/** A frame's socket with its widget session; resolves once connected, rejects when refused. */
export const widgetSocket = (t: TestServer, sessionToken: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connectSocket(t.url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { widgetToken: sessionToken },
    })
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', (error) => {
      socket.close()
      reject(error)
    })
  })
