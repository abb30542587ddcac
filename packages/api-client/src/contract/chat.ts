import { z } from 'zod'
import { MediaType, Message, TicketStatus } from './entities'
import { MESSAGE_BODY_MAX } from './messages'
import { chatPaths } from './paths/chat'
import { defineRoutes, noContent } from './route'
import { safeText } from './text'
import { boundedString, Id, IdParams, IsoDate, VALIDATION_MESSAGES } from './validation'

/**
 * The desk's internal chat: a `general` channel for everyone, one channel per queue with that
 * queue's members, direct messages between two users, and channels an admin makes with chosen
 * members (`group`). A user reads only the channels they belong to; admins manage the `group`
 * channels. `@Name` mentions notify the people named (see `rules/mentions`). Private notes live
 * in a ticket's conversation (`Message.isNote`) and can mention anyone on the desk.
 */

const m = VALIDATION_MESSAGES

export const CHAT_CHANNEL_KINDS = ['general', 'queue', 'direct', 'group'] as const
export const ChatChannelKind = z.enum(CHAT_CHANNEL_KINDS)
export type ChatChannelKind = z.infer<typeof ChatChannelKind>

/** A page of chat messages. */
export const CHAT_PAGE_SIZE = 30

export const ChatMember = z.object({ id: z.number(), name: safeText() })
export type ChatMember = z.infer<typeof ChatMember>

export const ChatChannel = z.object({
  id: z.number(),
  kind: ChatChannelKind,
  /** `general`; the queue's name; the other person's name (direct); the name an admin gave. */
  name: safeText(),
  queueId: z.number().nullable(),
  /** The queue's colour, for a queue's channel. */
  color: safeText().nullable(),
  members: z.array(ChatMember),
  /** Messages of others the caller has not read. */
  unread: z.number().int().nonnegative(),
  lastMessageAt: IsoDate.nullable(),
})
export type ChatChannel = z.infer<typeof ChatChannel>

/** A ticket shared into a message: `#1234 Maria Souza — waiting`, and whether the reader may open it. */
export const ChatTicketCard = z.object({
  id: z.number(),
  contactName: safeText(),
  status: TicketStatus,
  canOpen: z.boolean(),
})
export type ChatTicketCard = z.infer<typeof ChatTicketCard>

export const ChatMessage = z.object({
  id: z.number(),
  channelId: z.number(),
  userId: z.number().nullable(),
  /** The author's name; null once the author's account is gone. */
  userName: safeText().nullable(),
  body: safeText(),
  mediaType: MediaType,
  mediaUrl: safeText().nullable(),
  mediaName: safeText().nullable(),
  mediaSize: z.number().nullable(),
  ticket: ChatTicketCard.nullable(),
  /** The users it mentions. */
  mentions: z.array(z.number()),
  createdAt: IsoDate,
})
export type ChatMessage = z.infer<typeof ChatMessage>

export const ChatChannelListResponse = z.array(ChatChannel)
export type ChatChannelListResponse = z.infer<typeof ChatChannelListResponse>

const MemberIds = z.array(Id).max(500, { error: m.tooLong })

export const ChatChannelCreateRequest = z.object({
  name: boundedString(1, 60),
  userIds: MemberIds.optional().default([]),
})
export type ChatChannelCreateRequest = z.input<typeof ChatChannelCreateRequest>
export const ChatChannelUpdateRequest = z.object({
  name: boundedString(1, 60).optional(),
  userIds: MemberIds.optional(),
})
export type ChatChannelUpdateRequest = z.input<typeof ChatChannelUpdateRequest>
export const ChatDirectRequest = z.object({ userId: Id })
export type ChatDirectRequest = z.input<typeof ChatDirectRequest>

export const ChatMessageListQuery = z.object({
  /** Messages older than this id (scrolling back). */
  before: Id.optional(),
  /** Text to find in the channel (case-insensitive). */
  search: safeText().trim().max(200, { error: m.tooLong }).optional(),
})
export type ChatMessageListQuery = z.input<typeof ChatMessageListQuery>
/** Oldest first; `hasMore`: older messages remain. */
export const ChatMessageListResponse = z.object({ messages: z.array(ChatMessage), hasMore: z.boolean() })
export type ChatMessageListResponse = z.infer<typeof ChatMessageListResponse>

export const ChatMessageSendRequest = z
  .object({
    body: safeText({ error: m.invalid }).trim().max(MESSAGE_BODY_MAX, { error: m.tooLong }).optional().default(''),
    /** A ticket to share as a card. */
    ticketId: Id.optional(),
  })
  .refine((v) => v.body !== '' || v.ticketId !== undefined, { path: ['body'], error: m.required })
export type ChatMessageSendRequest = z.input<typeof ChatMessageSendRequest>
/** The text fields of a multipart send (files in `medias`): the caption of the first file. */
export const ChatMediaFields = z.object({
  body: safeText({ error: m.invalid }).trim().max(MESSAGE_BODY_MAX, { error: m.tooLong }).optional().default(''),
})
export const ChatMessageSendResponse = z.object({ messages: z.array(ChatMessage).min(1) })
export type ChatMessageSendResponse = z.infer<typeof ChatMessageSendResponse>
export const ChatReadResponse = z.object({ unread: z.number() })

export const MENTION_KINDS = ['chat', 'note'] as const
export const MentionKind = z.enum(MENTION_KINDS)
export type MentionKind = z.infer<typeof MentionKind>

/** Someone named the user: in a chat channel, or in a private note on a ticket. */
export const Mention = z.object({
  id: z.number(),
  kind: MentionKind,
  by: ChatMember.nullable(),
  channelId: z.number().nullable(),
  /** The channel's name as the mentioned user sees it. */
  channelName: safeText().nullable(),
  ticketId: z.number().nullable(),
  contactName: safeText().nullable(),
  /** The start of what was written. */
  excerpt: safeText(),
  read: z.boolean(),
  createdAt: IsoDate,
})
export type Mention = z.infer<typeof Mention>
export const MentionListResponse = z.array(Mention)
export type MentionListResponse = z.infer<typeof MentionListResponse>

export const NoteParams = z.object({ ticketId: Id })
export const NoteCreateRequest = z.object({
  body: safeText({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .max(MESSAGE_BODY_MAX, { error: m.tooLong }),
})
export type NoteCreateRequest = z.input<typeof NoteCreateRequest>
export const NoteCreateResponse = z.object({ message: Message })
export type NoteCreateResponse = z.infer<typeof NoteCreateResponse>

/** The chat's live events: to the channel's members only. */
export type ChatMessageEvent = { action: 'create'; message: ChatMessage }
export type ChatChannelEvent = { action: 'update'; channel: ChatChannel } | { action: 'delete'; channelId: number }
export type MentionEvent = { action: 'create'; mention: Mention }

/** The routes of the chat and of notes, on the methods and paths of `./paths/chat`. */
export const chatRoutes = /* @__PURE__ */ defineRoutes(chatPaths, () => ({
  chatChannelList: { response: ChatChannelListResponse },
  chatChannelCreate: { body: ChatChannelCreateRequest, response: ChatChannel },
  chatDirectOpen: { body: ChatDirectRequest, response: ChatChannel },
  chatChannelUpdate: { params: IdParams, body: ChatChannelUpdateRequest, response: ChatChannel },
  chatChannelDelete: { params: IdParams, ...noContent },
  chatMessageList: { params: IdParams, query: ChatMessageListQuery, response: ChatMessageListResponse },
  chatMessageSend: {
    params: IdParams,
    body: ChatMessageSendRequest,
    multipart: ChatMediaFields,
    response: ChatMessageSendResponse,
  },
  chatChannelRead: { params: IdParams, response: ChatReadResponse },
  mentionList: { response: MentionListResponse },
  mentionRead: { params: IdParams, response: Mention },
  noteCreate: { params: NoteParams, body: NoteCreateRequest, response: NoteCreateResponse },
}))
