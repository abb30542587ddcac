import type { z } from 'zod'
import { type EndpointName, type EndpointParams, endpoints, pathOf } from '../../contract/endpoints'
import type { RouteAnswer, RouteBody, Routes } from '../../contract/routes'
import type { RequestOptions } from '../http'

export type { RouteAnswer, RouteBody, RouteQuery } from '../../contract/routes'

/** The authenticated request function every resource is built on. */
export type Requester = <T>(path: string, options?: RequestOptions<T>) => Promise<T>

/** Query strings for list calls; arrays go as JSON (`queueIds=[1,2]`), as the server expects. */
export const listQuery = (query: Record<string, string | number | boolean | readonly number[] | null | undefined>) => {
  const out: Record<string, string | number | boolean | undefined> = {}
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue
    out[key] = Array.isArray(value) ? JSON.stringify(value) : (value as string | number | boolean)
  }
  return out
}

/** What a call sends: the route's JSON body, or a `FormData` where the route takes multipart. */
type SentBody<N extends EndpointName> = RouteBody<N> | (Routes[N] extends { multipart: z.ZodType } ? FormData : never)

type CallOptions<N extends EndpointName> = Omit<RequestOptions<RouteAnswer<N>>, 'method' | 'schema' | 'body'> & {
  params?: EndpointParams<N>
  body?: SentBody<N>
}

/** Calls one route of the table, `params` filling its path's placeholders and `body` of the route's type. */
export type RouteCaller = <N extends EndpointName>(
  name: N,
  ...[options]: keyof EndpointParams<N> extends never
    ? [options?: CallOptions<N>]
    : [options: CallOptions<N> & { params: EndpointParams<N> }]
) => Promise<RouteAnswer<N>>

/**
 * Builds the calls of the route table over a requester: method and path from `endpoints`, the
 * answer checked with the route's `response` schema (loaded on demand, outside production).
 */
export const routeCaller =
  (request: Requester): RouteCaller =>
  (name, ...[options]) => {
    const { params, ...rest } = (options ?? {}) as CallOptions<typeof name>
    const path = (pathOf as (n: EndpointName, p?: object) => string)(name, params)
    return request(path, { ...rest, method: endpoints[name].method, schema: { route: name } })
  }
