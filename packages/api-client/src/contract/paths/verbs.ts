/** The pieces of a paths file: a route's method and its path below `/api`. Imports nothing. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface Endpoint {
  readonly method: HttpMethod
  /** Below `/api`, with `:name` placeholders (fastify's and msw's syntax). */
  readonly path: string
}

export const get = <P extends string>(path: P) => ({ method: 'GET', path }) as const
export const post = <P extends string>(path: P) => ({ method: 'POST', path }) as const
export const put = <P extends string>(path: P) => ({ method: 'PUT', path }) as const
export const del = <P extends string>(path: P) => ({ method: 'DELETE', path }) as const
