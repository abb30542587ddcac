import type { Db } from '../../db'
import type { Publisher } from '../../realtime/publisher'
import { toJob } from './mapping'
import { findJobRow } from './repository'
import type { Announce } from './step/step'

/** Progress of one job is announced at most this often; status changes at once. */
export const PROGRESS_EVERY_MS = 250

/**
 * Turns the step's and the service's announcements into `job` socket events with the whole job,
 * read fresh from its row. Progress is throttled per job (the last one always goes out).
 */
export const createAnnouncer = (db: Db, publisher: Publisher, log?: (error: unknown, message: string) => void) => {
  const lastProgress = new Map<number, number>()
  const pending = new Map<number, NodeJS.Timeout>()

  const emit = async (jobId: number, action: 'create' | 'update' | 'progress' | 'done') => {
    const row = await findJobRow(db, jobId)
    if (row) publisher.job({ action, job: toJob(row) })
  }
  const send = (jobId: number, action: 'create' | 'update' | 'progress' | 'done') =>
    void emit(jobId, action).catch((error) => log?.(error, `job ${jobId}: event not sent`))

  const announce: Announce & ((jobId: number, action: 'create') => void) = (jobId, action) => {
    if (action !== 'progress') {
      clearTimeout(pending.get(jobId))
      pending.delete(jobId)
      if (action === 'done') lastProgress.delete(jobId)
      return send(jobId, action)
    }
    if (pending.has(jobId)) return
    const since = Date.now() - (lastProgress.get(jobId) ?? 0)
    const timer = setTimeout(
      () => {
        pending.delete(jobId)
        lastProgress.set(jobId, Date.now())
        send(jobId, 'progress')
      },
      Math.max(0, PROGRESS_EVERY_MS - since),
    )
    timer.unref()
    pending.set(jobId, timer)
  }

  const stop = () => {
    for (const timer of pending.values()) clearTimeout(timer)
    pending.clear()
  }

  return { announce, stop }
}
