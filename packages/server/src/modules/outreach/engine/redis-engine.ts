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
  log?: (error: unknown, message: string) => void
}

/**
 * The engine with `REDIS_URL`: each step is a delayed BullMQ job whose id is the job and its due
 * time, so waking a job twice for the same moment adds it once. The worker runs the same step
 * function as the embedded engine, and schedules the next step it answers.
 */
export const createRedisEngine = (options: RedisEngineOptions): JobEngine => {
  const { db, stepper, log } = options
  const queueName = options.queueName ?? 'desk-jobs'
  const prefix = options.prefix ?? 'desk'
  const connect = () => {
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null })
    redis.on('error', (error) => log?.(error, 'Redis connection error'))
    return redis
  }
  let queueConnection: Redis | undefined
  let workerConnection: Redis | undefined
  let queue: Queue | undefined
  let worker: Worker | undefined
  let reconciler: NodeJS.Timeout | undefined

  const wake = async (jobId: number, at: Date) => {
    if (!queue) return
    const delay = Math.max(0, at.getTime() - Date.now())
    await queue.add(
      'step',
      { jobId },
      { jobId: `job-${jobId}-${at.getTime()}`, delay, removeOnComplete: true, removeOnFail: true },
    )
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
      worker.on('error', (error) => log?.(error, 'job worker error'))
      for (const row of await scheduledJobs(db)) if (row.nextRunAt) await wake(row.id, new Date(row.nextRunAt))
      reconciler = setInterval(() => {
        reconcile().catch((error) => log?.(error, 'job reconcile failed'))
      }, options.reconcileMs ?? 10_000)
      reconciler.unref()
    },
    async stop() {
      clearInterval(reconciler)
      await worker?.close()
      await queue?.close()
      queueConnection?.disconnect()
      workerConnection?.disconnect()
      worker = undefined
      queue = undefined
    },
    wake,
  }
}
