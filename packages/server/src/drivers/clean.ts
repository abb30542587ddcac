import { createHash } from 'node:crypto'
import { isStorableInstant, stripNul } from '@desk/api-client'
import type { HistoryConversation, InboundMessage } from './types'

/**
 * The columns with a length limit that what a network sends reaches (migration 0002). PostgreSQL
 * refuses a longer value, and the whole delivery with it; SQLite would keep it.
 */
export const NETWORK_COLUMN_LIMITS = {
  /** `messages.providerMessageId`. */
  providerMessageId: 200,
  /** `contacts.name`: a sender's profile name, a group's name. */
  name: 255,
  /** `contacts.number`: a sender's number, a group's id. */
  number: 100,
} as const

const clean = <T extends string | null | undefined>(value: T): T =>
  (typeof value === 'string' ? stripNul(value) : value) as T

/** At most `max` characters, counted as PostgreSQL counts them (code points, never half of one). */
export const fitText = (value: string, max: number): string => {
  if (value.length <= max) return value
  const chars = Array.from(value)
  return chars.length <= max ? value : chars.slice(0, max).join('')
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/**
 * A key the desk finds things by (a provider's message id) in at most `max` characters. One that fits
 * stays as it is; a longer one keeps its first characters, then `#` and the hex SHA-256 of the whole
 * id (64 characters). The same id always gives the same key, so a redelivery is still recognised,
 * and two ids that differ anywhere give different keys.
 */
export const fitKey = (value: string, max: number): string =>
  // A string is never more code points than UTF-16 units: most ids fit without being counted.
  value.length <= max || Array.from(value).length <= max ? value : `${fitText(value, max - 65)}#${sha256(value)}`

/**
 * A number (a sender, a group's id) in at most `max` digits, by the rule of `fitKey` with digits only:
 * its first digits, then 20 digits of the SHA-256 of the whole number. No phone number is that long
 * (E.164 stops at 15 digits): such a sender still gets their own contact, never someone else's, and
 * the same one every time, but the network will refuse replies to it.
 */
export const fitNumber = (value: string, max: number): string => {
  if (value.length <= max) return value
  const tail = (BigInt(`0x${sha256(value)}`) % 10n ** 20n).toString().padStart(20, '0')
  return `${value.slice(0, max - 20)}${tail}`
}

const limits = NETWORK_COLUMN_LIMITS

/** A provider's message id as the desk stores and looks it up: no NUL bytes, fitted to its column. */
export const storedProviderId = (id: string) => fitKey(stripNul(id), limits.providerMessageId)

const storedName = <T extends string | undefined>(name: T): T =>
  (name === undefined ? name : fitText(stripNul(name), limits.name)) as T
const storedNumber = <T extends string | undefined>(number: T): T =>
  (number === undefined ? number : fitNumber(stripNul(number), limits.number)) as T

/**
 * What a driver received, ready to store. NUL bytes go from every text in it: the same rule the
 * contract applies to the API's input (`safeText`), for networks that reach the desk without going
 * through the contract (the web session's library objects, the Cloud API's webhook, the simulator).
 * Fields longer than their column are fitted to it (see `NETWORK_COLUMN_LIMITS`) rather than refused:
 * the customer's message is kept. The session manager applies it to every driver's events before
 * anything is stored.
 */
export const cleanInbound = (message: InboundMessage): InboundMessage => {
  const cleaned: InboundMessage = {
    ...message,
    providerMessageId: storedProviderId(message.providerMessageId),
    from: storedNumber(message.from),
    body: stripNul(message.body),
  }
  // The optional fields only where the message has them: added after the spread, a field its source
  // lacks gives the copy a shape of its own each time (see "Object shapes" in the server README).
  if (message.name !== undefined) cleaned.name = storedName(message.name)
  if (message.pictureUrl !== undefined) cleaned.pictureUrl = clean(message.pictureUrl)
  if (message.groupId !== undefined) cleaned.groupId = storedNumber(message.groupId)
  if (message.groupName !== undefined) cleaned.groupName = storedName(message.groupName)
  if (message.media) {
    cleaned.media = {
      ...message.media,
      fileName: clean(message.media.fileName),
      mimeType: clean(message.media.mimeType),
    }
  }
  if (message.quotedProviderMessageId) {
    cleaned.quotedProviderMessageId = storedProviderId(message.quotedProviderMessageId)
  }
  return cleaned
}

/**
 * A chat a history import read, by the same rules as `cleanInbound`; a message dated outside the span
 * the databases keep (`isStorableInstant`) counts as undated, and is dated when it is imported.
 */
export const cleanHistory = (conversation: HistoryConversation): HistoryConversation => ({
  ...conversation,
  id: storedNumber(conversation.id),
  name: storedName(conversation.name),
  messages: conversation.messages.map((message) => ({
    ...message,
    providerMessageId: storedProviderId(message.providerMessageId),
    body: stripNul(message.body),
    timestamp: isStorableInstant(message.timestamp) ? message.timestamp : 0,
    author: storedNumber(message.author),
    authorName: storedName(message.authorName),
  })),
})
