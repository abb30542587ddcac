import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely'

/**
 * Table shapes as stored. Conventions that keep SQLite and PostgreSQL interchangeable:
 * - timestamps are ISO-8601 UTC strings (`Date#toISOString()`): SQLite stores the text, which sorts
 *   and compares as well; PostgreSQL stores `timestamptz` (migration 0007) and the pool reads it
 *   back as the same string, so code and API see strings on both;
 * - booleans are integers 0/1 (better-sqlite3 cannot bind booleans);
 * - column names are camelCase, like the API, and always quoted by the query builder.
 */

type Id = Generated<number>

export interface UsersTable {
  id: Id
  name: string
  email: string
  passwordHash: string
  profile: 'admin' | 'user'
  whatsappId: number | null
  language: string | null
  createdAt: string
  updatedAt: string
}

export interface QueuesTable {
  id: Id
  name: string
  color: string
  greetingMessage: string | null
  createdAt: string
  updatedAt: string
}

export interface UserQueuesTable {
  userId: number
  queueId: number
  createdAt: string
}

export interface WhatsappsTable {
  id: Id
  name: string
  status: string
  qrcode: string | null
  retries: ColumnType<number, number | undefined, number>
  isDefault: ColumnType<number, number | undefined, number>
  greetingMessage: string | null
  farewellMessage: string | null
  driver: string
  /** Driver settings as JSON, secrets included: never sent to clients as stored. */
  config: ColumnType<string | null, string | null | undefined, string | null>
  createdAt: string
  updatedAt: string
}

export interface WhatsappQueuesTable {
  whatsappId: number
  queueId: number
  createdAt: string
}

export interface SettingsTable {
  key: string
  value: string
  createdAt: string
  updatedAt: string
}

export interface RefreshTokensTable {
  id: Id
  userId: number
  /** SHA-256 of the opaque token; the token itself is never stored. */
  tokenHash: string
  /** Every token rotated from one login shares a family; reuse of a revoked token revokes the family. */
  familyId: string
  expiresAt: string
  revokedAt: string | null
  createdAt: string
}

export interface ContactsTable {
  id: Id
  name: string
  number: string | null
  email: string | null
  profilePicUrl: string | null
  isGroup: ColumnType<number, number | undefined, number>
  /** When the network was last asked for an unnamed group's name (migration 0024). */
  groupNameAskedAt: ColumnType<string | null, string | null | undefined, string | null>
  createdAt: string
  updatedAt: string
}

export interface ContactExtraInfoTable {
  id: Id
  contactId: number
  name: string
  value: string
  createdAt: string
  updatedAt: string
}

export interface TicketsTable {
  id: Id
  status: 'open' | 'pending' | 'closed'
  contactId: number
  userId: number | null
  queueId: number | null
  whatsappId: number | null
  isGroup: ColumnType<number, number | undefined, number>
  lastMessage: string | null
  unreadMessages: ColumnType<number, number | undefined, number>
  queueMenuSent: ColumnType<number, number | undefined, number>
  /** The last protocol close's number (migration 0017). */
  protocol: ColumnType<string | null, string | null | undefined, string | null>
  createdAt: string
  updatedAt: string
}

export interface MessagesTable {
  id: Id
  ticketId: number
  contactId: number | null
  userId: number | null
  whatsappId: number | null
  providerMessageId: string | null
  body: string
  fromMe: number
  read: number
  mediaType: string
  mediaPath: string | null
  mediaMime: string | null
  /** The stored file's size in bytes; null without a file and for rows older than migration 0012. */
  mediaSize: number | null
  /** The name the file came with, when known. */
  mediaName: string | null
  ack: ColumnType<number, number | undefined, number>
  isDeleted: ColumnType<number, number | undefined, number>
  /** 1 for what the desk sent by itself (greetings, queue menu, transfer notice, farewell); never a preview. */
  automatic: ColumnType<number, number | undefined, number>
  quotedMsgId: number | null
  error: string | null
  /** The id the widget gave a message it sent (migration 0018); null for everything else. */
  clientId: ColumnType<string | null, string | null | undefined, string | null>
  /** The outreach job that sent it (migration 0023); null for everything else. */
  jobId: ColumnType<number | null, number | null | undefined, number | null>
  /** Instagram (migration 0031): `reply` to the business's story or `mention` in the customer's; null otherwise. */
  storyKind: ColumnType<string | null, string | null | undefined, string | null>
  /** The story's link, with `storyKind`. */
  storyUrl: ColumnType<string | null, string | null | undefined, string | null>
  /** 1 for a private note (migration 0033): never sent to the customer. */
  isNote: ColumnType<number, number | undefined, number>
  createdAt: string
  updatedAt: string
}

/** Who a web chat visitor is on a connection (`id:…` verified, `anon:…` anonymous) and their contact. */
export interface WebchatIdentitiesTable {
  id: Id
  whatsappId: number
  identity: string
  contactId: number
  createdAt: string
}

/** A customer on one Instagram connection (migration 0031). */
export interface InstagramAccountsTable {
  id: Id
  whatsappId: number
  /** The Instagram-scoped id: where replies go. */
  igsid: string
  /** The user name as last seen, lower-cased, without `@`. */
  username: string | null
  contactId: number
  createdAt: string
  updatedAt: string
}

/** A message template of a Cloud API connection's business account (migration 0032). */
export interface MessageTemplatesTable {
  id: Id
  whatsappId: number
  providerId: string | null
  name: string
  language: string
  category: string
  status: string
  reason: string | null
  /** JSON: the Graph API's components (header, body, footer, buttons). */
  components: string
  createdAt: string
  updatedAt: string
}

export interface QuickAnswersTable {
  id: Id
  shortcut: string
  message: string
  createdAt: string
  updatedAt: string
}

/** One fixed-window counter per key (see migration 0008). */
export interface RateLimitsTable {
  key: string
  windowStart: string
  expiresAt: string
  count: number
}

/** An outreach job (see migration 0013). Timestamps are ISO strings. */
export interface JobsTable {
  id: Id
  kind: string
  status: string
  userId: number | null
  connectionId: number | null
  payload: string
  minInterval: number
  maxInterval: number
  window: string | null
  dailyCap: number | null
  total: ColumnType<number, number | undefined, number>
  sent: ColumnType<number, number | undefined, number>
  failed: ColumnType<number, number | undefined, number>
  skipped: ColumnType<number, number | undefined, number>
  uncertain: ColumnType<number, number | undefined, number>
  consecutiveFailures: ColumnType<number, number | undefined, number>
  phase: string
  pauseReason: string | null
  waitingReason: string | null
  error: string | null
  startAt: string | null
  nextRunAt: string | null
  leaseHolder: string | null
  leaseUntil: string | null
  createdAt: string
  updatedAt: string
  finishedAt: string | null
}

export interface JobRecipientsTable {
  id: Id
  jobId: number
  position: number
  entry: string
  address: string | null
  state: string
  reason: string | null
  providerMessageId: string | null
  /** Telephony: the SMS's delivery, a call's outcome and duration (seconds), the provider's error code. */
  delivery: string | null
  callOutcome: string | null
  callDuration: number | null
  providerError: string | null
  updatedAt: string
}

export interface ConnectionSendLeasesTable {
  connectionId: number
  holder: string
  expiresAt: string
}

/** Which server process runs a connection's session (see migration 0022). */
/** A bulk job asked for lately (see migration 0024): a repeat within a minute is refused. */
export interface JobSubmissionsTable {
  digest: string
  submittedAt: string
}

export interface SessionHoldersTable {
  connectionId: number
  holder: string
  expiresAt: string
}

export interface ConnectionSendCountsTable {
  connectionId: number
  day: string
  count: number
}

export interface OptOutsTable {
  number: string
  source: string
  createdAt: string
}

/* ---------- protocol close and e-mail (migration 0017) ---------- */

export interface TicketProtocolsTable {
  id: Id
  protocol: string
  ticketId: number
  userId: number | null
  userName: string | null
  createdAt: string
}

export interface MailSettingsTable {
  id: number
  host: string | null
  port: number | null
  secure: number
  user: string | null
  password: string | null
  sender: string | null
  notifyTo: string | null
  sendOnClose: number
  sendTranscript: number
  updatedAt: string
}

export interface MailOutboxTable {
  id: Id
  kind: string
  ticketId: number | null
  userId: number | null
  recipient: string
  subject: string
  body: string
  /** JSON: `[{filename, content (base64), contentType?}]`. */
  attachments: string | null
  state: 'queued' | 'sending' | 'sent' | 'failed'
  attempts: ColumnType<number, number | undefined, number>
  lastError: string | null
  nextAttemptAt: string
  createdAt: string
  updatedAt: string
  sentAt: string | null
}

/** A piece of background work on the durable runtime (`src/jobs/runtime`). */
export interface DurableWorkTable {
  id: Id
  kind: string
  dedupeKey: string | null
  /** JSON given to the kind's step. */
  payload: string
  state: 'queued' | 'running' | 'done' | 'failed'
  paused: ColumnType<number, number | undefined, number>
  runAt: string
  /** A recurring schedule: after each run the row is due again this much later. */
  everyMs: number | null
  attempts: ColumnType<number, number | undefined, number>
  lastError: string | null
  /** JSON the step reported last. */
  progress: string | null
  leaseHolder: string | null
  leaseUntil: string | null
  /** A wake that came while the work ran: it runs again then, whatever its step answered. */
  wakeAt: ColumnType<string | null, string | null | undefined, string | null>
  createdAt: string
  updatedAt: string
}

export interface TagsTable {
  id: Id
  tag: string
  /** The name in lower case: unique. */
  tagKey: string
  color: string
  createdAt: string
  updatedAt: string
}

/** A kanban lane (see migration 0015). */
export interface LanesTable {
  id: Id
  title: string
  color: string
  position: number
  entryQueueId: number | null
  entryQuickAnswerId: number | null
  createdAt: string
  updatedAt: string
}

export interface ContactTagsTable {
  contactId: number
  tagId: number
  position: number
}

/** Where a ticket's kanban card sits; a ticket without a row is in the first lane. */
export interface TicketLanesTable {
  ticketId: number
  laneId: number
  movedBy: number | null
  updatedAt: string
}

/** Bots (see migration 0016). */
export interface BotConfigsTable {
  kind: string
  url: string
  secret: string
  enabled: number
  stopWords: string
  updatedAt: string
}

export interface BotSwitchesTable {
  contactId: number
  kind: string
  state: string
  failedAt: string | null
  error: string | null
  updatedAt: string
}

export interface BotInboxTable {
  id: Id
  contactId: number
  kind: string
  ticketId: number
  messageId: number
  dueAt: string
  /** Failed posts of this message to the bot so far (0020). */
  attempts: Generated<number>
}

export interface BotLeasesTable {
  contactId: number
  kind: string
  holder: string
  expiresAt: string
}

export interface BotAuditTable {
  id: Id
  kind: string
  action: string
  contactId: number | null
  number: string | null
  userId: number | null
  createdAt: string
}

/** A stored customer message whose after-store steps are not all done (migration 0021). */
export interface InboundPendingTable {
  messageId: number
  /** 0: stored; 1: announced, automatic replies begun. */
  stage: ColumnType<number, number | undefined, number>
  /** JSON: what the steps need that the stored rows do not say (see the inbound follow-up). */
  context: string
  holder: string
  leaseUntil: string
  attempts: ColumnType<number, number | undefined, number>
}

/** Internal chat (migration 0033). */
export interface ChatChannelsTable {
  id: Id
  kind: 'general' | 'queue' | 'direct' | 'group'
  name: string | null
  queueId: number | null
  directKey: string | null
  createdAt: string
  updatedAt: string
}

export interface ChatMembersTable {
  channelId: number
  userId: number
}

export interface ChatReadsTable {
  channelId: number
  userId: number
  lastReadId: number
}

export interface ChatMessagesTable {
  id: Id
  channelId: number
  userId: number | null
  body: string
  mediaType: string
  mediaPath: string | null
  mediaMime: string | null
  mediaSize: number | null
  mediaName: string | null
  ticketId: number | null
  createdAt: string
}

export interface MentionsTable {
  id: Id
  userId: number
  byUserId: number | null
  kind: 'chat' | 'note'
  chatMessageId: number | null
  ticketId: number | null
  messageId: number | null
  readAt: string | null
  createdAt: string
}

export interface DB {
  chat_channels: ChatChannelsTable
  chat_members: ChatMembersTable
  chat_reads: ChatReadsTable
  chat_messages: ChatMessagesTable
  mentions: MentionsTable
  inbound_pending: InboundPendingTable
  webchat_identities: WebchatIdentitiesTable
  instagram_accounts: InstagramAccountsTable
  message_templates: MessageTemplatesTable
  bot_configs: BotConfigsTable
  bot_switches: BotSwitchesTable
  bot_inbox: BotInboxTable
  bot_leases: BotLeasesTable
  bot_audit: BotAuditTable
  lanes: LanesTable
  ticket_lanes: TicketLanesTable
  tags: TagsTable
  contact_tags: ContactTagsTable
  jobs: JobsTable
  job_recipients: JobRecipientsTable
  connection_send_leases: ConnectionSendLeasesTable
  connection_send_counts: ConnectionSendCountsTable
  session_holders: SessionHoldersTable
  job_submissions: JobSubmissionsTable
  opt_outs: OptOutsTable
  users: UsersTable
  queues: QueuesTable
  user_queues: UserQueuesTable
  whatsapps: WhatsappsTable
  whatsapp_queues: WhatsappQueuesTable
  settings: SettingsTable
  refresh_tokens: RefreshTokensTable
  contacts: ContactsTable
  contact_extra_info: ContactExtraInfoTable
  tickets: TicketsTable
  messages: MessagesTable
  quick_answers: QuickAnswersTable
  rate_limits: RateLimitsTable
  ticket_protocols: TicketProtocolsTable
  mail_settings: MailSettingsTable
  mail_outbox: MailOutboxTable
  durable_work: DurableWorkTable
}

export type UserRow = Selectable<UsersTable>
export type NewUserRow = Insertable<UsersTable>
export type UserRowUpdate = Updateable<UsersTable>
export type SettingRow = Selectable<SettingsTable>
export type RefreshTokenRow = Selectable<RefreshTokensTable>
export type WhatsappRow = Selectable<WhatsappsTable>
export type ContactRow = Selectable<ContactsTable>
export type TicketRow = Selectable<TicketsTable>
export type MessageRow = Selectable<MessagesTable>
export type QueueRow = Selectable<QueuesTable>
export type QuickAnswerRow = Selectable<QuickAnswersTable>
export type LaneRow = Selectable<LanesTable>
export type JobRow = Selectable<JobsTable>
export type TagRow = Selectable<TagsTable>
export type JobRecipientRow = Selectable<JobRecipientsTable>
export type ChatChannelRow = Selectable<ChatChannelsTable>
export type ChatMessageRow = Selectable<ChatMessagesTable>
export type MentionRow = Selectable<MentionsTable>

/**
 * Every column of a table, written out, for the prepared statements that read whole rows: a statement
 * prepared with `select *` is refused by PostgreSQL once a migration adds a column ("cached plan must not
 * change result type"), as a process still running beside one that migrated would find. Checked against
 * the table at compile time: a column added to the table must be added here.
 */
const everyColumn =
  <T>() =>
  <const K extends readonly (keyof T & string)[]>(
    columns: K & (Exclude<keyof T, K[number]> extends never ? unknown : { missing: Exclude<keyof T, K[number]> }),
  ) =>
    columns

export const TICKET_COLUMNS = everyColumn<TicketsTable>()([
  'id',
  'status',
  'contactId',
  'userId',
  'queueId',
  'whatsappId',
  'isGroup',
  'lastMessage',
  'unreadMessages',
  'queueMenuSent',
  'protocol',
  'createdAt',
  'updatedAt',
])

export const CONTACT_COLUMNS = everyColumn<ContactsTable>()([
  'id',
  'name',
  'number',
  'email',
  'profilePicUrl',
  'isGroup',
  'groupNameAskedAt',
  'createdAt',
  'updatedAt',
])
