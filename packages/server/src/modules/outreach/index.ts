import { randomUUID } from 'node:crypto'
import type { Db } from '../../db'
import type { Publisher } from '../../realtime/publisher'
import type { SessionManager } from '../connections/sessions'
import { createAnnouncer } from './announcer'
import { createJobCreation } from './creation'
import { createDatabaseEngine } from './engine/database-engine'
import { createRedisEngine } from './engine/redis-engine'
import { createStepper, type StepDeps } from './engine/step'
import type { JobEngine } from './engine/types'
import { defaultKinds, type KindRegistry } from './kinds'
import { createOptOutsService } from './opt-outs'
import { createJobsService } from './service'
import { createSingleSend } from './single-send'

export type { JobEngine } from './engine/types'

export interface OutreachOptions {
  /** BullMQ on this Redis instead of the embedded runner. */
  redisUrl?: string
  /** Redis key prefix (tests keep theirs apart). */
  redisPrefix?: string
  /** Embedded runner: how often the database is asked for due jobs. */
  pollMs?: number
  kinds?: KindRegistry
  /** Step tuning and test hooks (clock, randomness, timeouts). */
  step?: Pick<StepDeps, 'now' | 'random' | 'jobLeaseMs' | 'sendTimeoutMs' | 'busyRetryMs' | 'inlineBudgetMs'>
}

/**
 * Outreach: jobs that work through a list on the server, one message at a time per connection,
 * with pause, resume, cancel and retry, opt-outs and the seed's single sends. One step function;
 * the engine (database poller, or BullMQ with `redisUrl`) only decides when it runs.
 */
export const createOutreach = ({
  db,
  sessions,
  publisher,
  log,
  options = {},
}: {
  db: Db
  sessions: Pick<SessionManager, 'get' | 'onStatus'>
  publisher: Publisher
  log?: (error: unknown, message: string) => void
  options?: OutreachOptions
}) => {
  const holder = `p${process.pid}-${randomUUID().slice(0, 8)}`
  const announcer = createAnnouncer(db, publisher, log)
  const stepper = createStepper({
    db,
    kinds: options.kinds ?? defaultKinds(),
    driverOf: (id) => sessions.get(id),
    announce: announcer.announce,
    holder,
    log,
    ...options.step,
  })
  const engine: JobEngine = options.redisUrl
    ? createRedisEngine({ db, stepper, redisUrl: options.redisUrl, prefix: options.redisPrefix, log })
    : createDatabaseEngine({ db, stepper, pollMs: options.pollMs, log })
  const jobs = createJobsService({ db, sessions, engine, announce: announcer.announce })
  sessions.onStatus((session) => jobs.connectionChanged(session.id, session.status))
  return {
    engine,
    jobs,
    optOuts: createOptOutsService({ db }),
    createJob: createJobCreation({ db, sessions, engine, announce: announcer.announce }),
    sendSingle: createSingleSend({ db, sessions, holder }),
    async stop() {
      await engine.stop()
      announcer.stop()
    },
  }
}

export type Outreach = ReturnType<typeof createOutreach>
