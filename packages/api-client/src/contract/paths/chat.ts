/**
 * The desk's internal chat (channels, direct messages, mentions), private notes in a ticket's
 * conversation, and the addresses of the framed chat and chatbot pages.
 * Method and path of each route, free of zod: the schemas are in `../chat.ts`.
 */
import { del, get, post, put } from './verbs'

export const chatPaths = {
  /** The channels the caller belongs to, with unread counts. */
  chatChannelList: get('/chat/channels'),
  /** Admins: a channel with chosen members. */
  chatChannelCreate: post('/chat/channels'),
  /** The direct messages with one user (made on first use). Declared before `/chat/channels/:id`. */
  chatDirectOpen: post('/chat/direct'),
  chatChannelUpdate: put('/chat/channels/:id'),
  chatChannelDelete: del('/chat/channels/:id'),
  /** A page of a channel's messages, newest last; `before` pages back, `search` finds text. */
  chatMessageList: get('/chat/channels/:id/messages'),
  /** JSON, or multipart with the files in `medias`. */
  chatMessageSend: post('/chat/channels/:id/messages'),
  /** Marks a channel read up to its latest message. */
  chatChannelRead: post('/chat/channels/:id/read'),
  /** The caller's mentions (chat and notes), newest first. */
  mentionList: get('/mentions'),
  mentionRead: post('/mentions/:id/read'),
  /** A private note in a ticket's conversation: never sent to the customer. */
  noteCreate: post('/messages/:ticketId/notes'),
} as const
