import { createAdapter } from '@socket.io/redis-adapter'
import { Redis } from 'ioredis'
import { CATCH_UP_SPREAD_MS, DEFAULT_REDIS_PREFIX, REDIS_PING_INTERVAL_MS, REDIS_PING_TIMEOUT_MS } from '../config'
import { watchRedis } from './redis-watchdog'
import type { DeskIo } from './socket'

/** `host:port` of a Redis URL, for logs (never its password). */
const whereIs = (url: string) => {
  try {
    const { hostname, port } = new URL(url)
    return `${hostname}:${port || 6379}`
  } catch {
    return 'the configured address'
  }
}

/**
 * Closes the connection of every socket connected to this process, each at a random moment within `spreadMs`
 * (thousands of clients then don't fetch in the same millisecond); the clients reconnect as after any lost
 * connection. `all` answers how many connections it closes; `cancel` drops the closes still pending.
 */
const spreadReconnects = (io: DeskIo, spreadMs: number) => {
  const pending = new Set<NodeJS.Timeout>()
  const cancel = () => {
    for (const timer of pending) clearTimeout(timer)
    pending.clear()
  }
  const all = () => {
    cancel()
    const connections = new Set([...io.of('/').sockets.values()].map((socket) => socket.conn))
    for (const connection of connections) {
      const timer = setTimeout(() => {
        pending.delete(timer)
        connection.close()
      }, Math.random() * spreadMs)
      timer.unref()
      pending.add(timer)
    }
    return connections.size
  }
  return { all, cancel }
}

/** Tuning of live events across processes (defaults in config.ts): the catch-up spread, and the links' PING watchdog. */
export interface LiveEventsOptions {
  /** After this process's link to Redis comes back, its sockets reconnect at random within this (default 5 s). */
  catchUpSpreadMs?: number
  /** A PING to each connection to Redis this often (default 5 s)… */
  pingIntervalMs?: number
  /** …and one unanswered within this counts as lost and is dialled again (default 3 s). */
  pingTimeoutMs?: number
}

/**
 * Live events across server processes. With `REDIS_URL`, every process's socket.io server shares its rooms
 * through Redis pub/sub (socket.io's Redis adapter, channels `<prefix>:socket.io#…`): an event published by the
 * process that handled a request reaches the sockets connected to any process (agents' lists and
 * conversations, widget frames), and `fetchSockets` (presence, moving a user's sockets between rooms) sees
 * them all. Without Redis the desk is one process and its own rooms are all there is.
 *
 * Redis down never holds the desk: events still reach this process's sockets at once, publishes wait in
 * the client's queue through two reconnection attempts, one warning says where Redis was expected, and
 * `socketsIn` falls back to this process's sockets when the others can't be asked in time.
 *
 * What a cut loses is caught up, with what every client already does after a lost connection (join its
 * rooms again and fetch what it missed):
 * - this process's link comes back: once Redis has its subscriptions again (answered a PING sent after
 *   them, so events published before that moment are not missed either), every socket connected here has
 *   its connection closed, each at a random moment within `catchUpSpreadMs`, and reconnects;
 * - a publish of this process failed meanwhile (the event never left): once Redis answers again, the
 *   other processes are told (`catchUp`) and do the same with their sockets.
 * Nothing is closed while the link is down (a refetch then would miss what follows); a loss cancels the
 * closes still pending, and the next recovery closes every socket again, so a flapping Redis costs each
 * client one reconnect per recovery at most.
 *
 * A link that goes silent (no error, no close: a partition, a dropped flow, a frozen Redis) is a loss too:
 * each connection gets a PING every `pingIntervalMs`, and one unanswered after `pingTimeoutMs` is dropped and
 * dialled again (`watchRedis`), then recovers as above.
 */
export const shareRoomsThroughRedis = (
  io: DeskIo,
  options: LiveEventsOptions & {
    redisUrl: string
    prefix?: string
    warn?: (message: string) => void
    info?: (message: string) => void
  },
) => {
  const where = whereIs(options.redisUrl)
  const spreadMs = options.catchUpSpreadMs ?? CATCH_UP_SPREAD_MS
  // A publish waits through two reconnection attempts, then fails: while Redis is down, events are not queued
  // without bound (they still reach this process's sockets). The subscriptions wait for Redis however long
  // it takes, so a process started while Redis was down hears the others once it answers.
  const pub = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, retryStrategy: (n) => Math.min(n * 200, 5000) })
  const sub = pub.duplicate({ maxRetriesPerRequest: null })
  let stopped = false
  /** The connections that are not (yet) back; the warning goes out when the first is lost. */
  const lost = new Set<'pub' | 'sub'>()
  /** A publish failed: an event of this process reached none of the others' sockets. */
  let publishFailed = false
  const reconnects = spreadReconnects(io, spreadMs)
  const catchingUp = (count: number) =>
    count ? `: ${count} connection(s) here reconnect within ${spreadMs / 1000} s to fetch what they missed` : ''

  let caughtUp = 0
  const loses = (client: 'pub' | 'sub', reason: string) => {
    if (stopped) return
    // Closes still pending would reconnect sockets that then miss what follows: the recovery closes them all.
    if (client === 'sub') reconnects.cancel()
    if (lost.size === 0) {
      options.warn?.(
        `Redis at ${where} is not reachable (${reason}): live events from other processes do not reach this process's sockets until it answers; retrying`,
      )
    }
    lost.add(client)
  }
  const regains = (client: 'pub' | 'sub', count = 0) => {
    caughtUp += count
    if (lost.delete(client) && lost.size === 0) options.info?.(`Redis at ${where} answers again${catchingUp(caughtUp)}`)
    if (lost.size === 0) caughtUp = 0
  }

  for (const [name, client] of [
    ['pub', pub],
    ['sub', sub],
  ] as const) {
    // The adapter publishes without waiting for the answer: a publish that fails (Redis down, the client
    // closing) must not become an unhandled rejection, which would end the process. Callers that wait
    // (`fetchSockets`) still see the failure.
    const send = client.sendCommand.bind(client)
    client.sendCommand = ((command, stream) => {
      command.promise.catch(() => {
        if (name === 'pub' && command.name === 'publish' && !stopped) publishFailed = true
      })
      return send(command, stream)
    }) as typeof client.sendCommand
    client.on('error', (error: NodeJS.ErrnoException) => loses(name, error.code ?? error.message))
    client.on('close', () => loses(name, 'connection closed'))
  }
  const stopWatching = [pub, sub].map((client, i) =>
    watchRedis(client, {
      intervalMs: options.pingIntervalMs ?? REDIS_PING_INTERVAL_MS,
      timeoutMs: options.pingTimeoutMs ?? REDIS_PING_TIMEOUT_MS,
      onSilent: (reason) => loses(i === 0 ? 'pub' : 'sub', reason),
    }),
  )
  pub.on('ready', () => {
    if (publishFailed) {
      publishFailed = false
      io.serverSideEmit('catchUp')
    }
    regains('pub')
  })
  let link = 0
  sub.on('ready', () => {
    // ioredis subscribes again before `ready`: the answer to a PING sent now comes after theirs.
    const attempt = ++link
    sub.ping().then(
      () => {
        if (attempt !== link || stopped) return
        regains('sub', reconnects.all())
      },
      () => {},
    )
  })
  io.on('catchUp', () => {
    if (stopped) return
    const count = reconnects.all()
    if (count) options.info?.(`Another process lost live events while Redis was out of its reach${catchingUp(count)}`)
  })
  io.adapter(
    createAdapter(pub, sub, {
      key: `${options.prefix ?? DEFAULT_REDIS_PREFIX}:socket.io`,
      requestsTimeout: 2000,
    }),
  )
  return () => {
    stopped = true
    for (const stop of stopWatching) stop()
    reconnects.cancel()
    pub.disconnect()
    sub.disconnect()
  }
}

/**
 * The sockets in `room` in every process; this process's own when the others can't be asked within
 * `timeoutMs` (Redis down), so presence and room moves never hang on Redis.
 */
export const socketsIn = async (io: DeskIo, room: string | string[], timeoutMs = 2500) => {
  let timer: NodeJS.Timeout | undefined
  const everywhere = io.in(room).fetchSockets()
  everywhere.catch(() => {})
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), timeoutMs)
  })
  const found = await Promise.race([everywhere, late]).catch(() => null)
  clearTimeout(timer)
  return found ?? io.local.in(room).fetchSockets()
}
