import type {
  Connection,
  ConnectionSession,
  Contact,
  Message,
  Queue,
  QuickAnswer,
  Setting,
  Ticket,
  TicketStatus,
  User,
} from './entities'

/** Live events share one shape: an action plus the entity, or its id on delete. */
export type EntityEvent<K extends string, T, IdKey extends string> =
  | ({ action: 'create' | 'update' } & { [P in K]: T })
  | ({ action: 'delete' } & { [P in IdKey]: number })

export type UserEvent = EntityEvent<'user', User, 'userId'>
export type SettingsEvent = { action: 'update'; setting: Setting }
export type QueueEvent = EntityEvent<'queue', Queue, 'queueId'>
export type QuickAnswerEvent = EntityEvent<'quickAnswer', QuickAnswer, 'quickAnswerId'>
export type ContactEvent = EntityEvent<'contact', Contact, 'contactId'>
export type WhatsappEvent =
  | { action: 'create' | 'update'; whatsapp: Connection }
  | { action: 'delete'; whatsappId: number }
export type WhatsappSessionEvent = { action: 'update'; session: ConnectionSession }
export type TicketEvent =
  | { action: 'update'; ticket: Ticket }
  | { action: 'delete'; ticketId: number }
  | { action: 'updateUnread'; ticketId: number }
export type AppMessageEvent = { action: 'create' | 'update'; message: Message; ticket: Ticket; contact: Contact }

/** Progress of a server-side outreach job (bulk send, groups, schedules). */
export type JobEvent = {
  action: 'progress' | 'done' | 'failed'
  job: { id: number; kind: string; status: string; sent: number; failed: number; total: number }
}

/** What the server pushes. Shared by the server (emit) and the client (listen). */
export interface ServerToClientEvents {
  user: (event: UserEvent) => void
  settings: (event: SettingsEvent) => void
  queue: (event: QueueEvent) => void
  quickAnswer: (event: QuickAnswerEvent) => void
  contact: (event: ContactEvent) => void
  /** Every signed-in user hears connection changes; `qrcode` is null except for admins. */
  whatsapp: (event: WhatsappEvent) => void
  /** Every signed-in user hears session moves; `qrcode` is null except for admins. */
  whatsappSession: (event: WhatsappSessionEvent) => void
  ticket: (event: TicketEvent) => void
  appMessage: (event: AppMessageEvent) => void
  job: (event: JobEvent) => void
}

/** What the client asks for. The server admits a socket only to rooms its user may see. */
export interface ClientToServerEvents {
  joinNotification: () => void
  joinTickets: (status: TicketStatus) => void
  leaveTickets: (status: TicketStatus) => void
  joinChatBox: (ticketId: number | string) => void
  leaveChatBox: (ticketId: number | string) => void
}

/** Socket.io handshake: `io(url, { auth: { token } })`. */
export type SocketAuth = { token: string }
