import type { Redis } from 'ioredis'

export interface RedisWatchdogOptions {
  /** How often the connection is checked. */
  intervalMs: number
  /** How long a PING may go unanswered before the connection counts as lost. */
  timeoutMs: number
  /** The connection is about to be dropped because it went silent; `reason` says how. */
  onSilent: (reason: string) => void
}

/** Resolves once `answer` settles or `ms` have passed: whether it settled in time. */
const settlesWithin = (answer: Promise<unknown>, ms: number) =>
  new Promise<boolean>((resolve) => {
    let settled = false
    const done = () => {
      settled = true
      resolve(true)
    }
    answer.then(done, done)
    const timer = setTimeout(
      // A process that was busy past the deadline may hold the answer unread: socket reads run before
      // `setImmediate`, so the answer is seen if it arrived.
      () => setImmediate(() => resolve(settled)),
      ms,
    )
    timer.unref()
  })

/**
 * Notices a connection to Redis that went silent: a half-open TCP connection (a network partition, a NAT or
 * firewall that dropped the flow, a frozen Redis) raises no error and no close, so ioredis would wait on it
 * forever. Every `intervalMs`, a ready connection is sent a PING (a subscriber answers it too); one not
 * answered within `timeoutMs`, or a connection that stays opened but unanswered (Redis never completed its
 * ready check) across two checks in a row, is destroyed, and ioredis reconnects as after any lost
 * connection. One check runs at a time, so a slow Redis gets at most one PING a connection in flight.
 * Answers a function that stops the checks.
 */
export const watchRedis = (client: Redis, options: RedisWatchdogOptions) => {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  /** The socket seen opened but not ready at the previous check. */
  let notReady: unknown
  const drop = (stream: Redis['stream'], reason: string) => {
    options.onSilent(reason)
    stream.destroy()
  }
  const check = async () => {
    const stream = client.stream
    if (client.status === 'ready') {
      notReady = undefined
      const answered = await settlesWithin(client.ping(), options.timeoutMs)
      // Dropped or replaced meanwhile: ioredis already knows.
      if (!answered && !stopped && client.stream === stream && client.status === 'ready') {
        drop(stream, `no answer to PING within ${options.timeoutMs} ms`)
      }
    } else if (client.status === 'connect') {
      if (notReady === stream) drop(stream, 'a new connection got no answer')
      else notReady = stream
    } else {
      notReady = undefined
    }
  }
  const next = () => {
    if (stopped) return
    timer = setTimeout(() => {
      check().then(next, next)
    }, options.intervalMs)
    timer.unref()
  }
  next()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
