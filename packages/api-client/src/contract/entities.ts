import { z } from 'zod'
import { safeText } from './text'
import { IsoDate } from './validation'

/** Entities as the API returns them (seed 000 §3, seed 001 §3). */

export const PROFILES = ['admin', 'user'] as const
/** Profiles compare case-insensitively: "Admin" and "admin" are the same. */
export const Profile = z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(PROFILES))
export type Profile = z.infer<typeof Profile>

export const LOCALES = ['en', 'pt-BR', 'es'] as const
export const Locale = z.enum(LOCALES)
export type Locale = z.infer<typeof Locale>

export const QueueRef = z.object({ id: z.number(), name: safeText(), color: safeText() })
export type QueueRef = z.infer<typeof QueueRef>

export const Queue = z.object({
  id: z.number(),
  name: safeText(),
  color: safeText(),
  greetingMessage: safeText().nullable(),
  createdAt: IsoDate.optional(),
  updatedAt: IsoDate.optional(),
})
export type Queue = z.infer<typeof Queue>

export const User = z.object({
  id: z.number(),
  name: safeText(),
  email: safeText(),
  profile: Profile,
  queues: z.array(QueueRef),
  whatsappId: z.number().nullable(),
  whatsapp: z.object({ id: z.number(), name: safeText() }).nullable().optional(),
  language: Locale.nullable().optional(),
  createdAt: IsoDate.optional(),
  updatedAt: IsoDate.optional(),
})
export type User = z.infer<typeof User>

import { CONNECTION_STATUSES } from './constants'

export { ATTENTION_STATUSES, CONNECTION_STATUSES } from './constants'
export const ConnectionStatus = z.enum(CONNECTION_STATUSES)
export type ConnectionStatus = z.infer<typeof ConnectionStatus>

/**
 * `webchat` is the embeddable widget's connection: visitors on partner sites; `telephony` sends
 * and receives SMS (and makes voice calls) through a telephony provider; `instagram` answers Instagram
 * direct messages through Meta's official API.
 */
export const DRIVERS = ['simulator', 'cloud-api', 'web-session', 'webchat', 'telephony', 'instagram'] as const
export const Driver = z.enum(DRIVERS)
export type Driver = z.infer<typeof Driver>

/** A connection (the seed calls it "whatsapp"): one linked messaging device or account. */
export const Connection = z.object({
  id: z.number(),
  name: safeText(),
  status: ConnectionStatus,
  qrcode: safeText().nullable(),
  retries: z.number(),
  isDefault: z.boolean(),
  greetingMessage: safeText().nullable(),
  farewellMessage: safeText().nullable(),
  driver: Driver.optional(),
  queues: z.array(QueueRef),
  updatedAt: IsoDate,
  createdAt: IsoDate.optional(),
})
export type Connection = z.infer<typeof Connection>

/** The live session part of a connection, pushed as `whatsappSession`. */
export const ConnectionSession = Connection.pick({
  id: true,
  status: true,
  qrcode: true,
  retries: true,
  updatedAt: true,
})
export type ConnectionSession = z.infer<typeof ConnectionSession>

export const ExtraInfo = z.object({ id: z.number().optional(), name: safeText(), value: safeText() })
export type ExtraInfo = z.infer<typeof ExtraInfo>

export const Contact = z.object({
  id: z.number(),
  name: safeText(),
  number: safeText().nullable(),
  email: safeText().nullable(),
  profilePicUrl: safeText().nullable(),
  isGroup: z.boolean().optional(),
  extraInfo: z.array(ExtraInfo).optional(),
  createdAt: IsoDate.optional(),
  updatedAt: IsoDate.optional(),
})
export type Contact = z.infer<typeof Contact>

export const TICKET_STATUSES = ['open', 'pending', 'closed'] as const
export const TicketStatus = z.enum(TICKET_STATUSES)
export type TicketStatus = z.infer<typeof TicketStatus>

export const Tag = z.object({ id: z.number().optional(), tag: safeText(), color: safeText() })
export type Tag = z.infer<typeof Tag>

export const Ticket = z.object({
  id: z.number(),
  status: TicketStatus,
  contactId: z.number(),
  contact: Contact,
  userId: z.number().nullable(),
  user: z.object({ id: z.number(), name: safeText() }).nullable(),
  queueId: z.number().nullable(),
  queue: QueueRef.nullable(),
  whatsappId: z.number().nullable(),
  /** The connection, with its driver: the channel the ticket's conversation runs on. */
  whatsapp: z.object({ id: z.number(), name: safeText(), driver: Driver.optional() }).nullable().optional(),
  isGroup: z.boolean(),
  /** The preview: the last message a person wrote (not automatic, not deleted); empty or null when none. */
  lastMessage: safeText().nullable(),
  unreadMessages: z.number(),
  tags: z.array(Tag).optional(),
  protocol: safeText().nullable().optional(),
  /**
   * On channels with a reply window (the WhatsApp Cloud API, Instagram; see `replyWindowState`): when the
   * customer last wrote on this connection, in this ticket or an earlier one; null when they never did.
   * Absent on other channels and in lists.
   */
  lastCustomerMessageAt: IsoDate.nullable().optional(),
  /**
   * In a search's answer only: the latest message that holds the searched text (not deleted), which the
   * list shows in place of the preview. Absent when only the contact's name or number matched.
   */
  searchMatch: z.object({ messageId: z.number(), body: safeText() }).optional(),
  updatedAt: IsoDate,
  createdAt: IsoDate,
})
export type Ticket = z.infer<typeof Ticket>

export const MEDIA_TYPES = ['chat', 'image', 'audio', 'video', 'location', 'vcard', 'other'] as const
export const MediaType = z.enum(MEDIA_TYPES)
export type MediaType = z.infer<typeof MediaType>

/** 0 pending, 1 sent (server), 2 delivered, 3 read, 4 played. */
export const Ack = z.number().int().min(0).max(4)
export type Ack = z.infer<typeof Ack>

export const QuotedMessage = z.object({
  id: z.union([z.number(), safeText()]),
  body: safeText(),
  fromMe: z.boolean(),
  mediaType: MediaType.optional(),
  /** A quoted file's name, when it came with one. */
  mediaName: safeText().nullable().optional(),
  contact: z.object({ name: safeText() }).nullable().optional(),
})
export type QuotedMessage = z.infer<typeof QuotedMessage>

export const Message = z.object({
  id: z.union([z.number(), safeText()]),
  ticketId: z.number(),
  body: safeText(),
  fromMe: z.boolean(),
  read: z.boolean(),
  mediaUrl: safeText().nullable(),
  mediaType: MediaType,
  /** The file's size in bytes; null or absent when unknown (messages stored before sizes were kept). */
  mediaSize: z.number().int().nonnegative().nullable().optional(),
  /** The name the file came with (an upload's or a customer's document's); null or absent when unknown. */
  mediaName: safeText().nullable().optional(),
  ack: Ack,
  isDeleted: z.boolean(),
  quotedMsg: QuotedMessage.nullable().optional(),
  contact: z.object({ id: z.number(), name: safeText() }).nullable().optional(),
  /** Set when the driver failed to send: the text is kept so nothing typed is lost. */
  error: safeText().nullable().optional(),
  /**
   * True for what the desk sent by itself (greeting and queue menu, queue greeting, transfer
   * notice, farewell). Such messages never become their ticket's `lastMessage`, which is the
   * last message a person (customer or agent) wrote and has not deleted. Absent means false.
   */
  automatic: z.boolean().optional(),
  /**
   * The outreach job that sent it: the copy of a bulk message kept in the customer's conversation
   * (stored automatic, so never a preview). Null or absent for everything else.
   */
  jobId: z.number().int().positive().nullable().optional(),
  /**
   * Instagram: the customer replied to the business's story (`reply`) or mentioned it in their own
   * (`mention`); `url` is the story's link. Absent for everything else.
   */
  story: z
    .object({ kind: z.enum(['reply', 'mention']), url: safeText() })
    .nullable()
    .optional(),
  /**
   * A private note: written by an agent for the desk, shown to everyone who may see the ticket,
   * never sent to the customer, a bot, an export or an e-mail unless asked for. Absent means false.
   */
  isNote: z.boolean().optional(),
  /** A private note's writer; absent on every other message (and on a note whose writer was deleted). */
  noteAuthor: z.object({ id: z.number().int(), name: safeText() }).optional(),
  createdAt: IsoDate,
  updatedAt: IsoDate.optional(),
})
export type Message = z.infer<typeof Message>

export const QuickAnswer = z.object({
  id: z.number(),
  shortcut: safeText(),
  message: safeText(),
  createdAt: IsoDate.optional(),
  updatedAt: IsoDate.optional(),
})
export type QuickAnswer = z.infer<typeof QuickAnswer>

export const SETTING_KEYS = [
  'userCreation',
  'timeCreateNewTicket',
  'call',
  'CheckMsgIsGroup',
  'userApiToken',
  'outreachStopWords',
  // Kanban: minutes a card may wait before it shows as late.
  'kanbanWaitMinutes',
  // The desk's language: what the server writes to customers and in e-mails (en, pt-BR, es).
  'language',
  // The framed pages: the internal-chat address (/ZDGChatInterno frames it instead of the desk's chat)
  // and the chatbot app's (/ZDGChatbot). Empty: none.
  'internalChatUrl',
  'chatbotUrl',
] as const
export const SettingKey = z.enum(SETTING_KEYS)
export type SettingKey = z.infer<typeof SettingKey>

export const Setting = z.object({ key: safeText(), value: safeText(), updatedAt: IsoDate.optional() })
export type Setting = z.infer<typeof Setting>

/**
 * Kanban (seed 001). A lane keeps the seed's `laneId` (its id as text) and `label`; `position`
 * orders the board; `entryQueueId` / `entryQuickAnswerId` are run when a card enters it.
 */
export const Lane = z.object({
  id: z.number(),
  laneId: safeText(),
  title: safeText(),
  label: safeText().nullable(),
  color: safeText(),
  position: z.number(),
  entryQueueId: z.number().nullable(),
  entryQuickAnswerId: z.number().nullable(),
})
export type Lane = z.infer<typeof Lane>

/**
 * A card is an open ticket seen on the board: `id` is the ticket's id. `title` is the contact's
 * name and `description` the last message (the seed's fields); `waitingSince` is the ticket's
 * last activity, which the board colours against the setting `kanbanWaitMinutes`.
 */
export const Card = z.object({
  id: z.number(),
  ticketId: z.number(),
  status: TicketStatus,
  laneId: safeText(),
  title: safeText(),
  description: safeText().nullable(),
  label: safeText().nullable(),
  contact: Contact,
  user: z.object({ id: z.number(), name: safeText() }).nullable(),
  queue: QueueRef.nullable(),
  unreadMessages: z.number(),
  tags: z.array(Tag).optional(),
  waitingSince: IsoDate,
  /** The channel the ticket runs on (its connection's driver). */
  channel: Driver.optional(),
})
export type Card = z.infer<typeof Card>
