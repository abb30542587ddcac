import {
  type DefaultBodyType,
  delay,
  type HttpHandler,
  HttpResponse,
  type HttpResponseResolver,
  http,
  type PathParams,
} from 'msw'
import type { z } from 'zod'
import type { ErrorCode, ErrorResponse, User } from '../contract'
import { type EndpointName, endpoints } from '../contract/endpoints'
import type { MockDb } from './db'

/** Shared pieces of the mock handlers: errors, body parsing, the caller, paging. */

export const fail = (status: number, error: ErrorCode, extra: Partial<ErrorResponse> = {}) =>
  HttpResponse.json<ErrorResponse>({ error, ...extra }, { status })

export const parseBody = async <S extends z.ZodType>(request: Request, schema: S) => {
  const json = await request.json().catch(() => undefined)
  return parseData(json, schema)
}

export const parseData = <S extends z.ZodType>(value: unknown, schema: S) => {
  const result = schema.safeParse(value)
  if (result.success) return { data: result.data as z.output<S> }
  const fields = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }))
  return { response: fail(400, 'ERR_VALIDATION', { message: 'Invalid input', fields }) }
}

export const idFromToken = (request: Request) => {
  const match = /^Bearer mock-token-(\d+)$/.exec(request.headers.get('Authorization') ?? '')
  return match ? Number(match[1]) : null
}

/** As the server: no token is 401, a token that is not one (or names nobody) 403, both `ERR_SESSION_EXPIRED`. */
const noSession = (request: Request) => fail(request.headers.get('Authorization') ? 403 : 401, 'ERR_SESSION_EXPIRED')

export type Caller = { user: User; response?: undefined } | { user?: undefined; response: Response }

/** The signed-in caller, or the answer to send when there is none. */
export const callerOf = (db: MockDb, request: Request): Caller => {
  const id = idFromToken(request)
  const user = id === null ? undefined : db.users.find((u) => u.id === id)
  return user ? { user } : { response: noSession(request) }
}

export const isAdmin = (user: User) => user.profile === 'admin'

export const noContent = () => new HttpResponse(null, { status: 204 })

/** `searchParam` and `pageNumber` of a list request. */
export const pageParams = (request: Request) => {
  const params = new URL(request.url).searchParams
  return {
    params,
    search: (params.get('searchParam') ?? '').trim().toLowerCase(),
    page: Math.max(1, Number(params.get('pageNumber') ?? 1) || 1),
  }
}

export const slice = <T>(items: T[], page: number, size: number) => {
  const start = (page - 1) * size
  return { items: items.slice(start, start + size), hasMore: items.length > start + size, count: items.length }
}

export type MockResolver = HttpResponseResolver<PathParams, DefaultBodyType>

const verbs = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const

/**
 * The msw handler of one route of the table: its method, and its path under `baseUrl` (the
 * `/api` of any origin by default). Mocks never write a path or a method of their own.
 */
export const mockRoute = (name: EndpointName, resolver: MockResolver, baseUrl = '*/api'): HttpHandler => {
  const { method, path } = endpoints[name]
  return verbs[method](`${baseUrl}${path}`, resolver)
}

/** The address pattern msw matches for a route (for `failsFirst`, `failsAlways`). */
export const mockPath = (name: EndpointName, baseUrl = '*/api') => `${baseUrl}${endpoints[name].path}`

export interface DeskHandlerContext {
  db: MockDb
  /** `mockRoute` under the handlers' base URL. */
  route: (name: EndpointName, resolver: MockResolver) => HttpHandler
  wait: () => Promise<void> | undefined
}

export const makeWait = (latency: number | 'real' | undefined) => () =>
  latency === undefined ? undefined : latency === 'real' ? delay() : delay(latency)

/** The mock server's "now": the stories' fixed moment, a second later at every call, so pictures never move. */
export const MOCK_NOW = Date.parse('2026-01-15T10:30:00Z')
export const stamp = (db: MockDb) => new Date(MOCK_NOW + db.ticks++ * 1000).toISOString()

/**
 * Requests that a handler will never answer (a story's loading state), as `METHOD url`. Whatever waits for
 * the page to be still (the stories' screenshot) waits only for the other requests in flight.
 */
export const neverAnsweredRequests = new Set<string>()

/** The key of `request` in `neverAnsweredRequests`. */
export const requestKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`

/** A resolver that never answers: the request stays in flight, and is listed in `neverAnsweredRequests`. */
export const neverAnswer = ({ request }: { request: Request }) => {
  neverAnsweredRequests.add(requestKey(request.method, request.url))
  return delay('infinite')
}
