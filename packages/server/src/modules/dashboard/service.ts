import { type DashboardQuery, type DashboardResponse, TICKET_STATUSES, toHourBuckets } from '@desk/api-client'
import { type ExpressionBuilder, sql } from 'kysely'
import { type DB, type Db, dialectOf } from '../../db'
import { queueIdsOf } from '../tickets/repository'
import type { Actor } from '../users/repository'

type Query = Required<Pick<DashboardQuery, 'date'>> & { utcOffset: number }

const DAY_MS = 86_400_000

/** The caller's calendar day (`YYYY-MM-DD`) at this instant, for an offset from UTC in minutes. */
export const localDay = (now: Date, utcOffset: number) =>
  new Date(now.getTime() + utcOffset * 60_000).toISOString().slice(0, 10)

/** The UTC instants where that local day starts and ends, as stored timestamps compare. */
export const dayRange = (day: string, utcOffset: number) => {
  const start = Date.parse(`${day}T00:00:00.000Z`) - utcOffset * 60_000
  return { from: new Date(start).toISOString(), to: new Date(start + DAY_MS).toISOString() }
}

/**
 * The dashboard of one user: tickets open, pending and closed over their queues (tickets
 * without a queue included, whoever they are assigned to — as the list with show-all on),
 * and the tickets of those queues created on one day, per hour of the caller's clock.
 * Each part is one aggregate query; no ticket is listed to be counted.
 */
export const createDashboardService = ({ db }: { db: Db }) => {
  /**
   * The local hour of a stored timestamp, in SQL for either dialect. The offset is written
   * into the SQL (a validated integer) so that the GROUP BY repeats the selected expression
   * exactly, which PostgreSQL requires. PostgreSQL stores `timestamptz`, read here in UTC
   * whatever the session's time zone.
   */
  const localHour = (utcOffset: number) => {
    const minutes = Math.trunc(utcOffset)
    return dialectOf(db) === 'postgres'
      ? sql<number>`cast(extract(hour from (${sql.ref('createdAt')} at time zone 'UTC') + make_interval(mins => ${sql.lit(minutes)})) as integer)`
      : sql<number>`cast(strftime('%H', ${sql.ref('createdAt')}, ${sql.lit(`${minutes} minutes`)}) as integer)`
  }

  const get = async (actor: Actor, query: Query): Promise<DashboardResponse> => {
    const queueIds = await queueIdsOf(db, actor.id)
    const inQueues = (eb: ExpressionBuilder<DB, 'tickets'>) =>
      eb.or([eb('queueId', 'is', null), ...(queueIds.length ? [eb('queueId', 'in', queueIds)] : [])])

    const byStatus = await db
      .selectFrom('tickets')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .where(inQueues)
      .groupBy('status')
      .execute()
    const counters = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as DashboardResponse['counters']
    for (const row of byStatus) if (row.status in counters) counters[row.status] = Number(row.n)

    const { from, to } = dayRange(query.date, query.utcOffset)
    const hour = localHour(query.utcOffset)
    const perHourRows = await db
      .selectFrom('tickets')
      .select([hour.as('hour'), (eb) => eb.fn.countAll<number>().as('n')])
      .where('createdAt', '>=', from)
      .where('createdAt', '<', to)
      .where(inQueues)
      .groupBy(hour)
      .execute()
    const perHour = toHourBuckets(perHourRows.map((r) => ({ hour: Number(r.hour), count: Number(r.n) })))
    return { counters, ticketsToday: { total: perHour.reduce((sum, b) => sum + b.count, 0), perHour } }
  }

  return {
    get: (actor: Actor, query: { date?: string; utcOffset: number }) =>
      get(actor, { date: query.date ?? localDay(new Date(), query.utcOffset), utcOffset: query.utcOffset }),
  }
}

export type DashboardService = ReturnType<typeof createDashboardService>
