import { type DashboardQuery, type DashboardResponse, TICKET_STATUSES, toHourBuckets } from '@desk/api-client'
import type { Db } from '../../db'
import { ticketScope } from '../tickets/access'
import { queueIdsOf } from '../tickets/repository'
import type { Actor } from '../users/repository'
import { countByStatus, countCreatedPerHour } from './repository'

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
 * The dashboard of one user: tickets open, pending and closed, and the tickets created on one
 * day per hour of the caller's clock, each over exactly the tickets the user's lists show with
 * their queues selected (`ticketScope`, the rule `GET /tickets` uses): an admin (show-all on)
 * every ticket of their queues and every ticket without a queue, or every ticket when they have
 * no queue; an agent their own tickets and the unassigned waiting ones of their queues or
 * without a queue. Aggregate queries, one per part of the scope; no ticket is listed to be counted.
 */
export const createDashboardService = ({ db }: { db: Db }) => {
  const get = async (actor: Actor, query: Query): Promise<DashboardResponse> => {
    // The list's own scope, as the seed's dashboard asks it: show-all on, the user's queues, no
    // unread filter. An admin counts what the admin's lists show; an agent what the agent's show.
    const myQueues = await queueIdsOf(db, actor.id)
    const parts = ticketScope(actor, myQueues, { showAll: true, queueIds: myQueues })

    // The parts never overlap, so their counts add up.
    const byStatus = (await Promise.all(parts.map((part) => countByStatus(db, part)))).flat()
    const counters = Object.fromEntries(TICKET_STATUSES.map((s) => [s, 0])) as DashboardResponse['counters']
    for (const row of byStatus) if (row.status in counters) counters[row.status] += Number(row.n)

    const { from, to } = dayRange(query.date, query.utcOffset)
    const perHourRows = (
      await Promise.all(parts.map((part) => countCreatedPerHour(db, part, { from, to, utcOffset: query.utcOffset })))
    ).flat()
    const perHour = toHourBuckets(perHourRows.map((r) => ({ hour: Number(r.hour), count: Number(r.n) })))
    return { counters, ticketsToday: { total: perHour.reduce((sum, b) => sum + b.count, 0), perHour } }
  }

  return {
    get: (actor: Actor, query: { date?: string; utcOffset: number }) =>
      get(actor, { date: query.date ?? localDay(new Date(), query.utcOffset), utcOffset: query.utcOffset }),
  }
}

export type DashboardService = ReturnType<typeof createDashboardService>
