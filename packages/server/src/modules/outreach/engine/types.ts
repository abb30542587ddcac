/**
 * Decides WHEN a job's step runs; never what it does. The step function (`step.ts`) and every
 * guard (job leases, recipient claims, connection leases) live in the database, so the embedded
 * runner and the Redis one can replace each other, and several processes can share the work.
 */
export interface JobEngine {
  readonly name: 'database' | 'redis'
  /** Recovers interrupted sends, then starts running due steps. */
  start(): Promise<void>
  /** Stops taking steps and waits for the ones under way. */
  stop(): Promise<void>
  /** Runs the job's step at `at` (now or later); waking a job twice is harmless. */
  wake(jobId: number, at: Date): Promise<void>
}
