import { type DateInput, dateTimeSettings } from '../../lib/datetime'

export type WaitLevel = 'ok' | 'near' | 'late'

/** Whole minutes since `since` (never negative). */
export const minutesSince = (since: DateInput, now: DateInput = dateTimeSettings.now()) =>
  Math.max(0, Math.floor((new Date(now).getTime() - new Date(since).getTime()) / 60_000))

/** How a wait compares with the limit: past it is late, past half of it is near. */
export const waitLevel = (minutes: number, limitMinutes: number): WaitLevel =>
  minutes >= limitMinutes ? 'late' : minutes * 2 >= limitMinutes ? 'near' : 'ok'

/** The wait in its largest whole unit, for "12 min", "3 h", "2 d". */
export const waitParts = (minutes: number): { unit: 'minutes' | 'hours' | 'days'; count: number } =>
  minutes >= 1440
    ? { unit: 'days', count: Math.floor(minutes / 1440) }
    : minutes >= 60
      ? { unit: 'hours', count: Math.floor(minutes / 60) }
      : { unit: 'minutes', count: minutes }
