import type { WidgetMessage } from '@desk/api-client/contract'

/** A message the visitor sent that the desk has not confirmed yet (shown at once, replaced by the desk's). */
export interface PendingMessage {
  clientId: string
  body: string
  files: readonly File[]
  status: 'sending' | 'failed'
  /** The desk's error code when the last try failed. */
  error: string | null
  createdAt: string
}

/**
 * Messages merged by id, oldest first: a message already held is replaced by the newer copy (an edit, a
 * changed ack), so a catch-up after a reconnect that overlaps what the socket delivered never doubles one.
 */
export function mergeMessages(held: readonly WidgetMessage[], incoming: readonly WidgetMessage[]): WidgetMessage[] {
  if (incoming.length === 0) return held as WidgetMessage[]
  const byId = new Map(held.map((m) => [m.id, m]))
  for (const message of incoming) byId.set(message.id, message)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

/** The pending messages the desk has not yet answered for: those whose `clientId` no held message carries. */
export function unsettled(pending: readonly PendingMessage[], held: readonly WidgetMessage[]): PendingMessage[] {
  const settled = new Set(held.map((m) => m.clientId).filter((id) => id !== null))
  const left = pending.filter((p) => !settled.has(p.clientId))
  return left.length === pending.length ? (pending as PendingMessage[]) : left
}

/** The id of the newest message held (for `?after=`), or undefined. */
export const lastId = (held: readonly WidgetMessage[]) => (held.length > 0 ? held[held.length - 1].id : undefined)

/** The desk's messages newer than `readUpTo`: what the visitor has not seen. */
export const unreadCount = (held: readonly WidgetMessage[], readUpTo: number) =>
  held.filter((m) => !m.fromCustomer && !m.isDeleted && m.id > readUpTo).length

/**
 * A fresh id for a message being sent: 32 hex characters (a UUID without its dashes). The desk stores it,
 * and a retry with the same id answers the message already stored instead of sending a second one.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID().replaceAll('-', '')
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}
