import type { DateInput } from '../../lib/datetime'

/** A start that is not a whole, real date and time: the message names the pattern to type. */
export const INVALID_DATE_TIME = 'validation.invalidDateTime'

/**
 * A start time typed into a date-time input (`YYYY-MM-DDTHH:mm`, no offset: the browser reads it as
 * local time) as ISO, null when empty, or a message code when it cannot be read or is not after `now`.
 */
export function parseStartInput(startAt: string, now: () => DateInput): { startAt: string | null } | { error: string } {
  if (startAt.trim() === '') return { startAt: null }
  const start = new Date(startAt).getTime()
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(startAt) || !Number.isFinite(start)) return { error: INVALID_DATE_TIME }
  if (start <= new Date(now()).getTime()) return { error: 'outreach.startAtPast' }
  return { startAt: new Date(start).toISOString() }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A moment as a date-time input shows it in the browser's local time (`YYYY-MM-DDTHH:mm`); '' when unreadable. */
export function toStartInput(value: string | null | undefined): string {
  const at = value ? new Date(value) : null
  if (!at || !Number.isFinite(at.getTime())) return ''
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}
