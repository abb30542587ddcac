import type { z } from 'zod'
import type { EndpointName, endpoints } from './endpoints'
import type { Endpoint } from './paths/verbs'

/** What a route declares beside its method and path. */
export interface RouteSchemas {
  params?: z.ZodType
  query?: z.ZodType
  /** The JSON body. */
  body?: z.ZodType
  /** The text fields of a multipart body (the files travel beside them). */
  multipart?: z.ZodType
  /** The body is kept as raw bytes (a signature covers them) and parsed with `body` after the check. */
  rawBody?: true
  /** The JSON answer; without one the route answers 204 or a file (`answers`). */
  response?: z.ZodType
  /** What a route without a JSON answer sends. */
  answers?: 'no-content' | 'file' | 'csv' | 'text'
}

export type RouteOf<N extends EndpointName, S extends RouteSchemas> = { name: N } & (typeof endpoints)[N] & S

/** A route that answers 204 with no body. */
export const noContent = { answers: 'no-content' } as const

/**
 * A domain's routes: each of its paths (`paths/<domain>.ts`) with the schemas written beside the
 * domain's own. Every path gets its schemas, and no schema names a route the paths lack. The schemas come
 * in a function, and each call is marked pure: a page that takes one schema of a domain, and not the
 * route table, leaves the domain's table (and the schemas only it names) out of its bundle.
 */
export const defineRoutes = <
  const P extends Record<string, Endpoint>,
  const S extends { [N in keyof P]: RouteSchemas } & { [K in Exclude<keyof S, keyof P>]: never },
>(
  paths: P,
  schemas: () => S,
) => {
  const declared = schemas()
  return Object.fromEntries(Object.keys(paths).map((name) => [name, { name, ...paths[name], ...declared[name] }])) as {
    [N in keyof P & string]: { name: N } & P[N] & S[N]
  }
}
