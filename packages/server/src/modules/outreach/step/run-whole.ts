import type { Db, JobRow } from '../../../db'
import { AppError } from '../../../http/errors'
import { type JobKindHandler, JobStopped, type KindContext, type RunProgress } from '../kinds'
import { bumpCounters, findJobRow, renewJobLease, updateJobIf } from '../repository'
import type { StepDeps } from './step'

/** Renews a job's hold every `everyMs` while something long runs (a download, an import); answers the stop. */
export const keepLease = (db: Db, jobId: number, holder: string, until: () => string, everyMs: number) => {
  const timer = setInterval(() => {
    renewJobLease(db, jobId, holder, until()).catch(() => {})
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

export type RunEnd = { type: 'finish'; error?: string } | { type: 'pause' } | { type: 'stopped' }

/**
 * Runs a whole-job kind (`run`, e.g. the history import) once: the counters start again from zero
 * (the kind is safe to run again, so a run cut short counts what is left as it goes), each item
 * bumps them and renews the job's hold, and a job paused or cancelled meanwhile stops at the next
 * item. A connection that went away pauses the job; any other error fails it.
 */
export const runWhole = async (
  deps: Pick<StepDeps, 'db' | 'announce' | 'holder'> & { iso: () => string; leaseUntil: () => string },
  row: JobRow,
  ctx: KindContext,
  handler: JobKindHandler,
  payload: unknown,
): Promise<RunEnd> => {
  const { db, announce, holder, iso } = deps
  if (!handler.run) return { type: 'finish', error: `no run for ${row.kind}` }
  await updateJobIf(db, row.id, ['running'], { total: 0, sent: 0, skipped: 0 }, iso())
  const stillRunning = async () => {
    const current = await findJobRow(db, row.id)
    if (current?.status !== 'running') throw new JobStopped()
  }
  const progress: RunProgress = {
    async total(n) {
      await stillRunning()
      await updateJobIf(db, row.id, ['running'], { total: n }, iso())
      announce(row.id, 'progress')
    },
    async item(outcome) {
      await stillRunning()
      await bumpCounters(db, row.id, outcome === 'sent' ? { sent: 1 } : { skipped: 1 }, iso())
      await renewJobLease(db, row.id, holder, deps.leaseUntil())
      announce(row.id, 'progress')
    },
  }
  try {
    await handler.run(ctx, payload, progress)
    return { type: 'finish' }
  } catch (error) {
    if (error instanceof JobStopped) return { type: 'stopped' }
    if (error instanceof AppError && error.code === 'ERR_WAPP_NOT_INITIALIZED') return { type: 'pause' }
    return { type: 'finish', error: (error instanceof Error ? error.message : String(error)).slice(0, 500) }
  }
}
