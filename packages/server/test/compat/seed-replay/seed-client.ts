import type { Client, TestServer } from '../../support/server'

/**
 * How the seed's agent front end talks to the API, reproduced on the wire: an HTTP client whose
 * base address is the API root (`/api` here), a bearer token, the refresh cookie, query strings
 * written the way its HTTP library writes them, and multipart bodies built from form data.
 */

/** One request as the seed's client sends it. */
export interface SeedRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  /**
   * As the client writes it: below the API root (`/tickets`), or a whole address (a media
   * address the server handed out), which the client's HTTP library uses as it is.
   */
  path: string
  /** Query parameters, written as the client's HTTP library writes them (see `seedQuery`). */
  query?: Record<string, unknown>
  /** A JSON body. */
  json?: unknown
  /** A multipart body, field by field in the order the client appends them. */
  form?: Array<[string, string | SeedFile]>
  /** Sent without the session (login, signup). */
  anonymous?: boolean
  /** Sent from the agent's own browser instead of the administrator's. */
  asAgent?: boolean
}

/** Where the replayed desk is published (`PUBLIC_URL`): media addresses are absolute under it. */
export const SEED_PUBLIC_URL = 'https://desk.example.com'

export interface SeedFile {
  data: Buffer
  fileName: string
  type: string
}

/** A JSON answer as the seed's client holds it: untyped, read field by field. */
// biome-ignore lint/suspicious/noExplicitAny: the seed's client reads its answers as untyped JSON
export type Json = any

export interface SeedAnswer {
  status: number
  body: Json
  headers: Headers
}

/**
 * Query strings as the seed client's HTTP library (axios) writes them: `undefined` and `null`
 * are left out, values are percent-encoded except `:`, `$`, `,`, `[` and `]`, and spaces become
 * `+`. So `queueIds` goes out as `queueIds=[1,2]` and a date as `date=2026-11-24T07:18:39.967Z`.
 */
export const seedQuery = (params: Record<string, unknown>): string =>
  Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => `${encode(k)}=${encode(String(v))}`)
    .join('&')

const encode = (value: string) =>
  encodeURIComponent(value)
    .replace(/%3A/gi, ':')
    .replace(/%24/g, '$')
    .replace(/%2C/gi, ',')
    .replace(/%20/g, '+')
    .replace(/%5B/gi, '[')
    .replace(/%5D/gi, ']')

/** The seed client's session: a token it stores after login, and the cookie the browser keeps. */
export class SeedClient {
  readonly http: Client

  constructor(readonly t: TestServer) {
    this.http = t.client()
  }

  get token() {
    return this.http.token
  }

  set token(value: string | undefined) {
    this.http.token = value
  }

  /**
   * The address the request goes to, as written on the wire, below the test server. The client
   * joins every address to its API root unless it is absolute; the desk's public address
   * (`SEED_PUBLIC_URL`) stands for the test server, as DNS and a proxy would make it.
   */
  address(req: SeedRequest): string {
    const absolute = /^https?:\/\//i.test(req.path)
    if (absolute && !req.path.startsWith(`${SEED_PUBLIC_URL}/`)) throw new Error(`not this desk: ${req.path}`)
    const path = absolute ? req.path.slice(SEED_PUBLIC_URL.length) : `/api${req.path}`
    const query = req.query ? seedQuery(req.query) : ''
    return query ? `${path}${path.includes('?') ? '&' : '?'}${query}` : path
  }

  async send(req: SeedRequest): Promise<SeedAnswer> {
    const path = this.address(req)
    const token = req.anonymous ? null : undefined
    if (!req.form) {
      const res = await this.http.request(req.method, path, { body: req.json, token })
      return res
    }
    const form = new FormData()
    for (const [name, value] of req.form) {
      if (typeof value === 'string') form.append(name, value)
      else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.fileName)
    }
    const headers: Record<string, string> = {}
    if (!req.anonymous && this.token) headers.authorization = `Bearer ${this.token}`
    const res = await fetch(`${this.t.url}${path}`, { method: req.method, headers, body: form })
    const text = await res.text()
    const body = text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
    return { status: res.status, body, headers: res.headers }
  }
}
