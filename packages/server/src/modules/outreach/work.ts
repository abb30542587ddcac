import type { Db } from '../../db'
import type { DurableWork } from '../../jobs/runtime'
import { dueJobIds, jobsInterruptedMidSend } from './repository'
import type { Stepper } from './step/step'

/** Each outreach job is one piece of work of this kind, keyed by the job (`outreachKey`). */
export const OUTREACH_KIND = 'outreach.step'
/** Desk-wide, now and then: jobs the database says are due whose work went missing are woken. */
export const OUTREACH_RECONCILE_KIND = 'outreach.reconcile'
export const outreachKey = (jobId: number) => `job-${jobId}`

/** How often (desk-wide) due jobs are matched against their work, and how late a job may be before it is woken. */
const RECONCILE_MS = 30_000
const RECONCILE_GRACE_MS = 5000

/** Outreach jobs as this process runs them: the `outreach.step` kind on the desk's durable work runtime. */
export interface OutreachWork {
  /** The runtime's name: `database`, or `redis` with `REDIS_URL`. */
  readonly name: DurableWork['name']
  /** Marks sends interrupted by a stop as `uncertain`, wakes due jobs, then takes outreach steps here. */
  start(): Promise<void>
  /** This process stops taking outreach steps (other processes go on) and waits for the ones under way. */
  stop(): Promise<void>
  /** Has the job's step run at `at` (now or later); waking a job twice is harmless (its step finds nothing due). */
  wake(jobId: number, at: Date): Promise<void>
}

/**
 * Puts outreach on the durable work runtime. The runtime decides when and where a job's step runs (one
 * process at a time, under its lease, heartbeats while a long step runs); the step holds the job's own
 * lease, claims each recipient before its send and answers its next time. The job row stays the truth of
 * when a step is due: a job woken early answers its time, and the reconcile wakes due jobs whose work
 * went missing (a process stopped between writing a job and waking it, or work pruned by hand).
 */
export const createOutreachWork = ({
  db,
  work,
  stepper,
  leaseMs = 30_000,
  log,
}: {
  db: Db
  work: DurableWork
  stepper: Stepper
  /** How long a process holds a job's work without a heartbeat (renewed a third of the way through). */
  leaseMs?: number
  log?: (error: unknown, message: string) => void
}): OutreachWork => {
  const underWay = new Set<Promise<unknown>>()
  let taking = false

  const wake = (jobId: number, at: Date) =>
    work.wake(OUTREACH_KIND, { jobId }, { dedupeKey: outreachKey(jobId), runAt: at })

  /** Wakes the jobs due since before `before` that nobody holds. */
  const wakeDue = async (before: Date) => {
    for (const jobId of await dueJobIds(db, before.toISOString(), 500)) await wake(jobId, new Date())
  }

  const register = () => {
    work.register<{ jobId: number }>({
      kind: OUTREACH_KIND,
      leaseMs,
      // The step answers its own failures (it tries again shortly); the runtime only records one that escapes.
      maxAttempts: Number.MAX_SAFE_INTEGER,
      backoffMs: 1000,
      maxBackoffMs: 60_000,
      step: async ({ payload, heartbeat }) => {
        const beat = setInterval(() => {
          heartbeat().catch((error) => log?.(error, `job ${payload.jobId}: lease not renewed`))
        }, leaseMs / 3)
        beat.unref()
        const run = stepper.step(payload.jobId).finally(() => clearInterval(beat))
        underWay.add(run)
        try {
          return await run
        } finally {
          underWay.delete(run)
        }
      },
    })
    work.register({
      kind: OUTREACH_RECONCILE_KIND,
      step: () => wakeDue(new Date(Date.now() - RECONCILE_GRACE_MS)),
    })
  }

  return {
    get name() {
      return work.name
    },
    async start() {
      if (taking) return
      await stepper.recoverAll(await jobsInterruptedMidSend(db, new Date().toISOString()))
      await wakeDue(new Date())
      taking = true
      register()
      await work.every(OUTREACH_RECONCILE_KIND, RECONCILE_MS)
    },
    async stop() {
      taking = false
      work.unregister(OUTREACH_KIND)
      work.unregister(OUTREACH_RECONCILE_KIND)
      while (underWay.size) await Promise.allSettled([...underWay])
    },
    wake,
  }
}
