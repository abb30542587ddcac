import {
  type DefaultBodyType,
  delay,
  type HttpHandler,
  HttpResponse,
  type HttpResponseResolver,
  http,
  type JsonBodyType,
} from 'msw'
import type { z } from 'zod'
import {
  type ErrorCode,
  type ErrorResponse,
  type RouteAnswer,
  type RouteName,
  type Routes,
  routes,
  type User,
} from '../contract'
import { type EndpointName, type EndpointParams, endpoints } from '../contract/endpoints'
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

export type Caller = { user: User; response?: undefined } | { user?: undefined; response: HttpResponse<ErrorResponse> }

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

/** The path parameters msw hands a route's resolver: each placeholder of its path, as text. */
export type MockParams<N extends RouteName> = { [K in keyof EndpointParams<N>]: string }

/**
 * What a mock of a route may answer: the route's JSON answer (its `response` schema's type) or an
 * `ErrorResponse` with its status (`fail`); any response where the route sends no JSON (204, a file, text).
 */
export type MockAnswer<N extends RouteName> = [RouteAnswer<N>] extends [undefined]
  ? Response
  : HttpResponse<Extract<RouteAnswer<N> | ErrorResponse, DefaultBodyType>>

/** The output of a route's `body` schema (`never` for a route that takes none). */
type ParsedBody<N extends RouteName> = Routes[N] extends { body: infer S extends z.ZodType } ? z.output<S> : never

/** A body read with the route's schema: its data, or the 400 `ERR_VALIDATION` to answer (as the server does). */
export type BodyCheck<T> =
  | { data: T; response?: undefined }
  | { data?: undefined; response: HttpResponse<ErrorResponse> }

/**
 * What msw hands a resolver (the request, the path's parameters of the route), and `body()`: the
 * request's JSON read with the route's `body` schema.
 */
export type RouteResolverInfo<N extends RouteName> = Parameters<HttpResponseResolver<MockParams<N>>>[0] & {
  body: () => Promise<BodyCheck<ParsedBody<N>>>
}

/**
 * A resolver of one route: its path's parameters in, an answer of the route's type out (or nothing,
 * to let the next handler answer).
 */
export type RouteResolver<N extends RouteName> = (
  info: RouteResolverInfo<N>,
  // biome-ignore lint/suspicious/noConfusingVoidType: as msw's own resolvers, one may end without a return (`delay('infinite')`)
) => MockAnswer<N> | undefined | void | Promise<MockAnswer<N> | undefined | void>

/**
 * The JSON answer of one route, typed by its `response` schema (`HttpResponse.json` for that route), for
 * helpers that answer outside a resolver, where nothing else gives the body its type.
 */
export const answerOf = <N extends RouteName>(_route: N, body: RouteAnswer<N>, init?: ResponseInit) =>
  HttpResponse.json(body as JsonBodyType, init) as unknown as MockAnswer<N>

type AnyResolver = HttpResponseResolver<Record<string, string>, DefaultBodyType, undefined>

const verbs = { GET: http.get, POST: http.post, PUT: http.put, DELETE: http.delete } as const

/**
 * The msw handler of one route of the table: its method, and its path under `baseUrl` (the
 * `/api` of any origin by default). Mocks never write a path or a method of their own, and what
 * they answer is checked against the route's answer.
 */
export const mockRoute = <N extends RouteName>(name: N, resolver: RouteResolver<N>, baseUrl = '*/api'): HttpHandler => {
  const { method, path } = endpoints[name]
  const schema = (routes[name] as { body?: z.ZodType }).body
  const body = (request: Request) => async () => {
    if (!schema) throw new Error(`${name} takes no JSON body`)
    return (await parseBody(request, schema)) as BodyCheck<ParsedBody<N>>
  }
  const withBody: AnyResolver = (info) => resolver({ ...info, body: body(info.request) } as RouteResolverInfo<N>)
  return verbs[method](`${baseUrl}${path}`, withBody)
}

/** The address pattern msw matches for a route (for `failsFirst`, `failsAlways`). */
export const mockPath = (name: EndpointName, baseUrl = '*/api') => `${baseUrl}${endpoints[name].path}`

export interface DeskHandlerContext {
  db: MockDb
  /** `mockRoute` under the handlers' base URL. */
  route: <N extends RouteName>(name: N, resolver: RouteResolver<N>) => HttpHandler
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
/**
 * What handlers count across requests (`failsFirst`'s calls) puts itself back here: the stories' setup calls
 * `resetHandlerCounts()` before each story, so a story run again after a failure meets its first failure again.
 */
const handlerCounts = new Set<() => void>()
export const countedByHandler = (reset: () => void) => {
  handlerCounts.add(reset)
}
export const resetHandlerCounts = () => {
  for (const reset of handlerCounts) reset()
}

export const neverAnsweredRequests = new Set<string>()

/** The key of `request` in `neverAnsweredRequests`. */
export const requestKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`

/** A resolver that never answers: the request stays in flight, and is listed in `neverAnsweredRequests`. */
export const neverAnswer = ({ request }: { request: Request }) => {
  neverAnsweredRequests.add(requestKey(request.method, request.url))
  return delay('infinite')
}
