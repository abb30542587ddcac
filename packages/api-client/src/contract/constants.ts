/**
 * Plain values of the contract that the app needs at run time, kept free of zod so that
 * importing them never pulls the schemas into a page's bundle (the schemas load on demand,
 * for response checks in development). The schema files re-export them under the same names.
 */

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
