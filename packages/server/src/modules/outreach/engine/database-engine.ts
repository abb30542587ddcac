import type { Db } from '../../../db'
import { dueJobIds, jobsInterruptedMidSend } from '../repository'
import type { Stepper } from './step'
import type { JobEngine } from './types'

export interface DatabaseEngineOptions {
  db: Db
  stepper: Stepper
  /** How often the database is asked for due jobs (steps woken in this process run on a timer). */
  pollMs?: number
  log?: (error: unknown, message: string) => void
}

/** Timers further out than this are left to the poller. */
const MAX_TIMER_MS = 60 * 60 * 1000

/**
 * The embedded engine: a timer per job woken in this process, and a poller that picks up due jobs
 * nobody holds (woken by another process, or before a restart). Each job runs one step at a time here;
 * the job's lease keeps other processes off it.
 */
export const createDatabaseEngine = ({ db, stepper, pollMs = 1000, log }: DatabaseEngineOptions): JobEngine => {
  const timers = new Map<number, NodeJS.Timeout>()
  const running = new Map<number, Promise<void>>()
  const rerun = new Set<number>()
  let stopped = true
  let poller: NodeJS.Timeout | undefined
  let polling = false

  const schedule = (jobId: number, at: Date) => {
    if (stopped) return
    clearTimeout(timers.get(jobId))
    timers.delete(jobId)
    const delay = Math.max(0, at.getTime() - Date.now())
    if (delay > MAX_TIMER_MS) return
    const timer = setTimeout(() => {
      timers.delete(jobId)
      run(jobId)
    }, delay)
    timer.unref()
    timers.set(jobId, timer)
  }

  const run = (jobId: number) => {
    if (stopped) return
    if (running.has(jobId)) {
      rerun.add(jobId)
      return
    }
    const work = stepper
      .step(jobId)
      .then((next) => {
        if (next) schedule(jobId, next)
      })
      .catch((error) => log?.(error, `job ${jobId}: step failed`))
      .finally(() => {
        running.delete(jobId)
        if (rerun.delete(jobId)) run(jobId)
      })
    running.set(jobId, work)
  }

  const poll = async () => {
    if (polling || stopped) return
    polling = true
    try {
      for (const id of await dueJobIds(db, new Date().toISOString(), 50)) if (!running.has(id)) run(id)
    } catch (error) {
      log?.(error, 'job poll failed')
    } finally {
      polling = false
    }
  }

  return {
    name: 'database',
    async start() {
      if (!stopped) return
      await stepper.recoverAll(await jobsInterruptedMidSend(db, new Date().toISOString()))
      stopped = false
      poller = setInterval(() => void poll(), pollMs)
      poller.unref()
      void poll()
    },
    async stop() {
      stopped = true
      clearInterval(poller)
      for (const timer of timers.values()) clearTimeout(timer)
      timers.clear()
      rerun.clear()
      while (running.size) await Promise.allSettled([...running.values()])
    },
    async wake(jobId, at) {
      if (at.getTime() <= Date.now()) run(jobId)
      else schedule(jobId, at)
    },
  }
}
