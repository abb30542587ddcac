import { Redis } from 'ioredis'

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
 * The work runtime's connection to Redis: it retries on its own (every few seconds at most), tells the
 * operator once per outage where Redis was expected and when it answers again, and calls `back` each
 * time it is ready (at first and after every outage) so the database's work is handed over.
 */
export const connectWorkRedis = (
  url: string,
  { warn, back }: { warn?: (message: string) => void; back: () => void },
) => {
  const where = whereIs(url)
  let down = false
  const redis = new Redis(url, { maxRetriesPerRequest: null, retryStrategy: (times) => Math.min(times * 200, 5000) })
  redis.on('error', (error: NodeJS.ErrnoException) => {
    if (down) return
    down = true
    warn?.(
      `Redis at ${where} is not reachable (${error.code ?? error.message}): background work waits until it answers; retrying`,
    )
  })
  redis.on('ready', () => {
    if (down) warn?.(`Redis at ${where} answers again: background work goes on`)
    down = false
    back()
  })
  return redis
}

/**
 * A queue's or worker's error handler that leaves lost connections to the connection's own warning: they
 * can hear of one before the connection says so (an error with a code, or ioredis's "Connection is closed").
 */
export const unlessConnectionError =
  (report: (error: Error) => void) =>
  (error: NodeJS.ErrnoException): void => {
    const lost = Boolean(error.code) || /connection is closed/i.test(error.message)
    if (!lost) report(error)
  }
