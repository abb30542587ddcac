import {
  DispatchConnectionListResponse,
  type Job,
  type JobActionRequest,
  type JobListResponse,
  type JobRecipientListResponse,
  type JobStatus,
  jobRecipientsCsvHead,
  jobRecipientsCsvRows,
  type RecipientState,
} from '@desk/api-client'
import type { Db, JobRow } from '../../db'
import { AppError } from '../../http/errors'
import type { SessionManager } from '../connections/sessions'
import { type Actor, isAdmin, noPermission } from '../users/access'
import { toJob, toRecipient } from './mapping'
import {
  ACTIVE_STATUSES,
  activeJobIdsOfConnection,
  cancelJobRow,
  connectionStatuses,
  findJobRow,
  listJobRows,
  pageRecipients,
  recipientChunks,
  requeueFailed,
  updateJobIf,
} from './repository'
import type { Announce } from './step/step'
import type { OutreachWork } from './work'

export interface JobsServiceDeps {
  db: Db
  sessions: Pick<SessionManager, 'driver'>
  work: Pick<OutreachWork, 'wake'>
  announce: Announce
  /** Frees what a job's kind kept (its media) once the job is cancelled. */
  release?: (row: JobRow) => Promise<void>
}

const notFound = () => new AppError('ERR_NO_JOB_FOUND', 404)
const wrongState = (message: string) => new AppError('ERR_JOB_STATE', 409, undefined, message)

/**
 * Jobs as people see them: their own (admins: all, including those made with the API token),
 * the recipients page by page or as a CSV, and the actions. Each action is a conditional write
 * on the status it leaves, so racing a step (or another person) cannot revive a finished job.
 */
export const createJobsService = ({ db, sessions, work, announce, release }: JobsServiceDeps) => {
  const readable = async (actor: Actor, id: number): Promise<JobRow> => {
    const row = await findJobRow(db, id)
    if (!row) throw notFound()
    if (!isAdmin(actor) && row.userId !== actor.id) throw noPermission()
    return row
  }

  const list = async (
    actor: Actor,
    query: { status?: JobStatus; kind?: string; scheduled?: boolean; pageNumber: number },
  ): Promise<JobListResponse> => {
    const now = new Date()
    const { rows, hasMore } = await listJobRows(db, {
      userId: isAdmin(actor) ? undefined : actor.id,
      status: query.status,
      kind: query.kind,
      startingAfter: query.scheduled ? now.toISOString() : undefined,
      page: query.pageNumber,
    })
    return { jobs: rows.map((r) => toJob(r, now)), hasMore }
  }

  const get = async (actor: Actor, id: number): Promise<Job> => toJob(await readable(actor, id))

  const fresh = async (id: number) => {
    const row = await findJobRow(db, id)
    if (!row) throw notFound()
    return toJob(row)
  }

  const resume = async (row: JobRow) => {
    if (row.status !== 'paused' || row.pauseReason === null) throw wrongState('Only a paused job can be resumed')
    if (row.connectionId === null || !(await sessions.driver(row.connectionId))?.isConnected()) {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, undefined, 'The connection is not connected')
    }
    const now = new Date()
    const startAt = row.startAt ? new Date(row.startAt) : null
    const waiting = startAt !== null && startAt > now && row.sent + row.failed + row.uncertain === 0
    const due = waiting ? (startAt as Date) : now
    const changes = {
      status: waiting ? ('queued' as const) : ('running' as const),
      pauseReason: null,
      consecutiveFailures: 0,
      nextRunAt: due.toISOString(),
      waitingReason: waiting ? ('startAt' as const) : null,
    }
    if (!(await updateJobIf(db, row.id, ['paused'], changes, now.toISOString()))) throw wrongState('The job changed')
    await work.wake(row.id, due)
  }

  const cancel = async (row: JobRow) => {
    const now = new Date().toISOString()
    const changes = { status: 'cancelled' as const, nextRunAt: null, waitingReason: null, finishedAt: now }
    if (!(await cancelJobRow(db, row.id, [...ACTIVE_STATUSES, 'paused'], changes, now))) {
      throw new AppError('ERR_JOB_FINISHED', 409, undefined, 'The job has already finished: nothing is left to cancel')
    }
    await release?.(row)
  }

  /** A job that has not started yet (queued) moves to `startAt`; one already running or finished cannot. */
  const reschedule = async (row: JobRow, startAt: string) => {
    const now = new Date()
    const at = new Date(startAt)
    const later = at > now
    const due = later ? at : now
    const changes = { startAt: at.toISOString(), nextRunAt: due.toISOString(), waitingReason: later ? 'startAt' : null }
    if (row.status !== 'queued' || !(await updateJobIf(db, row.id, ['queued'], changes, now.toISOString()))) {
      throw wrongState('Only a job that has not started can be rescheduled')
    }
    await work.wake(row.id, due)
  }

  const retryFailed = async (row: JobRow) => {
    if (row.status === 'cancelled') throw wrongState('A cancelled job cannot be retried')
    const now = new Date().toISOString()
    const revive = {
      status: 'running' as const,
      finishedAt: null,
      error: null,
      nextRunAt: now,
      phase: 'before',
      consecutiveFailures: 0,
    }
    // The recipients, the counter and the job's status move together: a failure midway changes nothing.
    if ((await requeueFailed(db, row.id, revive, now)).revived) await work.wake(row.id, new Date(now))
  }

  const act = async (actor: Actor, id: number, { action, startAt }: JobActionRequest): Promise<Job> => {
    const row = await readable(actor, id)
    if (action === 'pause') {
      const changes = { status: 'paused' as const, pauseReason: 'user', nextRunAt: null, waitingReason: null }
      if (!(await updateJobIf(db, id, ACTIVE_STATUSES, changes, new Date().toISOString()))) {
        throw wrongState('Only a queued or running job can be paused')
      }
    } else if (action === 'resume') await resume(row)
    else if (action === 'cancel') await cancel(row)
    else if (action === 'reschedule') await reschedule(row, startAt ?? new Date().toISOString())
    else await retryFailed(row)
    announce(id, 'update')
    return fresh(id)
  }

  const recipients = async (
    actor: Actor,
    id: number,
    query: { state?: RecipientState; pageNumber: number },
  ): Promise<JobRecipientListResponse> => {
    await readable(actor, id)
    const { rows, hasMore } = await pageRecipients(db, id, { state: query.state, page: query.pageNumber })
    return { recipients: rows.map(toRecipient), hasMore }
  }

  /** The recipients as CSV lines (UTF-8 with BOM, `;` between cells), read a chunk at a time. */
  const csv = async (actor: Actor, id: number) => {
    await readable(actor, id)
    return (async function* () {
      yield jobRecipientsCsvHead()
      for await (const rows of recipientChunks(db, id)) yield jobRecipientsCsvRows(rows)
    })()
  }

  /**
   * A connection went away (disconnected, timed out, or waiting for a new QR scan): its queued and
   * running jobs pause, saying why. Resuming is a person's call. `OPENING` (a restart restoring the
   * session) pauses nothing; a step that finds the connection not connected pauses its job itself.
   */
  const connectionChanged = async (connectionId: number, status: string) => {
    if (status !== 'DISCONNECTED' && status !== 'TIMEOUT' && status !== 'qrcode') return
    for (const id of await activeJobIdsOfConnection(db, connectionId)) {
      const changes = { status: 'paused' as const, pauseReason: 'disconnected', nextRunAt: null, waitingReason: null }
      if (await updateJobIf(db, id, ACTIVE_STATUSES, changes, new Date().toISOString())) announce(id, 'update')
    }
  }

  const dispatchConnections = async (): Promise<DispatchConnectionListResponse> =>
    DispatchConnectionListResponse.parse(await connectionStatuses(db))

  return { list, get, act, recipients, csv, connectionChanged, dispatchConnections }
}

export type JobsService = ReturnType<typeof createJobsService>
