import type { z } from 'zod'
import type { HttpMethod } from '../contract/endpoints'
import type { RouteName } from '../contract/routes'
import { ApiError, INVALID_RESPONSE, NETWORK_ERROR } from './errors'

export type { HttpMethod }
export type QueryValue = string | number | boolean | null | undefined

type Contract = typeof import('../contract')
/** Names of the contract's schemas, e.g. `'UserListResponse'`. */
export type SchemaName = { [K in keyof Contract]: Contract[K] extends z.ZodType ? K : never }[keyof Contract]
/** How an answer is checked: a contract schema by name, a schema of one's own, or a route's `response`. */
export type ResponseCheck<T> = SchemaName | z.ZodType<T> | { route: RouteName }

let contract: Promise<Contract> | undefined
/**
 * The contract is loaded only when answers are checked, so production bundles (which never check)
 * don't carry the schemas. A production build leaves the loading out altogether: kept, it would make
 * every schema of the contract part of any page that imports one of them.
 */
const loadContract = () => {
  if (import.meta.env?.PROD)
    return Promise.reject(new Error('A production build checks answers only against a schema it is given'))
  contract ??= import('../contract')
  return contract
}

export interface RequestOptions<T> {
  method?: HttpMethod
  query?: Record<string, QueryValue>
  /** JSON-serialisable data, or a `FormData` sent as multipart. */
  body?: unknown
  /** Contract schema of the answer (by name, a schema of one's own, or a route's); checked outside production. */
  schema?: ResponseCheck<T>
  /**
   * `true` (default): send the bearer token; a 401 signs out, a 403 refreshes once and retries.
   * `'token'`: send the bearer token but leave the answer alone. `false`: anonymous call.
   */
  auth?: boolean | 'token'
  signal?: AbortSignal
}

/** Responses are checked against the contract in development and tests, never in production builds. */
export const shouldValidateResponses = (): boolean => {
  if (import.meta.env?.PROD) return false
  if (typeof process !== 'undefined' && process.env?.NODE_ENV === 'production') return false
  return true
}

export const joinUrl = (baseUrl: string, path: string, query?: Record<string, QueryValue>) => {
  const url = `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value))
  }
  const qs = params.toString()
  return qs ? `${url}?${qs}` : url
}

/** Reads a non-2xx answer into an ApiError, whatever the body looks like. */
export async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '')
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
  const code = typeof record.error === 'string' ? record.error : undefined
  const serverMessage = typeof record.message === 'string' && record.message.trim() ? record.message : undefined
  const message = serverMessage ?? (body === null ? text.slice(0, 200) : undefined)
  const fields = Array.isArray(record.fields)
    ? record.fields.flatMap((f) =>
        f && typeof f === 'object' && typeof f.path === 'string' && typeof f.message === 'string'
          ? [{ path: f.path, message: f.message }]
          : [],
      )
    : []
  return new ApiError({
    status: response.status,
    code,
    message: message || code || response.statusText,
    serverMessage,
    fields,
    details: record,
  })
}

/** Reads a 2xx answer: JSON when there is some, checked against the schema when asked to. */
export async function readBody<T>(
  response: Response,
  schema: ResponseCheck<T> | undefined,
  validate: boolean,
): Promise<T> {
  const text = response.status === 204 ? '' : await response.text()
  let data: unknown
  try {
    data = text ? JSON.parse(text) : undefined
  } catch (cause) {
    throw new ApiError({ status: response.status, code: INVALID_RESPONSE, message: 'The answer is not JSON', cause })
  }
  if (!schema || !validate) return data as T
  const parser = (
    typeof schema === 'string'
      ? (await loadContract())[schema]
      : 'route' in schema
        ? ((await loadContract()).routes[schema.route] as { response?: z.ZodType }).response
        : schema
  ) as z.ZodType<T> | undefined
  if (!parser) return data as T
  const result = parser.safeParse(data)
  if (!result.success) {
    const where = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')
    throw new ApiError({
      status: response.status,
      code: INVALID_RESPONSE,
      message: `The answer does not match the contract (${where})`,
      cause: result.error,
    })
  }
  return result.data
}

export interface SendOptions {
  fetch?: typeof fetch
  baseUrl: string
  token: string | null
}

/** One HTTP exchange, no retries. Network failures become an ApiError with status 0. */
export async function send(
  { fetch: fetchImpl, baseUrl, token }: SendOptions,
  path: string,
  { method = 'GET', query, body, signal }: RequestOptions<unknown>,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' }
  // Multipart bodies go as they are: the browser writes the boundary into the content type.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json'
  if (token) headers.Authorization = `Bearer ${token}`
  try {
    return await (fetchImpl ?? globalThis.fetch)(joinUrl(baseUrl, path, query), {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'include',
      signal,
    })
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : 'Network error'
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message, cause })
  }
}
