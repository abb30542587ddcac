import type { WidgetConfig, WidgetMessage } from '../../contract'
import { MOCK_NOW } from '../support'

/** The web chat connection the widget's stories and tests talk to. */
export const WIDGET_CONNECTION_ID = 9

/** Partner tokens the mock desk knows: a verified visitor, an expired one, and a partner's agent on ticket 1. */
export const WIDGET_TOKENS = {
  visitor: 'mock-partner-visitor',
  expired: 'mock-partner-expired',
  agent: 'mock-partner-agent',
}

const at = (minutes: number) => new Date(MOCK_NOW - (60 - minutes) * 60_000).toISOString()

const message = (id: number, fromCustomer: boolean, body: string, minutes: number): WidgetMessage => ({
  id,
  ticketId: 1,
  clientId: fromCustomer ? `fixture-client-${id}` : null,
  fromCustomer,
  body,
  mediaType: 'chat',
  mediaUrl: null,
  ack: fromCustomer ? 3 : 1,
  agentName: fromCustomer ? null : 'Ana Souza',
  isDeleted: false,
  createdAt: at(minutes),
})

export const widgetFixtures = {
  config: {
    connectionId: WIDGET_CONNECTION_ID,
    name: 'Acme support',
    allowedOrigins: ['https://portal.example.com'],
    verifiedOnly: false,
    offlineEmail: true,
    theme: { primaryColor: '#84cc16', mode: 'auto', position: 'right', launcherText: '', launcherIcon: 'chat' },
    online: true,
  } satisfies WidgetConfig,
  messages: [
    message(1, false, 'Hi! How can we help you today?', 1),
    message(2, true, 'My order #4312 has not arrived yet.', 3),
    message(3, false, 'Sorry about that. Let me check the tracking for you.', 5),
    message(4, false, 'It left the warehouse this morning: you will have it tomorrow.', 7),
  ] satisfies WidgetMessage[],
}
