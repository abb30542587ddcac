import { randomUUID } from 'node:crypto'
import { type Job, Queue, Worker } from 'bullmq'
import type { Redis } from 'ioredis'
import type { Db } from '../../db'
import { runAttempt } from './attempt'
import { connectWorkRedis, unlessConnectionError } from './redis-link'
import {
  claimWork,
  insertWork,
  pruneWork,
  RECURRING_KEY,
  requeueWork,
  scheduleRecurring,
  setPaused,
  type WorkTiming,
  wakeWork,
  workByKey,
  workRow,
  workToHand,
} from './repository'
import type { DurableWork, WorkKind } from './types'

export interface RedisWorkOptions {
  db: Db
  redisUrl: string
  /** Key prefix in Redis (`REDIS_PREFIX`; tests use their own). */
  prefix?: string
  /** Steps of one kind this process runs at once (default 8). */
  concurrency?: number
  /** How often the database is matched against Redis (default 10 s): due work Redis lost is handed over again. */
  reconcileMs?: number
  /** How late queued work may be before the reconcile hands it over again (default 2 s). */
  graceMs?: number
  /** How long `stop` lets BullMQ close when Redis does not answer (the steps under way always finish). */
  stopTimeoutMs?: number
  /** How long handing work to Redis may take before it is left to the reconcile. */
  handTimeoutMs?: number
  /** How long finished work is kept (default a day). */
  keepDoneMs?: number
  log?: (error: unknown, message: string) => void
  /** Connection news for the operator: Redis unreachable (once per outage), and back. */
  warn?: (message: string) => void
}

/** One BullMQ queue a kind, so a process takes only the kinds it registered. */
const queueName = (kind: string) => `work.${kind}`

/**
 * The runtime with `REDIS_URL`: the database stays the truth of every piece of work (its dedupe key,
 * payload, state, attempts, progress, pause, lease), exactly as on the database runtime, and each step
 * runs through the same claim and the same outcome; BullMQ carries the wake-ups. Each due time is a
 * delayed BullMQ job named after the work, its time and its attempt, so handing the same moment over
 * twice adds it once, and whichever process's worker takes it claims the work in the database first.
 *
 * Redis down never holds the desk: `start` does not wait for it, work is stored and handed over once
 * Redis answers (at first or again), one warning says where Redis was expected, and a reconcile hands
 * Redis the due work it lost (a flushed Redis, a process that died mid-step) every `reconcileMs`.
 */
export const createRedisWork = (options: RedisWorkOptions): DurableWork => {
  const { db, log } = options
  const prefix = options.prefix ?? 'desk'
  const concurrency = options.concurrency ?? 8
  const graceMs = options.graceMs ?? 2000
  const keepDoneMs = options.keepDoneMs ?? 86_400_000
  const holder = `p${process.pid}-${randomUUID().slice(0, 8)}`
  const kinds = new Map<string, WorkKind<unknown>>()
  const queues = new Map<string, Queue>()
  const workers = new Map<string, Worker>()
  const closing = new Set<Promise<void>>()
  const inFlight = new Set<Promise<void>>()
  let connection: Redis | undefined
  let started = false
  let reconciler: NodeJS.Timeout | undefined
  let lastPrune = 0

  const queueOf = (kind: string, redis: Redis) => {
    let queue = queues.get(kind)
    if (!queue) {
      queue = new Queue(queueName(kind), { connection: redis, prefix })
      queue.on(
        'error',
        unlessConnectionError((error) => log?.(error, 'work queue error')),
      )
      queues.set(kind, queue)
    }
    return queue
  }

  /** Tells Redis when the work is due; with Redis away it waits in the database for the next hand-over. */
  const hand = async (work: WorkTiming) => {
    if (!started || !connection || connection.status !== 'ready') return
    const at = new Date(work.runAt).getTime()
    const added = queueOf(work.kind, connection).add(
      'step',
      { id: work.id },
      {
        jobId: `${work.id}-${at}-${work.attempts}`,
        delay: Math.max(0, at - Date.now()),
        removeOnComplete: true,
        removeOnFail: true,
      },
    )
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, options.handTimeoutMs ?? 2000)
    })
    await Promise.race([added.then(() => undefined), late]).finally(() => clearTimeout(timer))
    added.catch((error) => log?.(error, `${work.kind} ${work.id} could not be handed to Redis`))
  }

  /** Hands over the work of a key if it waits for a time (queued, not paused). */
  const handKey = async (kind: string, dedupeKey: string) => {
    const row = await workByKey(db, kind, dedupeKey)
    if (row && row.state === 'queued' && !row.paused) await hand(row)
  }

  /** Hands Redis the work the database has for this process's kinds (queued due by `dueBy`, or all). */
  const handOver = async (dueBy?: Date) => {
    const now = new Date()
    const rows = await workToHand(db, [...kinds.keys()], {
      now: now.toISOString(),
      dueBy: dueBy?.toISOString(),
      limit: 1000,
    })
    for (const row of rows) await hand(row)
    if (Date.now() - lastPrune > 3_600_000) {
      lastPrune = Date.now()
      await pruneWork(db, new Date(Date.now() - keepDoneMs).toISOString())
    }
  }

  /** A step's turn came in Redis: claim the work in the database, run it, and hand over its next time. */
  const take = async (job: Job) => {
    const id = Number((job.data as { id: number }).id)
    const row = await workRow(db, id)
    const kind = row && kinds.get(row.kind)
    if (!row || !kind) return
    const now = Date.now()
    const leaseUntil = new Date(now + (kind.leaseMs ?? 120_000)).toISOString()
    if (await claimWork(db, id, holder, new Date(now).toISOString(), leaseUntil)) {
      const attempt = runAttempt({ db, holder, log }, kind, row)
      inFlight.add(attempt)
      await attempt.finally(() => inFlight.delete(attempt))
    }
    // Its next time (or, when it was not due yet, its time): handed over again.
    const after = await workRow(db, id)
    if (after && after.state === 'queued' && !after.paused) await hand(after)
  }

  const startWorker = (kind: string) => {
    if (!started || !connection || workers.has(kind)) return
    const worker = new Worker(queueName(kind), take, { connection, prefix, concurrency })
    worker.on(
      'error',
      unlessConnectionError((error) => log?.(error, 'work worker error')),
    )
    workers.set(kind, worker)
  }

  const stopWorker = (kind: string) => {
    const worker = workers.get(kind)
    if (!worker) return
    workers.delete(kind)
    const closed: Promise<void> = worker
      .close()
      .catch((error) => log?.(error, `closing the ${kind} worker failed`))
      .finally(() => closing.delete(closed))
    closing.add(closed)
  }

  return {
    name: 'redis',
    register(kind) {
      kinds.set(kind.kind, kind as WorkKind<unknown>)
      startWorker(kind.kind)
    },
    unregister(kind) {
      kinds.delete(kind)
      stopWorker(kind)
    },
    async enqueue(kind, payload, options = {}) {
      const now = new Date()
      const runAt = options.runAt ?? now
      const id = await insertWork(
        db,
        {
          kind,
          payload: JSON.stringify(payload ?? null),
          dedupeKey: options.dedupeKey ?? null,
          runAt: runAt.toISOString(),
        },
        now.toISOString(),
      )
      if (id === undefined) return null
      await hand({ id, kind, runAt: runAt.toISOString(), attempts: 0 })
      return id
    },
    async wake(kind, payload, options) {
      const runAt = options.runAt ?? new Date()
      await wakeWork(
        db,
        { kind, payload: JSON.stringify(payload ?? null), dedupeKey: options.dedupeKey, runAt: runAt.toISOString() },
        new Date().toISOString(),
      )
      await handKey(kind, options.dedupeKey)
    },
    async every(kind, everyMs) {
      await scheduleRecurring(db, kind, everyMs)
      await handKey(kind, RECURRING_KEY)
    },
    async retry(kind, dedupeKey) {
      const queued = await requeueWork(db, kind, dedupeKey, new Date().toISOString())
      if (queued) await handKey(kind, dedupeKey)
      return queued
    },
    pause: (kind, dedupeKey) => setPaused(db, kind, dedupeKey, true, new Date().toISOString()),
    async resume(kind, dedupeKey) {
      const resumed = await setPaused(db, kind, dedupeKey, false, new Date().toISOString())
      if (resumed) await handKey(kind, dedupeKey)
      return resumed
    },
    async progressOf(kind, dedupeKey) {
      const row = await workByKey(db, kind, dedupeKey)
      return row?.progress ? JSON.parse(row.progress) : undefined
    },
    kick() {
      if (started) handOver(new Date()).catch((error) => log?.(error, 'handing the work to Redis failed'))
    },
    async start() {
      if (started) return
      started = true
      connection = connectWorkRedis(options.redisUrl, {
        warn: options.warn,
        back: () => handOver().catch((error) => log?.(error, 'handing the work to Redis failed')),
      })
      for (const kind of kinds.keys()) startWorker(kind)
      reconciler = setInterval(() => {
        handOver(new Date(Date.now() - graceMs)).catch((error) => log?.(error, 'work reconcile failed'))
      }, options.reconcileMs ?? 10_000)
      reconciler.unref()
    },
    async stop() {
      if (!started) return
      started = false
      clearInterval(reconciler)
      const open = [...workers.values()]
      for (const kind of [...workers.keys()]) stopWorker(kind)
      // The steps under way finish (they need only the database); BullMQ closes if Redis lets it.
      while (inFlight.size) await Promise.allSettled([...inFlight])
      const graceful = (async () => {
        await Promise.allSettled([...closing])
        await Promise.allSettled([...queues.values()].map((queue) => queue.close()))
      })()
      let timer: NodeJS.Timeout | undefined
      const bound = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, options.stopTimeoutMs ?? 10_000)
      })
      await Promise.race([graceful, bound])
      clearTimeout(timer)
      connection?.disconnect()
      for (const worker of open) void worker.close(true).catch(() => {})
      queues.clear()
      connection = undefined
    },
  }
}
