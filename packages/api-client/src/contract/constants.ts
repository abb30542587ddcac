import type { Card } from './entities'

/**
 * Plain values of the contract that the app needs at run time, kept free of zod so that
 * importing them never pulls the schemas into a page's bundle (the schemas load on demand,
 * for response checks in development). The schema files re-export them under the same names.
 */

/**
 * Tickets a list counts at most: below it `count` is exact; a count of this many reads "this many or
 * more" (the tabs show "1,000+"). Counting every one of 100,000 open tickets on every page cost more
 * than the page itself; nobody reads a tab's badge past a thousand.
 */
export const TICKET_COUNT_LIMIT = 1000

/** Multipart field that carries the files. */
export const MEDIA_FIELD = 'medias'
export const MEDIA_MAX_FILES = 10
/** Larger files are refused with 413 `ERR_PAYLOAD_TOO_LARGE`. */
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024

export const CONNECTION_STATUSES = ['OPENING', 'qrcode', 'PAIRING', 'CONNECTED', 'DISCONNECTED', 'TIMEOUT'] as const
/** Statuses that raise the '!' badge on the Connections menu item. */
export const ATTENTION_STATUSES: readonly (typeof CONNECTION_STATUSES)[number][] = [
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
]

/**
 * Placeholders a quick answer (and a greeting or farewell) may hold, written
 * `{{name}}`: the contact's name, the agent's name, a greeting for the time of
 * day, today's date, the hour, the ticket id, the queue and the connection.
 */
export const PLACEHOLDERS = ['name', 'user', 'ms', 'date', 'hour', 'ticket_id', 'queue', 'connection'] as const
export type Placeholder = (typeof PLACEHOLDERS)[number]
export type PlaceholderValues = Partial<Record<Placeholder, string>>

/** Fills `{{placeholder}}`s (spaces inside the braces allowed); unknown or missing ones stay as written. */
export const fillPlaceholders = (text: string, values: PlaceholderValues): string =>
  text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, key: string) => {
    const value = (values as Record<string, string | undefined>)[key]
    return value === undefined ? whole : value
  })

/** What a quick answer's placeholders are filled from: the ticket, the agent who sends it and the moment. */
export interface PlaceholderSource {
  ticket: {
    id: number
    contact: { name: string }
    queue?: { name: string } | null
    whatsapp?: { name: string } | null
  }
  userName: string
  /** The moment, read in the local time of whoever fills (the agent's browser, or the server). */
  now: Date
  /** The greeting for each part of the day, in the language of the text. */
  greetings: { morning: string; afternoon: string; evening: string }
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/** Morning until noon, afternoon until 18:00, evening after. */
export const greetingFor = (now: Date, greetings: PlaceholderSource['greetings']) => {
  const hour = now.getHours()
  return hour < 12 ? greetings.morning : hour < 18 ? greetings.afternoon : greetings.evening
}

/**
 * The values of `{{name}}`, `{{user}}`, `{{ms}}`, `{{date}}` (dd/MM/yyyy), `{{hour}}` (HH:mm), `{{ticket_id}}`,
 * `{{queue}}` and `{{connection}}`: the same in the agent's composer and in what the server sends for them.
 */
export function placeholderValues({ ticket, userName, now, greetings }: PlaceholderSource): PlaceholderValues {
  return {
    name: ticket.contact.name,
    user: userName,
    ms: greetingFor(now, greetings),
    date: `${pad2(now.getDate())}/${pad2(now.getMonth() + 1)}/${now.getFullYear()}`,
    hour: `${pad2(now.getHours())}:${pad2(now.getMinutes())}`,
    ticket_id: String(ticket.id),
    queue: ticket.queue?.name ?? '',
    connection: ticket.whatsapp?.name ?? '',
  }
}

/**
 * Searches (tickets and contacts) shorter than this many characters match only the start of a
 * contact's name or number (and, in the contacts list, e-mail), any case; from this length on
 * they find the text anywhere, message text included. One or two letters are inside nearly
 * every message and no text index holds pieces that short, so a shorter search reads as the
 * first letters of the person an agent is looking for, and an index answers it.
 */
export const SEARCH_MIN_ANYWHERE = 3
/** Whether a (trimmed) search is short enough to match only starts (see SEARCH_MIN_ANYWHERE). */
export const isStartSearch = (search: string): boolean => [...search.trim()].length < SEARCH_MIN_ANYWHERE

/**
 * A contacts search with at least this many digits also matches numbers by its digits alone,
 * since numbers are stored as digits: `+55 13 9123` finds `5513912344321`.
 */
export const CONTACT_SEARCH_MIN_DIGITS = 3
/** The digits a contacts search matches numbers against, or `null` when it has too few. */
export const contactSearchDigits = (search: string): string | null => {
  const digits = search.replace(/\D/g, '')
  return digits.length >= CONTACT_SEARCH_MIN_DIGITS ? digits : null
}

/**
 * The instants a date the API takes may name: years 0001 to 9999, in UTC. It is what an ISO text with
 * a four-digit year can write, which is how both databases keep and compare dates (PostgreSQL refuses
 * year 0, `-000001-…` and `+010000-…` outright; SQLite would store them and sort them wrongly).
 */
export const INSTANT_MIN = Date.parse('0001-01-01T00:00:00.000Z')
export const INSTANT_MAX = Date.parse('9999-12-31T23:59:59.999Z')
export const isStorableInstant = (ms: number) => ms >= INSTANT_MIN && ms <= INSTANT_MAX

/**
 * The calendar days the API takes: a day later than the first one and earlier than the last one of
 * that span, so that the day's instants in any time zone (offsets up to ±14:59) stay inside it.
 */
export const FIRST_DAY = '0001-01-02'
export const LAST_DAY = '9999-12-30'
export const isStorableDay = (day: string) => day >= FIRST_DAY && day <= LAST_DAY

/** A day and the instants it covers: `start` included, `end` (24 hours later) excluded, both UTC ISO. */
export type DayRange = { day: string; start: string; end: string }

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/i

/**
 * Reads a calendar day from `YYYY-MM-DD` or a full ISO date-time (the seed's dashboard sends
 * `new Date().toISOString()`). The day is the one written in the value, in the value's own
 * offset: a plain day and a date-time ending in `Z` (or without an offset) are a UTC day;
 * `2026-11-24T09:18:39+02:00` is 24 November from 00:00 to 24:00 at UTC+2. Returns null for
 * anything else, impossible dates (2024-02-30), days outside `FIRST_DAY`…`LAST_DAY` and offsets beyond ±14:59
 * included.
 */
export const dayRangeOf = (raw: string): DayRange | null => {
  const value = raw.trim()
  const match = /^\d{4}-\d{2}-\d{2}$/.test(value) ? [value, value, '', undefined] : DATE_TIME.exec(value)
  const day = match?.[1]
  const midnight = day ? Date.parse(`${day}T00:00:00.000Z`) : Number.NaN
  if (!match || !day || Number.isNaN(midnight) || new Date(midnight).toISOString().slice(0, 10) !== day) return null
  if (!isStorableDay(day)) return null
  const offset = match[3] && match[3].toUpperCase() !== 'Z' ? match[3].replace(':', '') : '+0000'
  const hours = Number(offset.slice(1, 3))
  const minutes = Number(offset.slice(3, 5))
  if (hours > 14 || minutes > 59) return null
  const start = midnight - (offset.startsWith('-') ? -1 : 1) * (hours * 60 + minutes) * 60_000
  return { day, start: new Date(start).toISOString(), end: new Date(start + 86_400_000).toISOString() }
}

/**
 * Whether a job is still "scheduled" at `now` (ms): not started (queued, or paused before its start)
 * and its `startAt` still ahead. `GET /jobs?scheduled=true` lists exactly these; a job whose start has
 * passed is not scheduled any more, even before the server's event says it started.
 */
export const isScheduledJob = (job: { status: string; startAt: string | null }, now: number) =>
  (job.status === 'queued' || job.status === 'paused') && job.startAt !== null && Date.parse(job.startAt) > now

/** The file name of a lane's CSV export (`GET /lanes/:id/cards.csv`). */
export const laneCsvFileName = (title: string) =>
  `kanban-${title.replace(/[^\p{L}\p{N}_-]+/gu, '-').slice(0, 40) || 'lane'}.csv`

/** Columns of a lane's CSV export. */
export const LANE_CSV_COLUMNS = [
  'ticket',
  'contact',
  'number',
  'assignee',
  'queue',
  'lastMessage',
  'waitingSince',
] as const

/** The setting holding the minutes a card may wait before the board shows it as late. */
export const KANBAN_WAIT_SETTING = 'kanbanWaitMinutes'
export const KANBAN_WAIT_DEFAULT = 30

/** The wait limit in minutes from the setting's text (the default when unset or invalid). */
export const kanbanWaitMinutes = (value: string | undefined | null): number => {
  const n = Number(value)
  return Number.isInteger(n) && n >= 1 && n <= 10_080 ? n : KANBAN_WAIT_DEFAULT
}

/** The cards a lane shows: open tickets only, in that lane. */
export const cardsOfLane = (cards: readonly Card[], laneId: string): Card[] =>
  cards.filter((card) => card.status === 'open' && card.laneId === laneId)
