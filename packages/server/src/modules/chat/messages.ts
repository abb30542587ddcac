import {
  CHAT_PAGE_SIZE,
  type ChatMessage,
  type ChatMessageListQuery,
  type ChatMessageSendRequest,
  type ChatTicketCard,
  type MediaType,
  mentionedIds,
} from '@desk/api-client'
import type { z } from 'zod'
import type { Db } from '../../db'
import type { Publisher } from '../../realtime/publisher'
import type { MediaStore } from '../media/store'
import { mediaTypeOfMime } from '../messages/media'
import type { Upload } from '../messages/service'
import { actorCanRead, requireTicketAccess } from '../tickets/access'
import { findTicket } from '../tickets/repository'
import { type Actor, findActor } from '../users/repository'
import type { ChatChannels } from './channels'
import type { ChatMentions } from './mentions'
import {
  type ChatMessageRecord,
  chatMessagePage,
  findChatMessage,
  insertChatMessage,
  markChannelRead,
  membersOf,
  mentionedInChat,
  type NewChatMessage,
} from './repository'

type ListQuery = z.output<typeof ChatMessageListQuery>
type SendData = z.output<typeof ChatMessageSendRequest>

/**
 * Chat messages: a page of a channel (back by `before`, or a search), sends (text with mentions, a
 * shared ticket, files), and reads. Each message reaches the channel's members live, in their own
 * rooms; a shared ticket's card says to each reader whether they may open it.
 */
export const createChatMessages = ({
  db,
  publisher,
  media,
  channels,
  mentions,
}: {
  db: Db
  publisher: Publisher
  media: MediaStore
  channels: ChatChannels
  mentions: ChatMentions
}) => {
  /** The card of a shared ticket as `viewer` sees it. */
  const cardFor = async (ticketId: number | null, viewer: Actor): Promise<ChatTicketCard | null> => {
    if (ticketId === null) return null
    const ticket = await findTicket(db, ticketId)
    if (!ticket) return null
    const canOpen = await actorCanRead(db, viewer, ticket)
    return { id: ticket.id, contactName: ticket.contact.name, status: ticket.status, canOpen }
  }

  const toMessage = async (row: ChatMessageRecord, mentioned: number[], viewer: Actor): Promise<ChatMessage> => ({
    id: row.id,
    channelId: row.channelId,
    userId: row.userId,
    userName: row.userName ?? null,
    body: row.body,
    mediaType: row.mediaType as MediaType,
    mediaUrl: row.mediaPath ? media.signedUrl(row.mediaPath) : null,
    mediaName: row.mediaName,
    mediaSize: row.mediaSize,
    ticket: await cardFor(row.ticketId, viewer),
    mentions: mentioned,
    createdAt: row.createdAt,
  })

  const list = async (actor: Actor, channelId: number, query: ListQuery) => {
    await channels.requireMember(actor, channelId)
    const { rows, hasMore } = await chatMessagePage(db, channelId, {
      before: query.before,
      search: query.search,
      limit: CHAT_PAGE_SIZE,
    })
    const mentioned = await mentionedInChat(
      db,
      rows.map((r) => r.id),
    )
    return {
      messages: await Promise.all(rows.map((r) => toMessage(r, mentioned.get(r.id) ?? [], actor))),
      hasMore,
    }
  }

  /** Stores one message, notifies whom it mentions, and delivers it to every member as they may see it. */
  const post = async (actor: Actor, values: NewChatMessage): Promise<ChatMessage> => {
    const channel = await channels.requireMember(actor, values.channelId)
    const members = await membersOf(db, channel)
    const id = await insertChatMessage(db, values)
    // Only members can be named: anyone else could not read the channel.
    const named = mentionedIds(values.body, members).filter((userId) => userId !== actor.id)
    await mentions.notify(
      actor,
      named.map((userId) => ({ userId, kind: 'chat', chatMessageId: id, ticketId: null, messageId: null })),
    )
    await markChannelRead(db, channel.id, actor.id)
    const row = (await findChatMessage(db, id))!
    for (const member of members) {
      const viewer = member.id === actor.id ? actor : await findActor(db, member.id)
      if (!viewer) continue
      publisher.chatMessage({ action: 'create', message: await toMessage(row, named, viewer) }, [member.id])
    }
    return toMessage(row, named, actor)
  }

  const send = async (actor: Actor, channelId: number, input: SendData): Promise<ChatMessage[]> => {
    await channels.requireMember(actor, channelId)
    // Sharing a ticket needs reading it: nobody shares what they may not see.
    if (input.ticketId !== undefined) {
      await requireTicketAccess(db, actor, await findTicket(db, input.ticketId), 'read')
    }
    return [
      await post(actor, {
        channelId,
        userId: actor.id,
        body: input.body,
        mediaType: 'chat',
        mediaPath: null,
        mediaMime: null,
        mediaSize: null,
        mediaName: null,
        ticketId: input.ticketId ?? null,
      }),
    ]
  }

  /** Files: one message each, the caption on the first. */
  const sendFiles = async (actor: Actor, channelId: number, files: Upload[], caption: string) => {
    await channels.requireMember(actor, channelId)
    const sent: ChatMessage[] = []
    for (const [index, file] of files.entries()) {
      const saved = await media.save(file.data)
      sent.push(
        await post(actor, {
          channelId,
          userId: actor.id,
          body: index === 0 ? caption : '',
          mediaType: mediaTypeOfMime(saved.mime),
          mediaPath: saved.name,
          mediaMime: saved.mime,
          mediaSize: saved.size,
          mediaName: file.fileName,
          ticketId: null,
        }),
      )
    }
    return sent
  }

  /** Marks the channel read for the caller; their other screens update their counts. */
  const read = async (actor: Actor, channelId: number) => {
    const row = await channels.requireMember(actor, channelId)
    await markChannelRead(db, channelId, actor.id)
    const channel = await channels.one(actor, row)
    publisher.chatChannel({ action: 'update', channel }, [actor.id])
    return { unread: channel.unread }
  }

  return { list, send, sendFiles, read }
}
