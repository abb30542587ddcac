import type { WidgetMessage, WidgetMode } from '@desk/api-client/contract'
import type { WidgetPanelMessage } from '@desk/ui'
import type { PendingMessage } from './model/conversation'

/** What the panel lists: the desk's messages, then the visitor's still on their way (their id is the clientId). */
export function panelMessages(
  messages: readonly WidgetMessage[],
  pending: readonly PendingMessage[],
  mode: WidgetMode,
): WidgetPanelMessage[] {
  return [
    ...messages,
    ...pending.map(
      (p): WidgetPanelMessage => ({
        id: p.clientId,
        fromCustomer: mode === 'customer',
        body: p.body,
        mediaType: p.files.length > 0 ? 'other' : 'chat',
        mediaUrl: null,
        mediaName: p.files[0]?.name ?? null,
        ack: 0,
        agentName: null,
        isDeleted: false,
        createdAt: p.createdAt,
        failed: p.status === 'failed',
      }),
    ),
  ]
}
