import { DateTime } from 'luxon'

/** Every date and time the UI shows goes through these helpers. */
export type DateInput = string | Date | number

const toDateTime = (value: DateInput, locale = 'en'): DateTime => {
  const dt =
    typeof value === 'string'
      ? DateTime.fromISO(value)
      : typeof value === 'number'
        ? DateTime.fromMillis(value)
        : DateTime.fromJSDate(value)
  return dt.setLocale(locale)
}

/** `HH:mm`, e.g. 09:05 */
export const formatTime = (value: DateInput, locale?: string) => toDateTime(value, locale).toFormat('HH:mm')

/** `dd/MM/yyyy`, e.g. 21/11/2026 */
export const formatDate = (value: DateInput, locale?: string) => toDateTime(value, locale).toFormat('dd/MM/yyyy')

/** `dd/MM/yy HH:mm`, e.g. 21/11/26 09:05 */
export const formatDateTime = (value: DateInput, locale?: string) =>
  toDateTime(value, locale).toFormat('dd/MM/yy HH:mm')

/** Same calendar day as `now` (local time). `now` is a parameter so stories and tests can pin it. */
export const isToday = (value: DateInput, now?: DateInput) => sameDayAsNow(toDateTime(value), now)

const sameDayAsNow = (dt: DateTime, now?: DateInput) =>
  dt.hasSame(now === undefined ? DateTime.now() : toDateTime(now), 'day')

/** `HH:mm` for today, `dd/MM/yyyy` otherwise: how lists show the time of the last activity. */
export const formatRelativeDay = (value: DateInput, locale?: string, now?: DateInput) => {
  const dt = toDateTime(value, locale)
  return dt.toFormat(sameDayAsNow(dt, now) ? 'HH:mm' : 'dd/MM/yyyy')
}

/** A duration in seconds split into its largest whole unit, for human-readable options. */
export const splitDuration = (seconds: number): { unit: 'seconds' | 'minutes' | 'hours' | 'days'; count: number } => {
  if (seconds >= 86400 && seconds % 86400 === 0) return { unit: 'days', count: seconds / 86400 }
  if (seconds >= 3600 && seconds % 3600 === 0) return { unit: 'hours', count: seconds / 3600 }
  if (seconds >= 60 && seconds % 60 === 0) return { unit: 'minutes', count: seconds / 60 }
  return { unit: 'seconds', count: seconds }
}
