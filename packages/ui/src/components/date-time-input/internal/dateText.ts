/**
 * The text a date input shows and the value a form keeps. The desk writes dates as `dd/MM/yyyy` and
 * times as `HH:mm` in every language (see `lib/datetime`); the form value keeps the format a native
 * input gave, `YYYY-MM-DD` or `YYYY-MM-DDTHH:mm` (local time), so the forms' rules read it unchanged.
 */
export type DateTimeMode = 'date' | 'datetime'

/** How many digits each mode holds: ddMMyyyy, and HHmm after it. */
const DIGITS: Record<DateTimeMode, number> = { date: 8, datetime: 12 }
/** The separator written before the digit at each position. */
const SEPARATORS: Record<number, string> = { 2: '/', 4: '/', 8: ' ', 10: ':' }

/**
 * What was typed, written in the desk's pattern: digits only, with the separators put in as the next
 * digit arrives (so Backspace over a separator removes it instead of seeing it put back).
 */
export function maskDateText(text: string, mode: DateTimeMode): string {
  const digits = text.replace(/\D/g, '').slice(0, DIGITS[mode])
  let out = ''
  for (let i = 0; i < digits.length; i++) out += (i > 0 ? (SEPARATORS[i] ?? '') : '') + digits[i]
  return out
}

const TEXT = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/
const VALUE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/

/** A day that exists (no 31/02) and a time within the day. */
const exists = (year: number, month: number, day: number, hour = 0, minute = 0) => {
  const at = new Date(year, month - 1, day)
  return (
    year > 0 &&
    at.getFullYear() === year &&
    at.getMonth() === month - 1 &&
    at.getDate() === day &&
    hour < 24 &&
    minute < 60
  )
}

/**
 * The form value of a typed text: '' when empty, the ISO form when it is a whole, real date (and time),
 * otherwise the text itself, which the form's rules then refuse as not a date.
 */
export function textToValue(text: string, mode: DateTimeMode): string {
  if (text.trim() === '') return ''
  const match = TEXT.exec(text)
  if (!match) return text
  const [, day, month, year, hour, minute] = match
  if ((mode === 'datetime') !== (hour !== undefined)) return text
  if (!exists(Number(year), Number(month), Number(day), Number(hour ?? 0), Number(minute ?? 0))) return text
  return mode === 'date' ? `${year}-${month}-${day}` : `${year}-${month}-${day}T${hour}:${minute}`
}

/** The text that shows a form value: the ISO form in the desk's pattern; anything else as it is. */
export function valueToText(value: string | null | undefined, mode: DateTimeMode): string {
  if (!value) return ''
  const match = VALUE.exec(value)
  if (!match) return value
  const [, year, month, day, hour, minute] = match
  const date = `${day}/${month}/${year}`
  return mode === 'date' ? date : `${date} ${hour ?? '00'}:${minute ?? '00'}`
}

/** Whether a form value is a date (or date and time) in the form's format, as opposed to text as typed. */
export const isDateTimeValue = (value: string, mode: DateTimeMode) =>
  (mode === 'date' ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/).test(value)
