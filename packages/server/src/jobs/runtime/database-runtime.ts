import { randomUUID } from 'node:crypto'
import type { Db } from '../../db'
import { runAttempt } from './attempt'
import {
  claimWork,
  dueWorkIds,
  insertWork,
  nextRunAt,
  pruneWork,
  requeueWork,
  scheduleRecurring,
  setPaused,
  type WorkRow,
  wakeWork,
  workByKey,
  workRow,
} from './repository'
import type { DurableWork, WorkKind } from './types'

export interface DatabaseWorkOptions {
  db: Db
  /** How often the database is asked for due work (work enqueued here runs on a timer at once). */
  pollMs?: number
  /** Steps this process runs at once (default 8): a slow one never holds up the others. */
  concurrency?: number
  /** How long finished work is kept (default a day). */
  keepDoneMs?: number
  log?: (error: unknown, message: string) => void
}

/** Timers further out than this are left to the poller. */
const MAX_TIMER_MS = 60 * 60 * 1000

/**
 * The runtime on the database: a poller (and a timer for work due soon) takes due rows with a
 * conditional write, runs their kind's step, and records the outcome. Every guard lives in the
 * database, so several server processes share the work and each piece runs once at a time.
 */
export const createDatabaseWork = ({
  db,
  pollMs = 1000,
  keepDoneMs = 86_400_000,
  concurrency = 8,
  log,
}: DatabaseWorkOptions): DurableWork => {
  const kinds = new Map<string, WorkKind<unknown>>()
  const holder = `p${process.pid}-${randomUUID().slice(0, 8)}`
  let stopped = true
  let poller: NodeJS.Timeout | undefined
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  const inFlight = new Set<Promise<void>>()
  let lastPrune = 0

  const attempt = (kind: WorkKind<unknown>, row: WorkRow) => runAttempt({ db, holder, log }, kind, row)

  /** Wakes this process when the earliest queued work is due (others' polls catch the rest). */
  const arm = async () => {
    const at = await nextRunAt(db, [...kinds.keys()])
    if (stopped || !at) return
    const delay = Math.max(0, new Date(at).getTime() - Date.now())
    clearTimeout(timer)
    if (delay > MAX_TIMER_MS) return
    timer = setTimeout(kick, delay + 5)
    timer.unref()
  }

  /** Claims due work up to `concurrency` steps under way; each step runs on its own and asks for a pass when done. */
  const pass = async () => {
    for (;;) {
      const room = concurrency - inFlight.size
      if (room <= 0 || stopped) break
      const ids = await dueWorkIds(db, [...kinds.keys()], new Date().toISOString(), room)
      let ran = 0
      for (const id of ids) {
        if (stopped) return
        const row = await workRow(db, id)
        const kind = row && kinds.get(row.kind)
        if (!row || !kind) continue
        const leaseUntil = new Date(Date.now() + (kind.leaseMs ?? 120_000)).toISOString()
        if (!(await claimWork(db, id, holder, new Date().toISOString(), leaseUntil))) continue
        ran += 1
        const step: Promise<void> = attempt(kind, row)
          .catch((error) => log?.(error, `${row.kind} ${id}: attempt failed`))
          .finally(() => {
            inFlight.delete(step)
            kickSoon()
          })
        inFlight.add(step)
      }
      if (ran === 0 || ids.length < room) break
    }
    if (Date.now() - lastPrune > 3_600_000) {
      lastPrune = Date.now()
      await pruneWork(db, new Date(Date.now() - keepDoneMs).toISOString())
    }
    await arm()
  }

  /** Runs a pass now (one at a time; a call during a pass runs another right after it). */
  const kick = () => {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = pass()
      .catch((error) => log?.(error, 'durable work pass failed'))
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          kickSoon()
        }
      })
  }

  /**
   * A pass once the events waiting now have had their turn. SQLite answers without waiting on I/O, so
   * passes that each start the next would otherwise hold every request and socket while work is due.
   */
  const kickSoon = () => {
    setImmediate(kick)
  }

  return {
    name: 'database',
    register(kind) {
      kinds.set(kind.kind, kind as WorkKind<unknown>)
      kick()
    },
    unregister(kind) {
      kinds.delete(kind)
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
      if (id !== undefined && kinds.has(kind)) {
        if (runAt.getTime() <= Date.now()) kick()
        else void arm().catch((error) => log?.(error, 'durable work timer failed'))
      }
      return id ?? null
    },
    async wake(kind, payload, options) {
      const runAt = options.runAt ?? new Date()
      await wakeWork(
        db,
        { kind, payload: JSON.stringify(payload ?? null), dedupeKey: options.dedupeKey, runAt: runAt.toISOString() },
        new Date().toISOString(),
      )
      if (!kinds.has(kind)) return
      if (runAt.getTime() <= Date.now()) kick()
      else void arm().catch((error) => log?.(error, 'durable work timer failed'))
    },
    async every(kind, everyMs) {
      await scheduleRecurring(db, kind, everyMs)
    },
    async retry(kind, dedupeKey) {
      const queued = await requeueWork(db, kind, dedupeKey, new Date().toISOString())
      if (queued) kick()
      return queued
    },
    pause: (kind, dedupeKey) => setPaused(db, kind, dedupeKey, true, new Date().toISOString()),
    async resume(kind, dedupeKey) {
      const resumed = await setPaused(db, kind, dedupeKey, false, new Date().toISOString())
      if (resumed) kick()
      return resumed
    },
    async progressOf(kind, dedupeKey) {
      const row = await workByKey(db, kind, dedupeKey)
      return row?.progress ? JSON.parse(row.progress) : undefined
    },
    kick,
    async start() {
      if (!stopped) return
      stopped = false
      poller = setInterval(kick, pollMs)
      poller.unref()
      kick()
    },
    async stop() {
      stopped = true
      clearInterval(poller)
      clearTimeout(timer)
      await running
      while (inFlight.size) await Promise.allSettled([...inFlight])
    },
  }
}
