/**
 * Every date and time the UI shows goes through these helpers. The patterns are all numbers
 * (`HH:mm`, `dd/MM/yyyy`), so the browser's own `Intl` draws them: no date library reaches the bundle.
 */
export type DateInput = string | Date | number

/**
 * What "now" is and which time zone the helpers show (the browser's, unless set). Stories pin both,
 * so relative times and screenshots stay put.
 */
export const dateTimeSettings: { now: () => number; timeZone: string | undefined } = {
  now: () => Date.now(),
  timeZone: undefined,
}

/** What a moment that cannot be read shows instead of a date. */
export const INVALID_DATE = 'Invalid DateTime'

interface Parts {
  year: string
  month: string
  day: string
  hour: string
  minute: string
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** An ISO string (a date alone is local midnight), a Date or epoch milliseconds, as milliseconds. */
const toMillis = (value: DateInput): number => {
  if (typeof value === 'number') return value
  if (value instanceof Date) return value.getTime()
  return Date.parse(DATE_ONLY.test(value) ? `${value}T00:00` : value)
}

const formatters = new Map<string, Intl.DateTimeFormat>()
const formatterFor = (timeZone: string | undefined) => {
  const key = timeZone ?? ''
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
    formatters.set(key, formatter)
  }
  return formatter
}

/** The calendar fields of a moment in the configured zone; undefined when it cannot be read. */
const partsOf = (value: DateInput): Parts | undefined => {
  const millis = toMillis(value)
  if (!Number.isFinite(millis)) return undefined
  const parts: Parts = { year: '', month: '', day: '', hour: '', minute: '' }
  for (const { type, value: text } of formatterFor(dateTimeSettings.timeZone).formatToParts(millis))
    if (type in parts) parts[type as keyof Parts] = text
  return parts
}

const time = (p: Parts) => `${p.hour}:${p.minute}`
const date = (p: Parts) => `${p.day}/${p.month}/${p.year}`

const format = (value: DateInput, pattern: (p: Parts) => string) => {
  const parts = partsOf(value)
  return parts ? pattern(parts) : INVALID_DATE
}

// The locale parameter stays for callers: these patterns are the same in every language the desk speaks.

/** `HH:mm`, e.g. 09:05 */
export const formatTime = (value: DateInput, _locale?: string) => format(value, time)

/** `dd/MM/yyyy`, e.g. 21/11/2026 */
export const formatDate = (value: DateInput, _locale?: string) => format(value, date)

/** `dd/MM/yy HH:mm`, e.g. 21/11/26 09:05 */
export const formatDateTime = (value: DateInput, _locale?: string) =>
  format(value, (p) => `${p.day}/${p.month}/${p.year.slice(-2)} ${time(p)}`)

const sameDay = (a: Parts, b: Parts) => a.year === b.year && a.month === b.month && a.day === b.day

/** Same calendar day as `now` (local time). `now` is a parameter so stories and tests can pin it. */
export const isToday = (value: DateInput, now?: DateInput) => {
  const parts = partsOf(value)
  return parts !== undefined && sameDayAsNow(parts, now)
}

const sameDayAsNow = (parts: Parts, now?: DateInput) => {
  const today = partsOf(now ?? dateTimeSettings.now())
  return today !== undefined && sameDay(parts, today)
}

/** Which day a moment falls on, seen from `now`: today, tomorrow, or another day (its date then tells). */
export type DayFromNow = 'today' | 'tomorrow' | 'other'

/**
 * A moment as a day word, a date and a time, for messages that say "today at 10:00", "tomorrow at 10:00"
 * or "on 16/01/2026 at 10:00" (`{day, select, …}`); undefined when it cannot be read.
 */
export const dayAndTime = (
  value: DateInput,
  _locale?: string,
  now?: DateInput,
): { day: DayFromNow; date: string; time: string } | undefined => {
  const parts = partsOf(value)
  if (!parts) return undefined
  const nowMillis = toMillis(now ?? dateTimeSettings.now())
  const today = partsOf(nowMillis)
  // Noon today plus a day is tomorrow in any zone, whatever the clocks do that night.
  const noon = today && Date.UTC(Number(today.year), Number(today.month) - 1, Number(today.day), 12)
  const tomorrow = noon === undefined ? undefined : dayOfUtcNoon(noon + 86_400_000)
  const day: DayFromNow =
    today && sameDay(parts, today) ? 'today' : tomorrow && sameDay(parts, tomorrow) ? 'tomorrow' : 'other'
  return { day, date: date(parts), time: time(parts) }
}

/** The calendar fields of a UTC noon, as a plain date (no zone applies to a date alone). */
const dayOfUtcNoon = (millis: number): Parts => {
  const d = new Date(millis)
  const pad = (n: number) => String(n).padStart(2, '0')
  return {
    year: String(d.getUTCFullYear()),
    month: pad(d.getUTCMonth() + 1),
    day: pad(d.getUTCDate()),
    hour: '12',
    minute: '00',
  }
}

/** `HH:mm` for today, `dd/MM/yyyy` otherwise: how lists show the time of the last activity. */
export const formatRelativeDay = (value: DateInput, _locale?: string, now?: DateInput) =>
  format(value, (p) => (sameDayAsNow(p, now) ? time(p) : date(p)))

/** A duration in seconds split into its largest whole unit, for human-readable options. */
export const splitDuration = (seconds: number): { unit: 'seconds' | 'minutes' | 'hours' | 'days'; count: number } => {
  if (seconds >= 86400 && seconds % 86400 === 0) return { unit: 'days', count: seconds / 86400 }
  if (seconds >= 3600 && seconds % 3600 === 0) return { unit: 'hours', count: seconds / 3600 }
  if (seconds >= 60 && seconds % 60 === 0) return { unit: 'minutes', count: seconds / 60 }
  return { unit: 'seconds', count: seconds }
}
