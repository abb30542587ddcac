import http from 'node:http'
import net from 'node:net'

/**
 * The two proxies of the multi-process run: a load balancer in front of the desk processes, and one
 * link to Redis per process that the run can cut.
 */

/** Answers by route (`GET /api/tickets/:id`), as the load balancer gave them to its callers. */
export interface RouteTally {
  requests: number
  /** Answers by status (`200`, `400`, `502` …); 502 also stands for a backend that dropped the request. */
  statuses: Map<number, number>
  /** Error codes read from error answers (`ERR_WAPP_NOT_INITIALIZED`), with how often each came. */
  codes: Map<string, number>
}

const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by)

/** The path as a route: numbers and long tokens become placeholders, the query goes. */
export const routeOf = (method: string, url: string) => {
  const path = url.split('?')[0] ?? url
  if (path.startsWith('/socket.io/')) {
    const transport = /[?&]transport=(\w+)/.exec(url)?.[1] ?? 'unknown'
    return `socket.io ${transport}`
  }
  const shape = path
    .split('/')
    .map((part) => (/^\d+$/.test(part) ? ':id' : part))
    .join('/')
  return `${method} ${shape}`
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']

export interface FrontProxy {
  url: string
  /** Every answer given, by route. */
  routes: Map<string, RouteTally>
  /** Which backend answered each socket.io session (engine.io `sid`). */
  sessions: Map<string, number>
  /** Points backend `index` at the port its process listens on now (null while it has none). */
  setBackend(index: number, port: number | null): void
  close(): Promise<void>
}

/**
 * The load balancer: plain requests go round-robin over the backends; socket.io requests that carry an
 * engine.io `sid` go to the backend that opened that session (sticky, as socket.io needs), learnt from the
 * handshake's answer; WebSocket upgrades are piped to their backend. A backend that refuses the connection
 * (down, restarting) is skipped for the next one, as a load balancer's health check would; a backend
 * that drops a request it accepted answers 502. Every answer is tallied by route, and the answering
 * backend is named in `x-mp-backend`.
 */
export async function startFrontProxy(backendCount: number): Promise<FrontProxy> {
  const ports: Array<number | null> = Array.from({ length: backendCount }, () => null)
  const routes = new Map<string, RouteTally>()
  const sessions = new Map<string, number>()
  let turn = 0

  const tally = (route: string, status: number, code?: string) => {
    let entry = routes.get(route)
    if (!entry) {
      entry = { requests: 0, statuses: new Map(), codes: new Map() }
      routes.set(route, entry)
    }
    entry.requests++
    bump(entry.statuses, status)
    if (code) bump(entry.codes, code)
  }

  /** The backends to try, in order: the session's own first, else the next in the round. */
  const orderFor = (url: string) => {
    const sid = /[?&]sid=([^&]+)/.exec(url)?.[1]
    const sticky = sid === undefined ? undefined : sessions.get(decodeURIComponent(sid))
    const first = sticky ?? turn++ % backendCount
    return Array.from({ length: backendCount }, (_, k) => (first + k) % backendCount)
  }

  const refused = (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED'

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('error', () => res.destroy())
    req.on('end', () => {
      const body = Buffer.concat(chunks)
      const route = routeOf(req.method ?? 'GET', req.url ?? '/')
      const handshake = route === 'socket.io polling' && !/[?&]sid=/.test(req.url ?? '')
      const order = orderFor(req.url ?? '/')
      const headers = { ...req.headers, connection: 'close', 'x-forwarded-for': req.socket.remoteAddress ?? '' }
      const fail = (status: number) => {
        tally(route, status)
        if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain' })
        res.end(status === 502 ? 'bad gateway' : '')
      }
      const attempt = (k: number): void => {
        const index = order[k]!
        const port = ports[index]
        if (port === null || port === undefined) {
          if (k + 1 < order.length) attempt(k + 1)
          else fail(502)
          return
        }
        const upstream = http.request({
          host: '127.0.0.1',
          port,
          method: req.method,
          path: req.url,
          headers,
          agent: false,
        })
        let answered = false
        upstream.on('response', (answer) => {
          answered = true
          const status = answer.statusCode ?? 502
          const out: http.OutgoingHttpHeaders = { ...answer.headers, 'x-mp-backend': String(index) }
          for (const name of HOP_BY_HOP) delete out[name]
          // Error answers and socket.io handshakes are read whole (they are small): the error code is
          // tallied, and a handshake tells which backend holds the new session.
          if (status >= 400 || handshake) {
            const parts: Buffer[] = []
            answer.on('data', (chunk: Buffer) => parts.push(chunk))
            answer.on('error', () => fail(502))
            answer.on('end', () => {
              const text = Buffer.concat(parts)
              const code = status >= 400 ? /"error"\s*:\s*"([A-Z0-9_]+)"/.exec(text.toString('utf8'))?.[1] : undefined
              if (handshake) {
                const sid = /"sid"\s*:\s*"([^"]+)"/.exec(text.toString('utf8'))?.[1]
                if (sid) sessions.set(sid, index)
              }
              tally(route, status, code)
              out['content-length'] = String(text.length)
              res.writeHead(status, out)
              res.end(text)
            })
            return
          }
          tally(route, status)
          res.writeHead(status, out)
          answer.pipe(res)
          answer.on('error', () => res.destroy())
        })
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          if (answered) return res.destroy()
          if (refused(error) && k + 1 < order.length) return attempt(k + 1)
          fail(502)
        })
        upstream.end(body)
      }
      attempt(0)
    })
  })

  // WebSocket upgrades: the request's head is written to the backend as it came, then bytes flow both ways.
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const route = routeOf(req.method ?? 'GET', req.url ?? '/')
    const order = orderFor(req.url ?? '/')
    client.on('error', () => client.destroy())
    const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`]
    for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`)
    const raw = `${lines.join('\r\n')}\r\n\r\n`
    const attempt = (k: number): void => {
      const port = ports[order[k]!]
      if (port === null || port === undefined) {
        if (k + 1 < order.length) attempt(k + 1)
        else {
          tally(route, 502)
          client.destroy()
        }
        return
      }
      const upstream = net.connect(port, '127.0.0.1')
      let connected = false
      upstream.once('connect', () => {
        connected = true
        upstream.write(raw)
        if (head.length) upstream.write(head)
        upstream.once('data', (first: Buffer) => {
          tally(route, Number(/^HTTP\/1\.\d (\d{3})/.exec(first.toString('latin1'))?.[1] ?? 502))
        })
        client.pipe(upstream).pipe(client)
      })
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        if (!connected && refused(error) && k + 1 < order.length) return attempt(k + 1)
        if (!connected) tally(route, 502)
        client.destroy()
      })
      upstream.on('close', () => client.destroy())
      client.on('close', () => upstream.destroy())
    }
    attempt(0)
  })

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    sessions,
    setBackend(index, backendPort) {
      ports[index] = backendPort
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export interface RedisLink {
  url: string
  /** Cuts the link: every connection through it is reset, and new ones are reset until `restore`. */
  cut(): void
  restore(): void
  close(): Promise<void>
}

/**
 * One process's way to Redis, which the run can cut: a TCP relay on a port of its own. A cut resets every
 * connection and every new one until restored, as a Redis that went away (or a broken link) does.
 */
export async function startRedisLink(target: URL, db = 0): Promise<RedisLink> {
  const sockets = new Set<net.Socket>()
  let cut = false
  const relay = net.createServer((client) => {
    if (cut) return client.destroy()
    const upstream = net.connect(Number(target.port || 6379), target.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('error', () => socket.destroy())
      socket.on('close', () => {
        sockets.delete(socket)
        client.destroy()
        upstream.destroy()
      })
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  const { port } = relay.address() as net.AddressInfo
  return {
    url: `redis://127.0.0.1:${port}/${db}`,
    cut() {
      cut = true
      for (const socket of sockets) socket.destroy()
    },
    restore() {
      cut = false
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        relay.close(() => resolve())
      }),
  }
}
