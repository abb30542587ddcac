import type { SendingWindow } from '@desk/api-client'
import { DateTime } from 'luxon'

/** Pacing rules of a job, without a database: the seed's random wait, sending windows, daily caps. */

/** A random whole number of seconds from `min` to `max`, both included (seed 001 §9). */
export const randomWait = (min: number, max: number, random: () => number = Math.random): number =>
  min + Math.floor(random() * (Math.max(0, max - min) + 1))

const minutesOf = (clock: string) => {
  const [h = 0, m = 0] = clock.split(':').map(Number)
  return h * 60 + m
}

/** Whether `now` falls inside the window (end excluded; an end before the start spans midnight). */
export const insideWindow = (window: SendingWindow, now: Date): boolean => {
  const local = DateTime.fromJSDate(now, { zone: window.timeZone })
  const minute = local.hour * 60 + local.minute
  const start = minutesOf(window.start)
  const end = minutesOf(window.end)
  return start < end ? minute >= start && minute < end : minute >= start || minute < end
}

/** When the window next opens after `now`, or null when it is open now. */
export const nextWindowOpening = (window: SendingWindow | null, now: Date): Date | null => {
  if (!window || insideWindow(window, now)) return null
  const local = DateTime.fromJSDate(now, { zone: window.timeZone })
  const start = minutesOf(window.start)
  let opening = local.set({ hour: Math.floor(start / 60), minute: start % 60, second: 0, millisecond: 0 })
  if (opening <= local) opening = opening.plus({ days: 1 })
  return opening.toJSDate()
}

/** The calendar day of `now` in a zone, `YYYY-MM-DD`: the daily cap's key. */
export const dayKey = (now: Date, timeZone = 'UTC'): string =>
  DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? now.toISOString().slice(0, 10)

/** The start of the next day in a zone (when a reached daily cap allows sending again). */
export const nextDayStart = (now: Date, timeZone = 'UTC'): Date =>
  DateTime.fromJSDate(now, { zone: timeZone }).plus({ days: 1 }).startOf('day').toJSDate()
