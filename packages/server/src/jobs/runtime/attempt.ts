import type { Db } from '../../db'
import { extendLease, finishWork, setProgress, type WorkRow } from './repository'
import type { WorkContext, WorkKind } from './types'

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000)

/**
 * Runs one attempt of work `holder` has claimed, and records its outcome while `holder` still has it:
 * done, queued for the step's next time (or the next period of a recurring kind), queued again after a
 * failure with a wait that doubles each time, or failed after the kind's `maxAttempts` (then `onGiveUp`).
 * Both runtimes run their steps through here; they differ only in how they learn that work is due.
 */
export const runAttempt = async (
  { db, holder, log }: { db: Db; holder: string; log?: (error: unknown, message: string) => void },
  kind: WorkKind<unknown>,
  row: WorkRow,
): Promise<void> => {
  const leaseMs = kind.leaseMs ?? 120_000
  const context: WorkContext<unknown> = {
    id: row.id,
    payload: JSON.parse(row.payload),
    attempt: row.attempts + 1,
    heartbeat: () =>
      extendLease(db, row.id, holder, new Date(Date.now() + leaseMs).toISOString(), new Date().toISOString()),
    progress: async (value) => {
      await setProgress(db, row.id, JSON.stringify(value ?? null), new Date().toISOString())
    },
  }
  let outcome: Awaited<ReturnType<WorkKind['step']>>
  try {
    outcome = await kind.step(context)
  } catch (error) {
    const now = Date.now()
    if (kind.logFailures !== false) log?.(error, `${kind.kind} ${row.id} failed (attempt ${context.attempt})`)
    if (row.everyMs) {
      const runAt = new Date(now + row.everyMs).toISOString()
      await finishWork(
        db,
        row.id,
        holder,
        { state: 'queued', runAt, error: errorText(error), resetAttempts: true },
        new Date(now).toISOString(),
      )
      return
    }
    if (context.attempt >= (kind.maxAttempts ?? 5)) {
      if (
        await finishWork(db, row.id, holder, { state: 'failed', error: errorText(error) }, new Date(now).toISOString())
      )
        await kind.onGiveUp?.(context, error)
      return
    }
    const wait = Math.min((kind.backoffMs ?? 30_000) * 2 ** (context.attempt - 1), kind.maxBackoffMs ?? 3_600_000)
    const runAt = new Date(now + wait).toISOString()
    await finishWork(
      db,
      row.id,
      holder,
      { state: 'queued', runAt, error: errorText(error) },
      new Date(now).toISOString(),
    )
    return
  }
  const now = Date.now()
  const next = outcome?.again ?? (row.everyMs ? new Date(now + row.everyMs) : undefined)
  await finishWork(
    db,
    row.id,
    holder,
    next
      ? { state: 'queued', runAt: next.toISOString(), error: null, resetAttempts: true }
      : { state: 'done', error: null },
    new Date(now).toISOString(),
  )
}
