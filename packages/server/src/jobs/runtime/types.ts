/**
 * One runtime for the desk's durable background work. A kind registers its step; work of that kind
 * is enqueued (now or later, once per dedupe key) and runs in whichever server process takes it
 * first. The runtime owns when and where a step runs, the lease that keeps other processes off it,
 * retries with backoff, recurring schedules, progress and pause/resume; the kind owns only its step.
 */

/** What a step sees of its piece of work. */
export interface WorkContext<P> {
  id: number
  payload: P
  /** 1 on the first attempt, counting failed ones since the last success. */
  attempt: number
  /** Extends the lease for a long step; false when the lease was lost (another process may run it now). */
  heartbeat(): Promise<boolean>
  /** Records how far the work got (read back with `progressOf`). */
  progress(value: unknown): Promise<void>
}

/** A step's answer: nothing when the work is done, or when to run the next step. */
// biome-ignore lint/suspicious/noConfusingVoidType: a step that returns nothing is done
export type StepOutcome = undefined | void | { again: Date }

export interface WorkKind<P = unknown> {
  kind: string
  step(context: WorkContext<P>): Promise<StepOutcome>
  /** Attempts before the work is `failed` (default 5). A recurring kind just waits for its next time. */
  maxAttempts?: number
  /** The wait after the first failure, doubled after each next one (default 30 s, at most `maxBackoffMs`). */
  backoffMs?: number
  /** The longest wait between attempts (default 1 h). */
  maxBackoffMs?: number
  /** How long a process holds the work without a heartbeat before another may take it (default 2 min). */
  leaseMs?: number
  /** False when the step logs its own failures (the runtime then only records them). */
  logFailures?: boolean
  /** Called once when the work is given up after `maxAttempts`. */
  onGiveUp?(context: WorkContext<P>, error: unknown): Promise<void>
}

export interface EnqueueOptions {
  /** When the work is due (default now). */
  runAt?: Date
  /** The same key for the same kind is one piece of work, however many times (or processes) ask. */
  dedupeKey?: string
}

export interface DurableWork {
  readonly name: 'database' | 'redis'
  /** Registers a kind; every process registers the same kinds before `start`. */
  register<P>(kind: WorkKind<P>): void
  /** This process stops taking work of `kind` (others still do); `register` again to take it again. */
  unregister(kind: string): void
  /** Stores a piece of work; its id, or null when its dedupe key is taken already. */
  enqueue<P>(kind: string, payload: P, options?: EnqueueOptions): Promise<number | null>
  /**
   * Has the keyed work run at `runAt` (default now), whatever became of it: stored when there is none,
   * moved to that time when queued, queued again when finished, run again then when under way (its step
   * finishes first). For work whose step decides for itself whether anything is due (an outreach job).
   */
  wake<P>(kind: string, payload: P, options: { dedupeKey: string; runAt?: Date }): Promise<void>
  /** Runs `kind` every `everyMs` desk-wide (once per period however many processes), first after one period. */
  every(kind: string, everyMs: number): Promise<void>
  /** Queues failed (or done) work again now with a fresh count of attempts; false when there is none such. */
  retry(kind: string, dedupeKey: string): Promise<boolean>
  /** Holds queued work (a step under way finishes); true when something was paused. */
  pause(kind: string, dedupeKey: string): Promise<boolean>
  resume(kind: string, dedupeKey: string): Promise<boolean>
  progressOf(kind: string, dedupeKey: string): Promise<unknown>
  /** Looks for due work now (after an enqueue elsewhere, for instance). */
  kick(): void
  start(): Promise<void>
  /** Stops taking work and waits for the steps under way. */
  stop(): Promise<void>
}
