import type {
  AppMessageEvent,
  BotEvent,
  CardEvent,
  ChatChannelEvent,
  ChatMessageEvent,
  ConnectionSession,
  ContactEvent,
  ContactTagsEvent,
  JobEvent,
  LaneEvent,
  MentionEvent,
  QueueEvent,
  QuickAnswerEvent,
  Setting,
  TagEvent,
  TicketEvent,
  TicketStatus,
  UserEvent,
  WhatsappEvent,
} from '@desk/api-client'

/**
 * Who may hear about one ticket: admins always, plus these users, or every signed-in user
 * (an unassigned ticket without a queue). Computed by the tickets feature, which owns the
 * visibility rules; the socket layer only maps it onto rooms.
 */
export interface Audience {
  everyone: boolean
  userIds: number[]
}

/** Where a ticket stands for those listening: its status (which list shows it) and who may see it. */
export interface TicketSight {
  status: TicketStatus
  audience: Audience
}

/**
 * What the services announce. The socket layer decides who hears it; services stay free of
 * socket.io so they can be tested (and used from the CLI) without a server.
 */
export interface Publisher {
  /** A user was created, updated or deleted: admins and the user concerned hear it. */
  user(event: UserEvent): void
  /**
   * A user's sessions ended (their password changed): their sockets are closed, except those of
   * `keepSessionId` (the session that made the change, which carries on).
   */
  sessionsEnded(userId: number, keepSessionId?: string): void
  /** A setting changed: every signed-in user hears it; the API token only reaches admins. */
  settings(setting: Setting): void
  /** A connection was created, changed or deleted: every signed-in user, the QR code for admins only. */
  whatsapp(event: WhatsappEvent): void
  /** A connection's session moved (status, QR code, retries): every signed-in user, the QR code for admins only. */
  whatsappSession(session: ConnectionSession): void
  /**
   * A ticket changed: only its audience hears it. `before` is where it stood before an update,
   * so the lists it left (another status, or people who no longer see it) can drop it.
   */
  ticket(event: TicketEvent, now: TicketSight, before?: TicketSight): void
  /** A message was stored or changed: only its ticket's audience hears it. */
  appMessage(event: AppMessageEvent, audience: Audience): void
  /** A contact changed: every signed-in user (contacts are shared by the desk). */
  contact(event: ContactEvent): void
  /** A queue was created, changed or deleted: every signed-in user (tickets show queue colours). */
  queue(event: QueueEvent): void
  /** A quick answer was created, changed or deleted: every signed-in user. */
  quickAnswer(event: QuickAnswerEvent): void
  /** An outreach job changed or progressed: its owner and admins (a job made with the API token: admins). */
  job(event: JobEvent): void
  /** The tag catalogue changed: every signed-in user. */
  tag(event: TagEvent): void
  /** A contact's tags were replaced: every signed-in user (contacts are shared by the desk). */
  contactTags(event: ContactTagsEvent): void
  /** A kanban card moved or left the board: the board's viewers (the open list's rooms) in its ticket's audience. */
  card(event: CardEvent, audience: Audience): void
  /** Kanban lanes changed: every signed-in user. */
  lane(event: LaneEvent): void
  /** A contact's bot switch changed: everyone who may see one of the contact's tickets (the merged audience). */
  bot(event: BotEvent, audience: Audience): void
  /** A chat message: these users (the channel's members, each list with the same view of it). */
  chatMessage(event: ChatMessageEvent, userIds: readonly number[]): void
  /** A chat channel changed for these users (as each of them sees it: the caller passes one user's view). */
  chatChannel(event: ChatChannelEvent, userIds: readonly number[]): void
  /** Someone mentioned a user: that user only. */
  mention(event: MentionEvent, userId: number): void
}

const noop = () => {}
export const silentPublisher: Publisher = {
  user: noop,
  sessionsEnded: noop,
  settings: noop,
  whatsapp: noop,
  whatsappSession: noop,
  ticket: noop,
  appMessage: noop,
  contact: noop,
  queue: noop,
  quickAnswer: noop,
  job: noop,
  tag: noop,
  contactTags: noop,
  card: noop,
  lane: noop,
  bot: noop,
  chatMessage: noop,
  chatChannel: noop,
  mention: noop,
}

export type RecordedEvent =
  | { kind: 'user'; event: UserEvent }
  | { kind: 'sessionsEnded'; userId: number; keepSessionId?: string }
  | { kind: 'settings'; setting: Setting }
  | { kind: 'whatsapp'; event: WhatsappEvent }
  | { kind: 'whatsappSession'; session: ConnectionSession }
  | { kind: 'ticket'; event: TicketEvent; now: TicketSight; before?: TicketSight }
  | { kind: 'appMessage'; event: AppMessageEvent; audience: Audience }
  | { kind: 'contact'; event: ContactEvent }
  | { kind: 'queue'; event: QueueEvent }
  | { kind: 'quickAnswer'; event: QuickAnswerEvent }
  | { kind: 'job'; event: JobEvent }
  | { kind: 'tag'; event: TagEvent }
  | { kind: 'contactTags'; event: ContactTagsEvent }
  | { kind: 'card'; event: CardEvent; audience: Audience }
  | { kind: 'lane'; event: LaneEvent }
  | { kind: 'bot'; event: BotEvent; audience: Audience }
  | { kind: 'chatMessage'; event: ChatMessageEvent; userIds: readonly number[] }
  | { kind: 'chatChannel'; event: ChatChannelEvent; userIds: readonly number[] }
  | { kind: 'mention'; event: MentionEvent; userId: number }

/** Records events, for tests. */
export const recordingPublisher = () => {
  const events: RecordedEvent[] = []
  const publisher: Publisher = {
    user: (event) => events.push({ kind: 'user', event }),
    sessionsEnded: (userId, keepSessionId) => events.push({ kind: 'sessionsEnded', userId, keepSessionId }),
    settings: (setting) => events.push({ kind: 'settings', setting }),
    whatsapp: (event) => events.push({ kind: 'whatsapp', event }),
    whatsappSession: (session) => events.push({ kind: 'whatsappSession', session }),
    ticket: (event, now, before) => events.push({ kind: 'ticket', event, now, before }),
    appMessage: (event, audience) => events.push({ kind: 'appMessage', event, audience }),
    contact: (event) => events.push({ kind: 'contact', event }),
    queue: (event) => events.push({ kind: 'queue', event }),
    quickAnswer: (event) => events.push({ kind: 'quickAnswer', event }),
    job: (event) => events.push({ kind: 'job', event }),
    tag: (event) => events.push({ kind: 'tag', event }),
    contactTags: (event) => events.push({ kind: 'contactTags', event }),
    card: (event, audience) => events.push({ kind: 'card', event, audience }),
    lane: (event) => events.push({ kind: 'lane', event }),
    bot: (event, audience) => events.push({ kind: 'bot', event, audience }),
    chatMessage: (event, userIds) => events.push({ kind: 'chatMessage', event, userIds }),
    chatChannel: (event, userIds) => events.push({ kind: 'chatChannel', event, userIds }),
    mention: (event, userId) => events.push({ kind: 'mention', event, userId }),
  }
  return { publisher, events }
}
