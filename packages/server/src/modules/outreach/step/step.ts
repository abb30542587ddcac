import { digitsOnly, JOB_MAX_CONSECUTIVE_FAILURES, type JobPauseReason, type JobWaitReason } from '@desk/api-client'
import type { Db, JobRow } from '../../../db'
import { storedProviderId } from '../../../drivers/clean'
import type { MessagingDriver } from '../../../drivers/types'
import { AppError } from '../../../http/errors'
import type { StepOutcome } from '../../../jobs/runtime'
import type { SentCopy } from '../conversation-copy'
import type { KindRegistry } from '../kinds'
import { parseWindow } from '../mapping'
import { dayKey, nextDayStart, nextWindowOpening, randomWait } from '../pacing'
import {
  ACTIVE_STATUSES,
  dailyCount,
  findJobRow,
  isOptedOut,
  type JobChanges,
  moveAllCounted,
  moveCounted,
  moveRecipient,
  nextQueued,
  recordSent,
  releaseConnectionLease,
  releaseJobLease,
  renewJobLease,
  takeConnectionLease,
  takeJobLease,
  updateJobIf,
} from '../repository'
import { keepLease, runWhole } from './run-whole'

/** How a job's announcements are made: `update` on status moves, `progress` per recipient, `done` at the end. */
export type Announce = (jobId: number, action: 'update' | 'progress' | 'done') => void

export interface StepDeps {
  db: Db
  kinds: KindRegistry
  /** The connection's running driver, if any. */
  driverOf: (connectionId: number) => Promise<MessagingDriver | undefined>
  announce: Announce
  /** Keeps a sent message in the customer's conversation (see `createConversationCopy`); a failure only logs. */
  copyToConversation?: (sent: SentCopy) => Promise<void>
  /** Names this process in leases (unique per process). */
  holder: string
  log?: (error: unknown, message: string) => void
  now?: () => Date
  random?: () => number
  /** How long a step holds its job (renewed while it runs). */
  jobLeaseMs?: number
  /** A send not answered by then is recorded `uncertain`. */
  sendTimeoutMs?: number
  /** When another job holds the connection, try again after this long. */
  busyRetryMs?: number
  /** A step handles due work inline for up to this long, then yields to other jobs. */
  inlineBudgetMs?: number
  /** A step that failed (the database refused or lost a write) runs again after this long. */
  retryMs?: number
}

type Outcome = { type: 'again' } | { type: 'wait'; at: Date } | { type: 'stop' }
const again: Outcome = { type: 'again' }
const stop: Outcome = { type: 'stop' }

class SendTimeout extends Error {}

const withTimeout = <T>(promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeout('no answer from the network')), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500)

/**
 * The outreach job's step (the `outreach.step` kind on the durable work runtime): it holds the job (a
 * lease in the database), then does whatever is due — start, wait for the window, the cap or the random
 * interval, send the next recipient — and answers when the job wants to run next (nothing: paused or
 * finished). A step run early (a job woken twice) finds nothing due and answers the job's next time. Each send is
 * claimed (`queued` → `sending`, committed) under the connection's lease before the network call
 * and confirmed after it, the recipient's new state and the job's counters in one transaction; a
 * recipient still `sending` when a step takes the job was interrupted by a crash (or its outcome
 * could not be written) and becomes `uncertain`, never sent again.
 */
export const createStepper = (deps: StepDeps) => {
  const { db, announce, holder } = deps
  const now = deps.now ?? (() => new Date())
  const random = deps.random ?? Math.random
  const jobLeaseMs = deps.jobLeaseMs ?? 30_000
  const sendTimeoutMs = deps.sendTimeoutMs ?? 20_000
  const busyRetryMs = deps.busyRetryMs ?? 100
  const inlineBudgetMs = deps.inlineBudgetMs ?? 500
  const retryMs = deps.retryMs ?? 5000
  const iso = () => now().toISOString()
  const later = (ms: number) => new Date(now().getTime() + ms)

  const wait = async (row: JobRow, at: Date, reason: JobWaitReason | null, changes: JobChanges = {}) => {
    await updateJobIf(
      db,
      row.id,
      ACTIVE_STATUSES,
      { ...changes, nextRunAt: at.toISOString(), waitingReason: reason },
      iso(),
    )
    const shown = reason === 'startAt' || reason === 'window' || reason === 'dailyCap'
    if (shown && reason !== row.waitingReason) announce(row.id, 'update')
    return at.getTime() <= now().getTime() ? again : ({ type: 'wait', at } as const)
  }

  const pause = async (row: JobRow, reason: JobPauseReason) => {
    const changes = { status: 'paused' as const, pauseReason: reason, nextRunAt: null, waitingReason: null }
    if (await updateJobIf(db, row.id, ACTIVE_STATUSES, changes, iso())) announce(row.id, 'update')
    return stop
  }

  const finish = async (row: JobRow, error?: string) => {
    const status = error ? ('failed' as const) : ('done' as const)
    const changes = { status, error: error ?? null, finishedAt: iso(), nextRunAt: null, waitingReason: null }
    if (await updateJobIf(db, row.id, ACTIVE_STATUSES, changes, iso())) {
      announce(row.id, 'done')
      // A job with failed recipients may be retried: its kind keeps what it loaded (the media file) for it.
      const retryable = ((await findJobRow(db, row.id))?.failed ?? 0) > 0
      await deps.kinds[row.kind as keyof KindRegistry]
        ?.release?.(row.id, { retryable })
        .catch((e) => deps.log?.(e, `job ${row.id}: kind not released`))
    }
    return stop
  }

  /** Marks recipients a crashed step left in `sending` as `uncertain` (call while holding the job). */
  const recoverInterrupted = async (jobId: number) => {
    const n = await moveAllCounted(db, jobId, 'sending', { state: 'uncertain', reason: 'interrupted' }, iso())
    if (n) announce(jobId, 'update')
  }

  const sendNext = async (
    row: JobRow,
    connectionId: number,
    driver: MessagingDriver,
    next: { id: number; address: string | null; entry: string },
  ) => {
    const address = next.address ?? ''
    if (!address.endsWith('@g.us') && (await isOptedOut(db, digitsOnly(address)))) {
      if (await moveCounted(db, row.id, next.id, 'queued', { state: 'skipped', reason: 'optedOut' }, iso())) {
        announce(row.id, 'progress')
      }
      return again
    }
    const handler = deps.kinds[row.kind as keyof KindRegistry]
    const payload = handler?.payload.safeParse(JSON.parse(row.payload))
    if (!handler?.send || !payload?.success) {
      return finish(row, handler?.send ? 'invalid payload' : `no handler for ${row.kind}`)
    }
    const ctx = { jobId: row.id, connectionId, driver, db }
    const recipient = { address, entry: next.entry }
    const skipped = await handler.skip?.(ctx, recipient, payload.data)
    if (skipped) {
      if (await moveCounted(db, row.id, next.id, 'queued', { state: 'skipped', reason: skipped }, iso())) {
        announce(row.id, 'progress')
      }
      return again
    }
    if (handler.prepare) {
      // Loaded before the connection is held or the recipient claimed: a slow download never
      // holds the line, and a file that cannot be loaded fails the recipient, never leaves it uncertain.
      const stopKeeping = keepLease(db, row.id, holder, () => later(jobLeaseMs).toISOString(), jobLeaseMs / 3)
      const failure = await handler.prepare(ctx, payload.data).then(
        () => null,
        (error: unknown) => error,
      )
      stopKeeping()
      if (failure !== null) {
        const reason = failure instanceof AppError ? failure.code : reasonOf(failure)
        await moveCounted(db, row.id, next.id, 'queued', { state: 'failed', reason }, iso(), 'increment')
        return afterSend(row, 'increment')
      }
    }
    const sender = `${holder}:job:${row.id}`
    if (!(await takeConnectionLease(db, connectionId, sender, iso(), later(sendTimeoutMs + 5000).toISOString()))) {
      return wait(row, later(busyRetryMs), 'connectionBusy')
    }
    let streak: 'reset' | 'increment' = 'reset'
    try {
      if (!(await moveRecipient(db, next.id, 'queued', { state: 'sending' }, iso()))) return again
      // Only the network's answer is the outcome. A write of it that fails throws out of the step with the
      // recipient still `sending` (the next step makes it `uncertain`): never `failed`, which a retry sends again.
      const send = handler.send.bind(handler)
      const attempt = async () => withTimeout(send(ctx, recipient, payload.data), sendTimeoutMs)
      const outcome = await attempt().then(
        (sent) => ({ sent }),
        (error: unknown) => ({ error }),
      )
      if ('sent' in outcome) {
        const day = dayKey(now(), parseWindow(row.window)?.timeZone)
        const providerMessageId = storedProviderId(outcome.sent.providerMessageId)
        const recorded = await recordSent(
          db,
          { jobId: row.id, id: next.id, providerMessageId, connectionId, day },
          iso(),
        )
        const keep = recorded && deps.copyToConversation && handler.conversationCopy
        if (keep) {
          await Promise.resolve()
            .then(() => handler.conversationCopy?.(payload.data, { ...ctx, recipient }))
            .then((copy) =>
              copy
                ? deps.copyToConversation?.({ jobId: row.id, connectionId, address, providerMessageId, ...copy })
                : undefined,
            )
            .catch((error) => deps.log?.(error, `job ${row.id}: message not kept in the conversation`))
        }
      } else {
        const uncertain = outcome.error instanceof SendTimeout
        streak = uncertain ? 'reset' : 'increment'
        const to = { state: uncertain ? ('uncertain' as const) : ('failed' as const), reason: reasonOf(outcome.error) }
        await moveCounted(db, row.id, next.id, 'sending', to, iso(), streak)
      }
    } finally {
      await releaseConnectionLease(db, connectionId, sender)
    }
    return afterSend(row, streak)
  }

  /** After a recipient: progress, a pause after too many failures in a row, else the random wait. */
  const afterSend = async (row: JobRow, streak: 'reset' | 'increment') => {
    announce(row.id, 'progress')
    if (streak === 'increment' && row.consecutiveFailures + 1 >= JOB_MAX_CONSECUTIVE_FAILURES)
      return pause(row, 'failures')
    const onlyBefore = deps.kinds[row.kind as keyof KindRegistry]?.waitsOnlyBefore
    const seconds = onlyBefore ? 0 : randomWait(row.minInterval, row.maxInterval, random)
    return wait(row, later(seconds * 1000), seconds ? 'interval' : null, { phase: 'after' })
  }

  /** Does the one thing due for a job now. */
  const advance = async (row: JobRow): Promise<Outcome> => {
    if (row.status === 'queued') {
      if (row.startAt && new Date(row.startAt) > now()) return wait(row, new Date(row.startAt), 'startAt')
      if (await updateJobIf(db, row.id, ['queued'], { status: 'running', waitingReason: null }, iso())) {
        announce(row.id, 'update')
      }
      return again
    }
    const connectionId = row.connectionId
    const driver = connectionId === null ? undefined : await deps.driverOf(connectionId)
    if (connectionId === null || !driver?.isConnected()) return pause(row, 'disconnected')
    const handler = deps.kinds[row.kind as keyof KindRegistry]
    if (handler?.run) {
      const payload = handler.payload.safeParse(JSON.parse(row.payload))
      if (!payload.success) return finish(row, 'invalid payload')
      const leaseUntil = () => later(jobLeaseMs).toISOString()
      const ctx = { jobId: row.id, connectionId, driver }
      const stopKeeping = keepLease(db, row.id, holder, leaseUntil, jobLeaseMs / 3)
      const end = await runWhole({ db, announce, holder, iso, leaseUntil }, row, ctx, handler, payload.data).finally(
        stopKeeping,
      )
      if (end.type === 'pause') return pause(row, 'disconnected')
      return end.type === 'finish' ? finish(row, end.error) : stop
    }
    const window = parseWindow(row.window)
    const opening = nextWindowOpening(window, now())
    if (opening) return wait(row, opening, 'window')
    if (row.phase === 'after') return wait(row, now(), null, { phase: 'before' })
    if (row.dailyCap !== null) {
      const zone = window?.timeZone ?? 'UTC'
      if ((await dailyCount(db, connectionId, dayKey(now(), zone))) >= row.dailyCap) {
        const tomorrow = nextDayStart(now(), zone)
        return wait(row, nextWindowOpening(window, tomorrow) ?? tomorrow, 'dailyCap')
      }
    }
    const next = await nextQueued(db, row.id)
    if (!next) return finish(row)
    if (row.phase === 'before') {
      const seconds = randomWait(row.minInterval, row.maxInterval, random)
      return wait(row, later(seconds * 1000), seconds ? 'interval' : null, { phase: 'send' })
    }
    return sendNext(row, connectionId, driver, next)
  }

  /**
   * When a job another process holds, or one not due yet, wants its step: at its next step time, not
   * before the holder's lease ends (nothing, when the job is paused or finished).
   */
  const whenFree = async (jobId: number): Promise<StepOutcome> => {
    const row = await findJobRow(db, jobId)
    if (!row || !ACTIVE_STATUSES.includes(row.status as 'queued') || !row.nextRunAt) return undefined
    const heldUntil = row.leaseHolder && row.leaseUntil ? new Date(row.leaseUntil).getTime() : 0
    return { again: new Date(Math.max(new Date(row.nextRunAt).getTime(), heldUntil, Date.now() + busyRetryMs)) }
  }

  /** Runs a job's due work; answers when to run it again (nothing when it is paused or finished). */
  const step = async (jobId: number): Promise<StepOutcome> => {
    const started = Date.now()
    if (!(await takeJobLease(db, jobId, holder, iso(), later(jobLeaseMs).toISOString()))) return whenFree(jobId)
    try {
      await recoverInterrupted(jobId)
      for (;;) {
        const row = await findJobRow(db, jobId)
        if (!row || !ACTIVE_STATUSES.includes(row.status as 'queued')) return undefined
        const outcome = await advance(row)
        if (outcome.type === 'stop') return undefined
        if (outcome.type === 'wait') return { again: outcome.at }
        if (Date.now() - started > inlineBudgetMs) return { again: now() }
        await renewJobLease(db, jobId, holder, later(jobLeaseMs).toISOString())
        // Requests and sockets get their turn between two recipients (SQLite itself never waits on I/O).
        await new Promise<void>((resolve) => setImmediate(resolve))
      }
    } catch (error) {
      deps.log?.(error, `job ${jobId}: step failed, trying again shortly`)
      return { again: later(retryMs) }
    } finally {
      await releaseJobLease(db, jobId, holder).catch((error) => deps.log?.(error, `job ${jobId}: lease not released`))
    }
  }

  /** At start: recipients left `sending` by a process that stopped become `uncertain` (under each job's lease). */
  const recoverAll = async (jobIds: number[]) => {
    for (const jobId of jobIds) {
      if (!(await takeJobLease(db, jobId, holder, iso(), later(jobLeaseMs).toISOString(), false))) continue
      try {
        await recoverInterrupted(jobId)
      } finally {
        await releaseJobLease(db, jobId, holder)
      }
    }
  }

  return { step, recoverAll }
}

export type Stepper = ReturnType<typeof createStepper>
