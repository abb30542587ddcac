import { createHash } from 'node:crypto'
import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's security headers: options laid over the app's (`frameableBy`), or false for none of helmet's. */
    securityHeaders?: HelmetOptions | false
  }
}

/** Where the app's scripts may connect and load from beyond its own origin (the CSP). */
export interface ContentSecurityOptions {
  /** An API on another origin (an absolute VITE_API_URL): allowed for requests, the socket and media. */
  apiOrigin?: string
  /**
   * The origins pages may frame (the internal-chat and chatbot addresses an admin set), read before
   * each answer; without it, or with none set, nothing may be framed.
   */
  frameOrigins?: { current(): readonly string[]; refresh(): Promise<void> | undefined }
}

/**
 * Features the app may use: the microphone for voice notes, on its own origin only; the rest
 * are off for the app and anything it might embed.
 */
export const PERMISSIONS_POLICY =
  'microphone=(self), camera=(), geolocation=(), payment=(), usb=(), display-capture=(), clipboard-read=()'

/** A plain host name or address with an optional port: nothing else from a Host header enters the policy. */
const SAFE_HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/**
 * The socket's own origin as ws: and wss:. Browsers that follow CSP level 3 let `'self'` cover
 * it already; older ones (Safari before 15.4) need it spelled out.
 */
const socketOrigins = (req: IncomingMessage) => {
  const host = req.headers.host
  return host && SAFE_HOST.test(host) ? `ws://${host} wss://${host}` : ''
}

/** The hash of an empty <style> element: the only inline style the app needs (see below). */
const EMPTY_STYLE = `'sha256-${createHash('sha256').update('').digest('base64')}'`

/** The same origin as ws: or wss:, for an API on another host. */
const asSocketOrigin = (origin: string) => origin.replace(/^http/i, 'ws')

/**
 * The Content-Security-Policy of the app and the API.
 * - Scripts only from the app's own files: no inline script, no eval.
 * - Styles only from the app's files, plus empty <style> elements: Chakra UI (emotion, in its
 *   production mode) adds empty ones at run time and fills them through the CSS object model,
 *   which the policy does not govern. Inline style text stays refused, and no 'unsafe-inline'.
 * - Pictures and sound from the app, data: and blob: (voice notes being recorded, previews),
 *   and the API's origin when it lives elsewhere; the MP3 encoder's worker from the app.
 * - The app never runs inside another site's frame (`frame-ancestors 'none'`), and frames only the
 *   origins of the internal-chat and chatbot addresses an admin set (`frame-src`; `'none'` without).
 */
export const appDirectives = ({ apiOrigin, frameOrigins }: ContentSecurityOptions = {}) => {
  const api = apiOrigin ? [apiOrigin] : []
  const framed = () => {
    const origins = frameOrigins?.current() ?? []
    return origins.length ? origins.join(' ') : "'none'"
  }
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", EMPTY_STYLE],
    imgSrc: ["'self'", 'data:', 'blob:', ...api],
    mediaSrc: ["'self'", 'data:', 'blob:', ...api],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", socketOrigins, ...api, ...api.map(asSocketOrigin)],
    workerSrc: ["'self'"],
    frameSrc: [framed],
    manifestSrc: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  }
}

const helmetOptions = (options: ContentSecurityOptions): HelmetOptions => ({
  contentSecurityPolicy: { useDefaults: false, directives: appDirectives(options) },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // A split deployment loads media from the API's origin, which same-origin would refuse.
  crossOriginResourcePolicy: { policy: options.apiOrigin ? 'cross-origin' : 'same-origin' },
  strictTransportSecurity: { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false },
})

/**
 * Route options for a page that other sites may frame (the embeddable widget): the app's
 * policy with its own `frame-ancestors`, and no X-Frame-Options (which cannot name origins).
 * `scope.get('/embed/…', { config: { securityHeaders: frameableBy(origins, options) } }, handler)`.
 */
export const frameableBy = (origins: readonly string[], options: ContentSecurityOptions = {}): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { ...appDirectives(options), frameAncestors: origins.length ? [...origins] : ["'none'"] },
  },
  frameguard: false,
})

/** helmet's middleware for each set of options, built once (building it parses and joins every policy). */
type HeaderWriter = ReturnType<typeof helmet>

/** Answers' Host headers (with the framed origins) whose headers are kept, at most: the Host is the caller's to choose. */
const REPLAYED_HOSTS = 64

type HeaderValue = string | number | readonly string[]

/**
 * helmet's middleware, run once for each Host header and set of framed origins — the only parts of its
 * headers that change from one answer to the next (the socket's origin and `frame-src` in the policy) —
 * and its headers then set again as it set them: running it joins every directive of the policy and calls
 * a dozen middlewares, about a tenth of the work of answering a small API call.
 */
const replayed = (writer: HeaderWriter, frameOrigins: ContentSecurityOptions['frameOrigins']): HeaderWriter => {
  const written = new Map<string, Array<[name: string, value: HeaderValue | null]>>()
  return (req, res, next) => {
    const key = `${req.headers.host ?? ''} ${frameOrigins?.current().join(' ') ?? ''}`
    const known = written.get(key)
    if (known) {
      for (const [name, value] of known) {
        if (value === null) res.removeHeader(name)
        else res.setHeader(name, value)
      }
      return next()
    }
    const steps: Array<[string, HeaderValue | null]> = []
    // helmet only sets and removes headers (on the answer, as here).
    const recording = Object.create(res, {
      setHeader: {
        value: (name: string, value: HeaderValue) => {
          steps.push([name, value])
          return res.setHeader(name, value)
        },
      },
      removeHeader: {
        value: (name: string) => {
          steps.push([name, null])
          res.removeHeader(name)
        },
      },
    }) as ServerResponse
    writer(req, recording, (error?: unknown) => {
      if (error === undefined && written.size < REPLAYED_HOSTS) written.set(key, steps)
      ;(next as (error?: unknown) => void)(error)
    })
  }
}

/**
 * Security headers on every answer (the app, its files and the API): helmet's set with the
 * policy above (nosniff, Referrer-Policy, HSTS over https, frame and opener rules), plus the
 * Permissions-Policy helmet does not write. helmet's middleware is built once for the app and
 * once for each route with its own options (as the routes are added), never per request; the
 * policy's parts that depend on the request (the socket's origin, the framed origins) are
 * functions helmet calls for each answer.
 */
export const registerSecurityHeaders = (app: FastifyInstance, options: ContentSecurityOptions = {}) => {
  const base = helmetOptions(options)
  const { frameOrigins } = options
  const everywhere = replayed(helmet(base), frameOrigins)
  const perRoute = new WeakMap<HelmetOptions, HeaderWriter>()
  const writerOf = (own: HelmetOptions | false | undefined): HeaderWriter | null => {
    if (own === undefined) return everywhere
    if (own === false) return null
    let writer = perRoute.get(own)
    if (!writer) {
      writer = replayed(helmet({ ...base, ...own } as HelmetOptions), frameOrigins)
      perRoute.set(own, writer)
    }
    return writer
  }
  // Built as each route is added: a route's options that helmet refuses stop the server at start.
  app.addHook('onRoute', (route) => void writerOf(route.config?.securityHeaders))
  app.addHook('onRequest', (request, reply, done) => {
    const write = () => {
      reply.header('Permissions-Policy', PERMISSIONS_POLICY)
      const writer = writerOf(request.routeOptions.config?.securityHeaders)
      if (!writer) return done()
      writer(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined))
    }
    // Before helmet's headers: the framed origins are read for this answer when the cache's are old
    // (most answers wait for nothing).
    const reading = frameOrigins?.refresh()
    if (reading) reading.then(write, done)
    else write()
  })
}

/**
 * The headers of socket.io's own HTTP answers (`/socket.io/…`: the polling transport, its handshake and
 * its refusals), which socket.io writes without fastify and so without helmet: the same set, with a policy
 * for data that is never a page (nothing to load, never framed).
 */
export const socketAnswerHeaders = (options: ContentSecurityOptions = {}): Record<string, string> => ({
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': options.apiOrigin ? 'cross-origin' : 'same-origin',
  'Strict-Transport-Security': `max-age=${180 * 24 * 60 * 60}`,
  'Origin-Agent-Cluster': '?1',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
  'Permissions-Policy': PERMISSIONS_POLICY,
})

/**
 * Puts `socketAnswerHeaders` on every answer under `path` before socket.io writes it (its `writeHead`
 * keeps them). Runs first among the server's request listeners; other paths are left to fastify.
 */
export const secureSocketAnswers = (server: HttpServer, path = '/socket.io/', options: ContentSecurityOptions = {}) => {
  const headers = Object.entries(socketAnswerHeaders(options))
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith(path)) return
    for (const [name, value] of headers) res.setHeader(name, value)
  })
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)

/**
 * The policy of the widget's frame (`/widget/:connectionId`), written per request because each
 * connection names its own partner sites: the app's policy with no other origin to connect to or
 * load from (the frame talks to its own origin only, API and socket), and `frame-ancestors` exactly
 * the connection's allowed origins (`'none'` without any). Sent with no X-Frame-Options.
 */
export const framePolicy = (origins: readonly string[], req: IncomingMessage) =>
  Object.entries({ ...appDirectives({}), frameAncestors: origins.length ? [...origins] : ["'none'"] })
    .map(([name, values]) => {
      const list = values.map((v) => (typeof v === 'function' ? v(req) : v)).filter(Boolean)
      return `${kebab(name)} ${list.join(' ')}`
    })
    .join('; ')
