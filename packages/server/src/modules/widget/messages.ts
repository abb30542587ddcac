import { MediaType, type WidgetMessage } from '@desk/api-client'
import { clientIdOf } from '../../drivers/webchat'
import type { WidgetMessageRow } from './repository'

/**
 * A stored message as the widget shows it. The visitor's own messages read as delivered (2) once
 * stored, and read (3) once the desk has read them; the desk's carry their ack (1 stored, 3 read
 * by the visitor). A deleted message keeps its place without its text or file.
 */
export const toWidgetMessage = (row: WidgetMessageRow, mediaUrl: (path: string) => string): WidgetMessage => {
  const fromCustomer = row.fromMe === 0
  const deleted = row.isDeleted === 1
  return {
    id: row.id,
    ticketId: row.ticketId,
    clientId: row.clientId ?? clientIdOf(row.providerMessageId),
    fromCustomer,
    body: deleted ? '' : row.body,
    mediaType: MediaType.safeParse(row.mediaType).data ?? 'chat',
    mediaUrl: !deleted && row.mediaPath ? mediaUrl(row.mediaPath) : null,
    ack: fromCustomer ? (row.read === 1 || row.ack >= 3 ? 3 : 2) : Math.min(4, Math.max(0, row.ack)),
    agentName: fromCustomer ? null : (row.agentName ?? null),
    isDeleted: deleted,
    createdAt: row.createdAt,
  }
}
