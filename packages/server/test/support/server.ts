import {
  type EndpointName,
  type EndpointParams,
  type ErrorResponse,
  endpoints,
  pathOf,
  type User,
} from '@desk/api-client'
import type { RouteAnswer } from '@desk/api-client/client'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { createServer, type DeskServer, type ServerConfig } from '../../src/index'
import { REFRESH_COOKIE_PATH } from '../../src/modules/auth/service'
import { createStorage, type DriverName, type TestStorage } from './drivers'
import { connectionRow, queueRow, userRow } from './rows'

export interface Answer<T = unknown> {
  status: number
  body: T
  headers: Headers
}

/**
 * What a route of the table answers, read as a test reads it: the route's JSON answer, or the text of a route
 * without one (a file, `ok`/`off`, the empty body of a 204), with the error fields a refusal carries instead.
 */
export type CallAnswer<N extends EndpointName> = ([RouteAnswer<N>] extends [undefined] ? string : RouteAnswer<N>) &
  Partial<ErrorResponse>

export type QueryValue = string | number | boolean | readonly unknown[] | null | undefined

export interface RequestOptions {
  body?: unknown
  /** The body as written, sent as is (`content-type` JSON unless `headers` say otherwise). */
  raw?: string
  headers?: Record<string, string>
  /** The bearer token; `null` calls without one. Defaults to the client's session. */
  token?: string | null
}

export type CallOptions<N extends EndpointName> = RequestOptions & {
  params?: EndpointParams<N>
  /** The query string, built as the app's client builds it: arrays as JSON, `null`/`undefined` left out. */
  query?: Record<string, QueryValue>
}

/** The query string of `query` (with its `?`), empty when nothing is left. */
export const queryString = (query: Record<string, QueryValue> | undefined) => {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue
    params.set(key, Array.isArray(value) ? JSON.stringify(value) : String(value))
  }
  const text = params.toString()
  return text ? `?${text}` : ''
}

/**
 * The address of a route of the table below the server (`/api/…`, with its query), for what is fetched
 * without a `Client`: media addresses, headers of a page, a `fetch` with options of its own.
 */
export const apiPath = <N extends EndpointName>(
  name: N,
  ...[params, query]: keyof EndpointParams<N> extends never
    ? [params?: EndpointParams<N>, query?: Record<string, QueryValue>]
    : [params: EndpointParams<N>, query?: Record<string, QueryValue>]
) => `/api${(pathOf as (n: EndpointName, p?: object) => string)(name, params)}${queryString(query)}`

/** A path below `/api` that is no route of the table: what the server answers for an address it does not serve. */
export const NOT_A_ROUTE = '/api/no-such-route'

/** A caller of the API that keeps its own refresh cookie, as a browser would. */
export class Client {
  refreshCookie: string | undefined
  token: string | undefined
  lastSetCookie: string | undefined

  constructor(readonly baseUrl: string) {}

  /**
   * Calls a route of the table by name: method and path come from `endpoints`, `params` fill the path's
   * placeholders (each value URI-encoded). The answer is typed by the route; a test that knows more (a bulk
   * send that makes a job rather than one send) names the type as the second type argument.
   */
  call<N extends EndpointName, T = CallAnswer<N>>(
    name: N,
    ...[options]: keyof EndpointParams<N> extends never
      ? [options?: CallOptions<N>]
      : [options: CallOptions<N> & { params: EndpointParams<N> }]
  ): Promise<Answer<T>> {
    const { params, query, ...rest } = (options ?? {}) as CallOptions<N>
    const path = (apiPath as (n: EndpointName, p?: object, q?: object) => string)(name, params, query)
    return this.request<T>(endpoints[name].method, path, rest)
  }

  /** A raw call, for what the table cannot say: the seed's replayed calls, malformed paths, files outside the API. */
  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...options.headers }
    const token = options.token === undefined ? this.token : options.token
    if (token) headers.authorization = `Bearer ${token}`
    // As a browser does: the cookie goes only to the paths below the one it was set for.
    if (this.refreshCookie && path.startsWith(REFRESH_COOKIE_PATH)) headers.cookie = `jrt=${this.refreshCookie}`
    let body: string | undefined
    if (options.raw !== undefined) {
      body = options.raw
      headers['content-type'] ??= 'application/json'
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body)
      headers['content-type'] = 'application/json'
    }
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body })
    for (const cookie of res.headers.getSetCookie()) {
      const match = cookie.match(/^jrt=([^;]*)/)
      if (!match) continue
      this.lastSetCookie = cookie
      this.refreshCookie = match[1] && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie) ? match[1] : undefined
    }
    const text = await res.text()
    const parsed = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
    return { status: res.status, body: parsed as T, headers: res.headers }
  }

  get = <T = unknown>(path: string, token?: string | null) => this.request<T>('GET', path, { token })
  post = <T = unknown>(path: string, body?: unknown) => this.request<T>('POST', path, { body })
  put = <T = unknown>(path: string, body?: unknown) => this.request<T>('PUT', path, { body })
  del = <T = unknown>(path: string) => this.request<T>('DELETE', path)

  async login(email: string, password: string) {
    const res = await this.call('login', { body: { email, password } })
    if (res.status === 200) this.token = res.body.token
    return res
  }

  async refresh() {
    const res = await this.call('refreshToken')
    if (res.status === 200) this.token = res.body.token
    return res
  }
}

export interface TestServer {
  server: DeskServer
  url: string
  storage: TestStorage
  client(): Client
  /** Signs in an existing account through the API; returns a client holding the session. */
  signIn(email: string, password?: string): Promise<Client>
  /** A client holding a fresh session for a user, without a password check (fixtures only). */
  sessionFor(userId: number): Promise<Client>
  /** Creates a user through the admin client and returns a client holding a session as them. */
  addUser(
    admin: Client,
    name: string,
    email: string,
    profile?: 'admin' | 'user',
  ): Promise<{ client: Client; user: User }>
  socket(token: string | undefined, via?: 'auth' | 'query'): Promise<Socket>
  close(): Promise<void>
}

export const PASSWORD = 'secret-pass'

/**
 * A server on fresh storage, listening on a free port. `prepare` runs after the server is built
 * and before it loads its routes (e.g. to add an `onRoute` hook that lists every route).
 */
export const startTestServer = async (
  driver: DriverName,
  config: Partial<ServerConfig> = {},
  prepare?: (server: DeskServer) => void,
): Promise<TestServer> => {
  const storage = await createStorage(driver, { migrated: true })
  let server: DeskServer | undefined
  let url: string
  try {
    server = createServer({
      dataDir: storage.dataDir,
      databaseUrl: storage.databaseUrl,
      port: 0,
      host: '127.0.0.1',
      // Fixtures send far faster than a person; the send limit has its own tests (platform/edges.test.ts).
      sendRateLimit: { max: 0, burstMax: 0 },
      ...config,
    })
    prepare?.(server)
    ;({ url } = await server.listen())
  } catch (error) {
    await server?.close().catch(() => {})
    await storage.cleanup()
    throw error
  }
  const started = server
  const sockets: Socket[] = []
  const client = () => new Client(url)
  const sessionFor = async (userId: number) => {
    const user = await started.services.users.get(userId)
    const session = await started.services.auth.startSession(user)
    const c = client()
    c.token = session.token
    c.refreshCookie = session.refreshToken
    return c
  }
  return {
    server: started,
    url,
    storage,
    client,
    async signIn(email, password = PASSWORD) {
      const c = client()
      const res = await c.login(email, password)
      if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${JSON.stringify(res.body)}`)
      return c
    },
    sessionFor,
    async addUser(admin, name, email, profile = 'user') {
      const res = await admin.call('userCreate', { body: { name, email, password: PASSWORD, profile } })
      if (res.status !== 200) throw new Error(`create ${email} failed: ${res.status} ${JSON.stringify(res.body)}`)
      return { client: await sessionFor(res.body.id), user: res.body }
    },
    socket(token, via = 'auth') {
      const socket = connectSocket(url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(via === 'auth' ? { auth: token ? { token } : {} } : { query: token ? { token } : {} }),
      })
      sockets.push(socket)
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket))
        socket.once('connect_error', (error) => reject(error))
      })
    },
    async close() {
      for (const s of sockets) s.disconnect()
      await started.close()
      await storage.cleanup()
    },
  }
}

/** Signs up the first account (the admin) and returns its signed-in client. */
/**
 * Another server process on a test server's storage (a second machine behind the load balancer), listening on a
 * free port; its caller closes it.
 */
export const startSecondServer = async (t: TestServer, config: Partial<ServerConfig> = {}) => {
  const server = createServer({
    autoCloseHours: 0,
    dataDir: t.storage.dataDir,
    databaseUrl: t.storage.databaseUrl,
    port: 0,
    host: '127.0.0.1',
    ...config,
  })
  const { url } = await server.listen()
  return { server, url }
}

export const bootstrapAdmin = async (t: TestServer, email = 'admin@desk.test') => {
  const res = await t.client().call('signup', { body: { name: 'Admin', email, password: PASSWORD } })
  if (res.status !== 200) throw new Error(`signup failed: ${res.status} ${JSON.stringify(res.body)}`)
  return t.sessionFor(res.body.id)
}

let passwordHash: Promise<string> | undefined
/** Inserts users straight into the database (one bcrypt hash for all): fixtures without the API. */
export const seedUsers = async (
  t: TestServer,
  users: Array<{ name: string; email: string; profile?: 'admin' | 'user' }>,
): Promise<number[]> => {
  const { hashPassword } = await import('../../src/modules/auth/service')
  passwordHash ??= hashPassword(PASSWORD)
  const hash = await passwordHash
  const now = new Date().toISOString()
  const rows = await t.server.db
    .insertInto('users')
    .values(
      users.map((u) =>
        userRow({ name: u.name, email: u.email, profile: u.profile ?? 'user', passwordHash: hash }, now),
      ),
    )
    .returning('id')
    .execute()
  return rows.map((r) => r.id)
}

/** Queues and a connection, as later features will create them, for tests that reference them. */
export const seedQueuesAndConnection = async (t: TestServer) => {
  const now = new Date().toISOString()
  const queues = await t.server.db
    .insertInto('queues')
    .values([
      queueRow({ name: 'Sales', color: '#00ff00' }, now),
      queueRow({ name: 'Support', color: '#0000ff', greetingMessage: 'Hi' }, now),
    ])
    .returning(['id', 'name', 'color'])
    .execute()
  const whatsapp = await t.server.db
    .insertInto('whatsapps')
    .values(connectionRow({ name: 'Main line', isDefault: 1 }, now))
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow()
  return { queues, whatsapp }
}

/** A server with its administrator and one agent ("Agent", agent@desk.test), both signed in. */
export const startWithAgent = async (driver: DriverName, config: Partial<ServerConfig> = {}) => {
  const t = await startTestServer(driver, config)
  const admin = await bootstrapAdmin(t)
  const { client: agent, user: agentUser } = await t.addUser(admin, 'Agent', 'agent@desk.test')
  return { t, admin, agent, agentUser }
}

/** A signed-in socket on the process at `url`, in its user's notification room (no reconnection). */
export const followingSocket = async (url: string, token: string | undefined): Promise<Socket> => {
  const socket = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  if (!(await socket.emitWithAck('joinNotification'))) throw new Error('joinNotification was refused')
  return socket
}
