import { PHOTO } from '../message-bubble/fixtures'
import type { WidgetPanelMessage, WidgetQuickAnswerItem } from './types'

/** Sample conversations for stories ("now" is 2026-01-15 10:30 UTC, see .storybook/preview.tsx). */
const at = (iso: string) => new Date(iso).toISOString()
const base = { mediaType: 'chat', mediaUrl: null, isDeleted: false, ack: 3, agentName: null } as const

export const CONVERSATION: WidgetPanelMessage[] = [
  {
    ...base,
    id: 1,
    fromCustomer: true,
    body: 'Hi! My order #4512 has not arrived yet.',
    createdAt: at('2026-01-14T16:02:00Z'),
  },
  {
    ...base,
    id: 2,
    fromCustomer: false,
    agentName: 'Carla Dias',
    // Signed, as the desk sends an agent's message when signing is on.
    body: '*Carla Dias:*\nHello! Let me check that for you. Could you send a photo of the receipt?',
    createdAt: at('2026-01-14T16:05:00Z'),
  },
  {
    ...base,
    id: 3,
    fromCustomer: true,
    body: '',
    mediaType: 'image',
    mediaUrl: PHOTO,
    mediaName: 'receipt.png',
    createdAt: at('2026-01-14T16:07:00Z'),
  },
  {
    ...base,
    id: 4,
    fromCustomer: false,
    agentName: 'Carla Dias',
    body: 'invoice-4512.pdf',
    mediaType: 'other',
    mediaUrl: '/files/invoice-4512.pdf',
    createdAt: at('2026-01-14T16:10:00Z'),
  },
  {
    ...base,
    id: 5,
    fromCustomer: true,
    body: 'Wrong photo, sorry',
    isDeleted: true,
    createdAt: at('2026-01-15T09:58:00Z'),
  },
  {
    ...base,
    id: 6,
    fromCustomer: false,
    agentName: 'Carla Dias',
    body: 'Your parcel leaves our warehouse *today*. You will get the tracking code by e-mail.',
    createdAt: at('2026-01-15T10:12:00Z'),
  },
  { ...base, id: 7, fromCustomer: true, body: 'Great, thank you!', ack: 2, createdAt: at('2026-01-15T10:20:00Z') },
  {
    ...base,
    id: 8,
    fromCustomer: true,
    body: 'One more thing: can I change the address?',
    ack: 1,
    createdAt: at('2026-01-15T10:21:00Z'),
  },
  {
    ...base,
    id: 'c-9',
    fromCustomer: true,
    body: 'It is Rua das Flores 12.',
    ack: 0,
    createdAt: at('2026-01-15T10:29:00Z'),
  },
]

/** The visitor's message that did not go out. */
export const FAILED: WidgetPanelMessage = {
  ...base,
  id: 'c-10',
  fromCustomer: true,
  body: 'Apartment 301.',
  ack: 0,
  failed: true,
  createdAt: at('2026-01-15T10:30:00Z'),
}

/** Three days of messages, one every 45 minutes from 13 January 08:00 until "now". */
export const LONG_CONVERSATION: WidgetPanelMessage[] = Array.from({ length: 68 }, (_, i) => ({
  ...base,
  id: 100 + i,
  fromCustomer: i % 3 !== 1,
  agentName: i % 3 === 1 ? 'Bruno Lima' : null,
  body: `Message number ${i + 1}`,
  createdAt: new Date(Date.parse('2026-01-13T08:00:00Z') + i * 45 * 60_000).toISOString(),
}))

export const QUICK_ANSWERS: WidgetQuickAnswerItem[] = [
  { id: 1, shortcut: 'greeting', message: 'Hello! How can I help you today?' },
  { id: 2, shortcut: 'tracking', message: 'Your tracking code is on its way by e-mail.' },
  { id: 3, shortcut: 'bye', message: 'Thank you for contacting us. Have a great day!' },
]
