import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { DESK_LANGUAGE_SETTING, deskLanguage } from '@desk/api-client'
import type { Db } from '../../db'
import type { DurableWork } from '../../jobs/runtime'
import type { Publisher } from '../../realtime/publisher'
import type { SessionManager } from '../connections/sessions'
import type { OutreachInputs } from '../outreach-inputs/service'
import { findSettingValue } from '../settings/repository'
import { createAnnouncer } from './announcer'
import { createJobCreation, type JobTemplates } from './creation'
import { createGroupsService } from './groups-service'
import { defaultKinds, type KindRegistry } from './kinds'
import { createJobMediaCache } from './kinds/media-cache'
import { createOptOutsService } from './opt-outs'
import { createScheduleStart } from './schedule'
import { createOutreachSends } from './sends'
import { createJobsService } from './service'
import { createSingleSend } from './single-send'
import { createStepper, type StepDeps } from './step/step'
import { createOutreachWork } from './work'

export type { OutreachWork } from './work'

export interface OutreachOptions {
  kinds?: KindRegistry
  /** Seconds between two group actions (default 5 to 15: 5 plus a random 0–10, seed 001 §9; tests shorten it). */
  groupPacing?: { minSeconds: number; maxSeconds: number }
  /** Step tuning and test hooks (clock, randomness, timeouts). */
  step?: Pick<
    StepDeps,
    'now' | 'random' | 'jobLeaseMs' | 'sendTimeoutMs' | 'busyRetryMs' | 'inlineBudgetMs' | 'retryMs'
  >
}

/**
 * Outreach: jobs that work through a list on the server, one message at a time per connection,
 * with pause, resume, cancel and retry, opt-outs and the seed's single sends. One step function, a
 * kind on the desk's durable work runtime (database, or BullMQ with `REDIS_URL`), which decides when it runs.
 */
export const createOutreach = ({
  db,
  sessions,
  publisher,
  inputs,
  dataDir,
  log,
  work,
  countSend,
  copyToConversation,
  templates,
  options = {},
}: {
  db: Db
  sessions: Pick<SessionManager, 'driver' | 'onStatus'>
  publisher: Publisher
  /** Media by URL, files in the outreach folder, history import: what the media and import kinds read. */
  inputs: OutreachInputs
  /** The server's data folder; job media by URL is kept in `job-media/` there. */
  dataDir: string
  log?: (error: unknown, message: string) => void
  /** The desk's durable work runtime (started and stopped by the desk). */
  work: DurableWork
  /** The send limit of one message sent outside a job (a user id, or null for the API token). */
  countSend?: (owner: number | null) => Promise<void>
  /** Keeps each sent bulk message in the customer's conversation (see `createConversationCopy`). */
  copyToConversation?: StepDeps['copyToConversation']
  /** The Cloud API's templates a job may send (see `createJobCreation`). */
  templates?: JobTemplates
  options?: OutreachOptions
}) => {
  const holder = `p${process.pid}-${randomUUID().slice(0, 8)}`
  const announcer = createAnnouncer(db, publisher, log)
  const mediaCache = createJobMediaCache(path.join(dataDir, 'job-media'))
  mediaCache.sweep().catch((error) => log?.(error, 'job media sweep failed'))
  const language = async () => deskLanguage(await findSettingValue(db, DESK_LANGUAGE_SETTING))
  const kinds = options.kinds ?? defaultKinds(inputs, mediaCache, language, db)
  const stepper = createStepper({
    db,
    kinds,
    driverOf: (id) => sessions.driver(id),
    announce: announcer.announce,
    copyToConversation,
    holder,
    log,
    ...options.step,
  })
  const engine = createOutreachWork({ db, work, stepper, leaseMs: options.step?.jobLeaseMs, log })
  const release = async (row: { id: number; kind: string }) => kinds[row.kind as keyof KindRegistry]?.release?.(row.id)
  const jobs = createJobsService({ db, sessions, work: engine, announce: announcer.announce, release })
  sessions.onStatus((session) => jobs.connectionChanged(session.id, session.status))
  const createJob = createJobCreation({ db, sessions, work: engine, announce: announcer.announce, templates })
  const sendSingle = createSingleSend({ db, sessions, holder, countSend })
  return {
    engine,
    jobs,
    optOuts: createOptOutsService({ db }),
    createJob,
    sendSingle,
    sends: createOutreachSends({ db, sessions, inputs, createJob, sendSingle }),
    groups: createGroupsService({ db, sessions, createJob, pacing: options.groupPacing }),
    startScheduled: createScheduleStart({ db, sessions, work: engine, announce: announcer.announce }),
    async stop() {
      await engine.stop()
      announcer.stop()
    },
  }
}

export type Outreach = ReturnType<typeof createOutreach>
