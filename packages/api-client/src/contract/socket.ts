import type { ChatChannelEvent, ChatMessageEvent, MentionEvent } from './chat'
import type {
  Card,
  Connection,
  ConnectionSession,
  Contact,
  Lane,
  Message,
  Queue,
  QuickAnswer,
  Setting,
  Ticket,
  TicketStatus,
  User,
} from './entities'
import type { BotEvent } from './outreach/bots'
import type { Job } from './outreach/jobs'
import type { ContactTagsEvent, TagEvent } from './tags'

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

/**
 * A server-side outreach job (bulk send, groups, schedules), whole: `create` when made, `update`
 * when its status, pause or waiting reason changes (pause, resume, cancel, retry, a wait for the
 * window), `progress` as recipients are handled (at most about 4 a second per job), `done` when
 * finished. Heard by the job's owner and by admins (jobs made with the API token: admins only).
 */
export type JobEvent = { action: 'create' | 'update' | 'progress' | 'done'; job: Job }

/**
 * Kanban: a card moved (`update`, with where it is now) or left the board; lanes changed (`order`
 * carries every lane in its new order).
 */
export type CardEvent = { action: 'update'; card: Card } | { action: 'delete'; ticketId: number }
export type LaneEvent =
  | { action: 'create' | 'update'; lane: Lane }
  | { action: 'delete'; laneId: number }
  | { action: 'order'; lanes: Lane[] }

/** What the server pushes. Shared by the server (emit) and the client (listen). */
export interface ServerToClientEvents {
  user: (event: UserEvent) => void
  settings: (event: SettingsEvent) => void
  queue: (event: QueueEvent) => void
  quickAnswer: (event: QuickAnswerEvent) => void
  contact: (event: ContactEvent) => void
  /**
   * Every signed-in user hears connection changes; `qrcode` is null except for admins. The server
   * announces a new connection as `update` too (clients add a connection they do not know).
   */
  whatsapp: (event: WhatsappEvent) => void
  /** Every signed-in user hears session moves; `qrcode` is `""` when there is none, and always for non-admins. */
  whatsappSession: (event: WhatsappSessionEvent) => void
  /**
   * Only to sockets that joined a room the ticket is in (notifications, its status list, its
   * conversation), and only for tickets the user may see; a status list also hears `delete`
   * when a ticket leaves it.
   */
  ticket: (event: TicketEvent) => void
  /** As `ticket`: `create` in all three rooms, `update` (acks, deletions) in the conversation only. */
  appMessage: (event: AppMessageEvent) => void
  job: (event: JobEvent) => void
  // Tags: every signed-in user hears the catalogue and contacts' tags.
  tag: (event: TagEvent) => void
  contactTags: (event: ContactTagsEvent) => void
  /** Kanban: to the open list's rooms (the board joins `tickets:open`) and the ticket's conversation, for its audience. */
  card: (event: CardEvent) => void
  /** Kanban lanes: every signed-in user. */
  lane: (event: LaneEvent) => void
  /** A contact's bot switch changed (on, off, paused by an agent's reply, ended by a stop word, failed): the ticket's audience. */
  bot: (event: BotEvent) => void
  /** Internal chat: a new message, to the channel's members only (each sees the ticket card as they may open it). */
  chatMessage: (event: ChatMessageEvent) => void
  /** Internal chat: a channel the user belongs to was made, renamed, joined, read or removed (or they left it). */
  chatChannel: (event: ChatChannelEvent) => void
  /** Someone mentioned the user (in a chat channel or a private note): that user only. */
  mention: (event: MentionEvent) => void
}

/** Answers a join or leave when the client asks for it: whether the socket was let in (or out). */
export type RoomAck = (done: boolean) => void

/**
 * What the client asks for (seed: `joinNotification` on connect, `joinTickets(status)` per list,
 * `joinChatBox(ticketId)` per conversation). A socket hears ticket and message events only for
 * what it joined, and of those only the tickets its user may see; a conversation the user cannot
 * see is refused. The acknowledgement is optional.
 */
export interface ClientToServerEvents {
  joinNotification: (ack?: RoomAck) => void
  joinTickets: (status: TicketStatus, ack?: RoomAck) => void
  leaveTickets: (status: TicketStatus, ack?: RoomAck) => void
  joinChatBox: (ticketId: number | string, ack?: RoomAck) => void
  leaveChatBox: (ticketId: number | string, ack?: RoomAck) => void
}

/** Socket.io handshake: `io(url, { auth: { token } })`. */
export type SocketAuth = { token: string }
