import type { Ack, ConnectionStatus, Driver, ErrorCode, MediaType } from '@desk/api-client'

/**
 * One interface for every messaging network. A driver turns the desk's sends into the
 * network's calls and reports what the network says through `DriverEvents`; it knows
 * nothing of tickets or the database. The session manager owns the instances.
 */

/** A message that arrived from the network. */
export interface InboundMessage {
  /** The network's id for it; the same id delivered twice is stored once. */
  providerMessageId: string
  /** The customer's number (digits); inside a group, the member who wrote. */
  from: string
  /** The sender's display name, when the network gives one. */
  name?: string
  pictureUrl?: string | null
  isGroup: boolean
  /** The group's id (digits) for group messages. */
  groupId?: string
  groupName?: string
  body: string
  mediaType: MediaType
  media?: { data: Buffer; mimeType?: string; fileName?: string }
  /** The network id of the message this one replies to. */
  quotedProviderMessageId?: string
  /**
   * The desk's contact, when the driver already knows it (web chat visitors have no number): the
   * message is theirs, and `from` is left empty.
   */
  contactId?: number
  /**
   * Instagram: the customer is known by their Instagram-scoped id on the connection (`from` holds it too), with
   * their user name when known; the desk's contact for them has no number.
   */
  instagram?: { igsid: string; username?: string | null }
  /** Instagram: a reply to the business's story, or a mention of it in the customer's, with the story's link. */
  story?: { kind: 'reply' | 'mention'; url: string }
}

export interface StatusUpdate {
  status: ConnectionStatus
  qrcode?: string | null
  retries?: number
}

export interface DriverEvents {
  inbound(message: InboundMessage): Promise<unknown>
  ack(providerMessageId: string, ack: Ack): Promise<unknown>
  /** The network gave up on a sent message (networks that report it). */
  /** `code`: what the refusal means to the agent (an error code), when the network said why. */
  failed?(providerMessageId: string, code?: ErrorCode): Promise<unknown>
  status(update: StatusUpdate): Promise<void>
}

export interface SendOptions {
  /** Network id of the message being replied to. */
  quotedProviderMessageId?: string | null
  /** The desk's own id of the message, for drivers that keep a record (the simulator's outbox). */
  reference?: number | null
  /** A person's reply after the standard reply window (Instagram's `HUMAN_AGENT` tag). */
  humanAgent?: boolean
}

export interface SentMessage {
  providerMessageId: string
  ack: Ack
}

export interface OutboundMedia {
  data: Buffer
  mimeType: string
  fileName: string
  mediaType: MediaType
  caption?: string
}

export interface OutboundLocation {
  link: string
  latitude?: number
  longitude?: number
  description?: string | null
  imageUrl?: string | null
}

export interface DeviceContact {
  name: string
  number: string
}

/** One message of a phone's chat, as a history import reads it. */
export interface HistoryMessage {
  /** The network's id; an import stores each id once, however often it runs. */
  providerMessageId: string
  /** Sent from the phone (the desk's side) rather than by the customer. */
  fromMe: boolean
  /** The text, or a file's caption (history files are not downloaded). */
  body: string
  mediaType: MediaType
  /** When it was sent, in milliseconds since 1970. */
  timestamp: number
  /** Inside a group: the member who wrote (digits) and their name. */
  author?: string
  authorName?: string
}

/** One chat of the phone with its latest messages, oldest first. */
export interface HistoryConversation {
  /** The customer's number or the group's id (digits). */
  id: string
  isGroup: boolean
  name?: string
  messages: HistoryMessage[]
}

export interface HistoryOptions {
  /** Most messages read per conversation (the latest ones). */
  limit: number
  /** Only this customer's or group's chat (digits). */
  contact?: string
}

/** One group the connection's number is in, as its network tells it. */
export interface DriverGroup {
  /** The network's id, bare (no `@g.us`). */
  id: string
  name: string
  description: string | null
  /** Every member's number (digits) but the connection's own. */
  participants: string[]
  /** The connection's number administers it. */
  isAdmin: boolean
  /** Announcement mode: only admins may write. */
  announce: boolean
}

/** A group made by `createGroup`: the contact was added, or (`invited`) sent the invite link. */
export interface CreatedGroup {
  id: string
  inviteLink: string | null
  invited: boolean
}

/**
 * What a driver's network cannot do with groups (the Cloud API has no announcement mode and adds
 * nobody directly). The group jobs record it as the group's failure; the calls answer
 * `ERR_GROUP_ACTION_UNSUPPORTED`.
 */
export class GroupActionUnsupported extends Error {
  constructor(action: string, network: string) {
    super(`The ${network} network cannot ${action}`)
    this.name = 'GroupActionUnsupported'
  }
}

/**
 * The group functions of a network, each optional: a driver without `listGroups` has no groups
 * (the web chat), and an action it leaves out answers `ERR_GROUP_ACTION_UNSUPPORTED`. Messages to a
 * group go through `sendText`/`sendMedia` to `{id}@g.us`.
 */
export interface GroupFunctions {
  /** The connection's own number (digits), when the network says: never messaged by a group job. */
  ownNumber?(): string | null
  /** The groups the connection's number is in, with their members. */
  listGroups?(): Promise<DriverGroup[]>
  /** A group named `title` with `participants` (digits) in it. */
  createGroup?(title: string, participants: string[]): Promise<CreatedGroup>
  setGroupSubject?(groupId: string, subject: string): Promise<void>
  setGroupDescription?(groupId: string, description: string): Promise<void>
  /** `true`: only admins may write (closed); `false`: everyone may (open). */
  setGroupAnnounce?(groupId: string, announce: boolean): Promise<void>
  /** The group's invite link (`https://chat.whatsapp.com/…`); admins only on the network's side. */
  groupInviteLink?(groupId: string): Promise<string>
}

/** A session as stored on its connection: the truth every process serving it follows. */
export interface StoredSession {
  status: string
  qrcode: string | null
}

export interface MessagingDriver extends GroupFunctions {
  readonly kind: Driver
  /** Opens the session: reports OPENING, then a QR code to pair or CONNECTED when already paired. */
  start(): Promise<void>
  /**
   * Takes up a session as it is stored, reporting nothing: one that another process opened (or this one
   * before a restart) is served here too. CONNECTED becomes connected (a Cloud API connection only when
   * its settings are complete); a QR code on screen is the one a scan here must match; anything else
   * stops. Only drivers whose network keeps nothing in one process have it (see `sessions.ts`).
   */
  resume?(session: StoredSession): Promise<void>
  /** Closes the session; `logout` also forgets the pairing. Reports nothing. */
  stop(options?: { logout?: boolean }): Promise<void>
  /** True while messages can be sent. */
  isConnected(): boolean
  /**
   * Where a contact's messages go on this network; without it, the contact's number. The web chat
   * names the contact itself (its visitors have no number).
   */
  addressOf?(contact: { id: number; number: string | null }): string | null
  sendText(to: string, body: string, options?: SendOptions): Promise<SentMessage>
  sendMedia(to: string, media: OutboundMedia, options?: SendOptions): Promise<SentMessage>
  sendLocation(to: string, location: OutboundLocation, options?: SendOptions): Promise<SentMessage>
  sendVcard(to: string, contact: DeviceContact, options?: SendOptions): Promise<SentMessage>
  deleteMessage(to: string, providerMessageId: string): Promise<void>
  markRead(to: string, providerMessageIds: string[]): Promise<void>
  /** The number as the network knows it, or null when it has no account there. */
  checkNumber(number: string): Promise<string | null>
  listDeviceContacts(): Promise<DeviceContact[]>
  /**
   * A group's name (its subject) as the network knows it, for a group message that came without one;
   * null when the network does not say. Networks without groups leave it out.
   */
  groupName?(groupId: string): Promise<string | null>
  /**
   * The phone's chats for a history import, each with its last `limit` messages, read as they are
   * asked for (a page at a time), never all at once. Optional: a driver whose network keeps no
   * history (the Cloud API) leaves it out, and the import answers `ERR_OUTREACH_HISTORY_UNSUPPORTED`.
   */
  fetchHistory?(options: HistoryOptions): AsyncIterable<HistoryConversation>
  /** How many chats `fetchHistory` will give, for the import's progress; without it the total grows as chats are read. */
  countHistory?(options: HistoryOptions): Promise<number>
}

export interface DriverContext {
  connectionId: number
  /** Settings stored on the connection (parsed JSON), secrets included. */
  config: unknown
  /** The data folder, for drivers that keep state on disk. */
  dataDir: string
  /** Whether the session was paired before (a restore after a restart). */
  paired: boolean
  events: DriverEvents
}

export type DriverFactory = (context: DriverContext) => MessagingDriver

/** Where a contact's messages go on a driver's network (see `MessagingDriver.addressOf`). */
export const addressOn = (
  driver: Pick<MessagingDriver, 'addressOf'> | undefined,
  contact: { id: number; number: string | null },
): string | null => (driver?.addressOf ? driver.addressOf(contact) : contact.number)
