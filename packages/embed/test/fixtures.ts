import type { WidgetMessage } from '@desk/api-client/contract'

/** A desk message (or the visitor's, with `fromCustomer`) with the given id. */
export const message = (id: number, extra: Partial<WidgetMessage> = {}): WidgetMessage => ({
  id,
  ticketId: 1,
  clientId: null,
  fromCustomer: false,
  body: `message ${id}`,
  mediaType: 'chat',
  mediaUrl: null,
  ack: 1,
  agentName: 'Ana',
  isDeleted: false,
  createdAt: new Date(Date.UTC(2026, 0, 15, 10, id)).toISOString(),
  ...extra,
})
