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
 * answered within `timeoutMs`, or a new connection still unanswered (Redis never completed its ready check)
 * `timeoutMs` after a check first found it so, is destroyed, and ioredis reconnects as after any lost
 * connection. One check runs at a time, so a slow Redis gets at most one PING a connection in flight.
 * Answers a function that stops the checks.
 */
export const watchRedis = (client: Redis, options: RedisWatchdogOptions) => {
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  /** The socket found opened but not ready, and since when. */
  let notReady: { stream: unknown; since: number } | undefined
  const drop = (stream: Redis['stream'], reason: string) => {
    options.onSilent(reason)
    stream.destroy()
  }
  const check = async () => {
    if (stopped) return
    const stream = client.stream
    if (client.status === 'ready') {
      notReady = undefined
      const answered = await settlesWithin(client.ping(), options.timeoutMs)
      // Dropped or replaced meanwhile: ioredis already knows.
      if (!answered && !stopped && client.stream === stream && client.status === 'ready') {
        drop(stream, `no answer to PING within ${options.timeoutMs} ms`)
      }
    } else if (client.status === 'connect') {
      if (notReady?.stream !== stream) notReady = { stream, since: Date.now() }
      else if (Date.now() - notReady.since >= options.timeoutMs) drop(stream, 'a new connection got no answer')
    } else {
      notReady = undefined
    }
  }
  const next = () => {
    if (stopped) return
    // After the socket reads due (see `settlesWithin`): a busy process sees what arrived meanwhile.
    timer = setTimeout(() => setImmediate(() => check().then(next, next)), options.intervalMs)
    timer.unref()
  }
  next()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
