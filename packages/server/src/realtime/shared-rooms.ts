import { createAdapter } from '@socket.io/redis-adapter'
import { Redis } from 'ioredis'
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
 * Live events across server processes. With `REDIS_URL`, every process's socket.io server shares its rooms
 * through Redis pub/sub (socket.io's Redis adapter): an event published by the process that handled a
 * request reaches the sockets connected to any process (agents' lists and conversations, widget frames),
 * and `fetchSockets` (presence, moving a user's sockets between rooms) sees them all. Without Redis the
 * desk is one process and its own rooms are all there is.
 *
 * Redis down never holds the desk: events still reach this process's sockets at once, publishes wait in
 * the client's queue until Redis answers, one warning says where Redis was expected, and `socketsIn`
 * falls back to this process's sockets when the others can't be asked in time.
 */
export const shareRoomsThroughRedis = (
  io: DeskIo,
  options: { redisUrl: string; prefix?: string; warn?: (message: string) => void },
) => {
  const where = whereIs(options.redisUrl)
  let down = false
  // A publish waits through two reconnection attempts, then fails: while Redis is down, events are not queued
  // without bound (they still reach this process's sockets). The subscriptions wait for Redis however long
  // it takes, so a process started while Redis was down hears the others once it answers.
  const pub = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, retryStrategy: (n) => Math.min(n * 200, 5000) })
  const sub = pub.duplicate({ maxRetriesPerRequest: null })
  for (const client of [pub, sub]) {
    // The adapter publishes without waiting for the answer: a publish that fails (Redis down, the client
    // closing) must not become an unhandled rejection, which would end the process. Callers that wait
    // (`fetchSockets`) still see the failure.
    const send = client.sendCommand.bind(client)
    client.sendCommand = ((command, stream) => {
      command.promise.catch(() => {})
      return send(command, stream)
    }) as typeof client.sendCommand
    client.on('error', (error: NodeJS.ErrnoException) => {
      if (down) return
      down = true
      options.warn?.(
        `Redis at ${where} is not reachable (${error.code ?? error.message}): live events reach only this process's sockets until it answers; retrying`,
      )
    })
    client.on('ready', () => {
      down = false
    })
  }
  io.adapter(createAdapter(pub, sub, { key: `${options.prefix ?? 'desk'}:socket.io`, requestsTimeout: 2000 }))
  return () => {
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
