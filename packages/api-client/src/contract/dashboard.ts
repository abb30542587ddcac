import { z } from 'zod'
import { IsoDay } from './common'
import { dashboardPaths } from './paths/dashboard'
import { defineRoutes } from './route'

/**
 * Dashboard: `GET /dashboard`. Each counter equals the `count` of `GET /tickets` for that
 * status with show-all on, the caller's queues as `queueIds` (none when they have none) and
 * no unread filter, private and group tickets together — the server counts both with one
 * rule; and tickets created today per hour over the same tickets. The client revalidates on
 * `ticket` events.
 */

export const DashboardQuery = z.object({
  /** The day to chart; defaults to today in the caller's time zone. */
  date: IsoDay.optional(),
  /** The caller's offset from UTC in minutes (luxon's `offset`: UTC−3 is -180). */
  utcOffset: z.coerce.number().int().min(-840).max(840).optional().default(0),
})
export type DashboardQuery = z.input<typeof DashboardQuery>

export const DashboardCounters = z.object({
  /** In service. */
  open: z.number().int().nonnegative(),
  /** Waiting. */
  pending: z.number().int().nonnegative(),
  closed: z.number().int().nonnegative(),
})
export type DashboardCounters = z.infer<typeof DashboardCounters>

export const HourBucket = z.object({
  /** 0 to 23, labelled 00:00 … 23:00. */
  hour: z.number().int().min(0).max(23),
  count: z.number().int().nonnegative(),
})
export type HourBucket = z.infer<typeof HourBucket>

export const DashboardResponse = z.object({
  counters: DashboardCounters,
  ticketsToday: z.object({
    /** "Tickets today: N". */
    total: z.number().int().nonnegative(),
    /** Always 24 buckets, hours without tickets included with 0. */
    perHour: z.array(HourBucket).length(24),
  }),
})
export type DashboardResponse = z.infer<typeof DashboardResponse>

/** Fills the 24 hourly buckets from sparse `{hour, count}` rows (as a GROUP BY returns them). */
export const toHourBuckets = (rows: ReadonlyArray<{ hour: number; count: number }>): HourBucket[] => {
  const counts = new Array<number>(24).fill(0)
  for (const { hour, count } of rows) if (hour >= 0 && hour < 24) counts[hour] += count
  return counts.map((count, hour) => ({ hour, count }))
}

/** The routes of the dashboard, on the methods and paths of `./paths/dashboard`. */
export const dashboardRoutes = /* @__PURE__ */ defineRoutes(dashboardPaths, () => ({
  dashboard: { query: DashboardQuery, response: DashboardResponse },
}))
