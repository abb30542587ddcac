import { MEDIA_FIELD } from '../../contract/constants'
import type { MediaFile } from './messages'
import { type Requester, type RouteBody, type RouteQuery, routeCaller } from './types'

/** The internal chat, mentions and private notes. */
export const chatApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    /** The caller's channels with unread counts. */
    channels: () => call('chatChannelList'),
    /** Admins: a channel with chosen members. */
    createChannel: (body: RouteBody<'chatChannelCreate'>) => call('chatChannelCreate', { body }),
    updateChannel: (id: number, body: RouteBody<'chatChannelUpdate'>) =>
      call('chatChannelUpdate', { params: { id }, body }),
    deleteChannel: async (id: number): Promise<void> => {
      await call('chatChannelDelete', { params: { id } })
    },
    /** The direct channel with a user, made on first use. */
    direct: (userId: number) => call('chatDirectOpen', { body: { userId } }),
    /** A page of a channel, oldest first: the latest, or older than `before`; `search` finds text. */
    messages: (id: number, query: RouteQuery<'chatMessageList'> = {}) =>
      call('chatMessageList', { params: { id }, query }),
    send: (id: number, body: RouteBody<'chatMessageSend'>) => call('chatMessageSend', { params: { id }, body }),
    /** Files, one message each, the caption on the first. */
    sendFiles: (id: number, files: readonly MediaFile[], caption = '') => {
      const form = new FormData()
      for (const file of files) {
        if ('blob' in file) form.append(MEDIA_FIELD, file.blob, file.fileName)
        else form.append(MEDIA_FIELD, file, file.name)
      }
      form.append('body', caption)
      return call('chatMessageSend', { params: { id }, body: form })
    },
    read: (id: number) => call('chatChannelRead', { params: { id } }),
    mentions: () => call('mentionList'),
    readMention: (id: number) => call('mentionRead', { params: { id } }),
    /** A private note in a ticket's conversation. */
    note: (ticketId: number, body: string) => call('noteCreate', { params: { ticketId }, body: { body } }),
  }
}
export type ChatApi = ReturnType<typeof chatApi>
