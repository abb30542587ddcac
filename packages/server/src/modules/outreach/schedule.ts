import { INSTANT_MAX, INSTANT_MIN, type Job, type ScheduleStartResponse } from '@desk/api-client'
import type { Db } from '../../db'
import { AppError } from '../../http/errors'
import { findConnectionRow } from '../connections/repository'
import type { SessionManager } from '../connections/sessions'
import { type Actor, isAdmin } from '../users/access'
import { parseWindow, toJob } from './mapping'
import { dayKey } from './pacing'
import { findJobRow, queuedStartingBetween, updateJobIf } from './repository'
import type { Announce } from './step/step'
import type { OutreachWork } from './work'

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * `POST /sendAgendamento {dataEnvio, ticketwhatsappId}` (/ZDGAgendamento). The seed shows only
 * the call; our reading: "release the day's scheduled jobs of this connection". Every job of that
 * connection still waiting for its `startAt` (status `queued`) whose `startAt` falls on `dataEnvio`
 * starts now; its `startAt` becomes now. The day is read in the job's sending-window time zone,
 * else UTC. A person releases their own jobs (admins: all); the API token releases every job of
 * the connection. Answers the jobs it started.
 */
export const createScheduleStart = ({
  db,
  sessions,
  work,
  announce,
}: {
  db: Db
  sessions: Pick<SessionManager, 'driver'>
  work: Pick<OutreachWork, 'wake'>
  announce: Announce
}) => {
  return async (
    actor: Actor | null,
    input: { ticketwhatsappId: number; dataEnvio: string },
  ): Promise<ScheduleStartResponse> => {
    const connection = await findConnectionRow(db, input.ticketwhatsappId)
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    if (!(await sessions.driver(connection.id))?.isConnected()) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400)
    const dayStart = new Date(`${input.dataEnvio}T00:00:00.000Z`).getTime()
    // Every time zone's version of that day lies within a day either side of its UTC version (and
    // within the span of dates the databases keep, which the contract holds `dataEnvio` to).
    const from = new Date(Math.max(dayStart - DAY_MS, INSTANT_MIN)).toISOString()
    const to = new Date(Math.min(dayStart + 2 * DAY_MS, INSTANT_MAX)).toISOString()
    const candidates = await queuedStartingBetween(db, connection.id, from, to)
    const jobs: Job[] = []
    for (const row of candidates) {
      if (actor && !isAdmin(actor) && row.userId !== actor.id) continue
      const zone = parseWindow(row.window)?.timeZone ?? 'UTC'
      if (!row.startAt || dayKey(new Date(row.startAt), zone) !== input.dataEnvio) continue
      const now = new Date()
      const changes = { startAt: now.toISOString(), nextRunAt: now.toISOString(), waitingReason: null }
      if (!(await updateJobIf(db, row.id, ['queued'], changes, now.toISOString()))) continue
      await work.wake(row.id, now)
      announce(row.id, 'update')
      const fresh = await findJobRow(db, row.id)
      if (fresh) jobs.push(toJob(fresh))
    }
    return { jobs }
  }
}
