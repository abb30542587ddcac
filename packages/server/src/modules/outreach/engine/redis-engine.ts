import { Queue, Worker } from 'bullmq'
import { Redis } from 'ioredis'
import type { Db } from '../../../db'
import { dueJobIds, jobsInterruptedMidSend, scheduledJobs } from '../repository'
import type { Stepper } from './step'
import type { JobEngine } from './types'

export interface RedisEngineOptions {
  db: Db
  stepper: Stepper
  redisUrl: string
  /** Key prefix in Redis (tests use their own). */
  prefix?: string
  queueName?: string
  concurrency?: number
  /** How often the database is checked for due jobs Redis lost (a flushed or new Redis). */
  reconcileMs?: number
  /** How long `stop` lets the steps under way finish when Redis does not answer. */
  stopTimeoutMs?: number
  /** How long a wake waits for Redis before leaving the job to the next reconcile. */
  wakeTimeoutMs?: number
  log?: (error: unknown, message: string) => void
  /** Connection news for the operator: Redis unreachable (once per outage), and back. */
  warn?: (message: string) => void
}

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
 * The engine with `REDIS_URL`: each step is a delayed BullMQ job whose id is the job and its due
 * time, so waking a job twice for the same moment adds it once. The worker runs the same step
 * function as the embedded engine, and schedules the next step it answers.
 *
 * Redis down never holds the desk: `start` does not wait for it (the desk serves tickets without
 * Redis), the connections retry on their own, one warning says where Redis was expected, and every
 * time Redis answers (at first or again) the jobs due or scheduled in the database are handed to it.
 * A job created meanwhile is stored and starts once Redis answers.
 */
export const createRedisEngine = (options: RedisEngineOptions): JobEngine => {
  const { db, stepper, log } = options
  const queueName = options.queueName ?? 'desk-jobs'
  const prefix = options.prefix ?? 'desk'
  const where = whereIs(options.redisUrl)
  let down = false
  const connect = () => {
    const redis = new Redis(options.redisUrl, {
      maxRetriesPerRequest: null,
      retryStrategy: (times) => Math.min(times * 200, 5000),
    })
    redis.on('error', (error: NodeJS.ErrnoException) => {
      if (down) return
      down = true
      options.warn?.(
        `Redis at ${where} is not reachable (${error.code ?? error.message}): outreach jobs wait until it answers; retrying`,
      )
    })
    return redis
  }
  let queueConnection: Redis | undefined
  let workerConnection: Redis | undefined
  let queue: Queue | undefined
  let worker: Worker | undefined
  let reconciler: NodeJS.Timeout | undefined

  const wake = async (jobId: number, at: Date) => {
    // Without Redis the job stays due in the database: handed over when Redis answers again.
    if (!queue || queueConnection?.status !== 'ready') return
    const delay = Math.max(0, at.getTime() - Date.now())
    const added = queue.add(
      'step',
      { jobId },
      { jobId: `job-${jobId}-${at.getTime()}`, delay, removeOnComplete: true, removeOnFail: true },
    )
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.wakeTimeoutMs ?? 2000)
    })
    await Promise.race([added.then(() => undefined), late]).finally(() => clearTimeout(timer))
    added.catch((error) => log?.(error, `job ${jobId} could not be handed to Redis`))
  }

  /** Hands Redis every job the database says is due or scheduled (waking twice for one moment adds it once). */
  const handOver = async () => {
    for (const row of await scheduledJobs(db)) if (row.nextRunAt) await wake(row.id, new Date(row.nextRunAt))
  }

  const reconcile = async () => {
    const grace = new Date(Date.now() - 2000).toISOString()
    for (const id of await dueJobIds(db, grace, 100)) await wake(id, new Date())
  }

  return {
    name: 'redis',
    async start() {
      if (queue) return
      await stepper.recoverAll(await jobsInterruptedMidSend(db, new Date().toISOString()))
      queueConnection = connect()
      workerConnection = connect()
      queueConnection.on('ready', () => {
        if (down) options.warn?.(`Redis at ${where} answers again: outreach jobs go on`)
        down = false
        handOver().catch((error) => log?.(error, 'handing the jobs to Redis failed'))
      })
      queue = new Queue(queueName, { connection: queueConnection, prefix })
      worker = new Worker(
        queueName,
        async (job) => {
          const jobId = Number((job.data as { jobId: number }).jobId)
          const next = await stepper.step(jobId)
          if (next) await wake(jobId, next)
        },
        { connection: workerConnection, prefix, concurrency: options.concurrency ?? 8 },
      )
      // Connection failures are reported once above; other queue and worker errors are errors.
      // A worker or queue can hear of a lost connection before the connection itself says so: a connection
      // error (a code, or ioredis's "Connection is closed") is the connection's to report, once.
      const unlessDown = (what: string) => (error: NodeJS.ErrnoException) => {
        const connection = Boolean(error.code) || /connection is closed/i.test(error.message)
        if (!connection) log?.(error, what)
      }
      queue.on('error', unlessDown('job queue error'))
      worker.on('error', unlessDown('job worker error'))
      reconciler = setInterval(() => {
        reconcile().catch((error) => log?.(error, 'job reconcile failed'))
      }, options.reconcileMs ?? 10_000)
      reconciler.unref()
    },
    async stop() {
      clearInterval(reconciler)
      // The steps under way finish if Redis lets them; a Redis gone away never holds the shutdown.
      const graceful = (async () => {
        await worker?.close()
        await queue?.close()
      })()
      let timer: NodeJS.Timeout | undefined
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.stopTimeoutMs ?? 10_000)
      })
      await Promise.race([graceful.catch((error) => log?.(error, 'closing the job queue failed')), bound])
      clearTimeout(timer)
      queueConnection?.disconnect()
      workerConnection?.disconnect()
      void worker?.close(true).catch(() => {})
      worker = undefined
      queue = undefined
    },
    wake,
  }
}
