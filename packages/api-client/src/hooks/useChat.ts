import { useCallback, useEffect, useRef, useState } from 'react'
import useSWR from 'swr'
import type { ApiError } from '../client'
import type { MediaFile } from '../client/resources/messages'
import type { ChatChannel, ChatChannelEvent, ChatMessage, ChatMessageEvent, Mention, MentionEvent } from '../contract'
import { addMention, applyChannelEvent, applyChatMessageToChannels, mergeChatMessages, sortChannels } from './chatRules'
import { useApiContext, useSession } from './context'
import { useDeskCache } from './useDeskCache'

const CHANNELS_KEY = 'chatChannels'
const MENTIONS_KEY = 'mentions'

/** The channel the chat page shows now (its new messages are not counted as unread). */
let openChannelId: number | null = null
export const setOpenChatChannel = (id: number | null) => {
  openChannelId = id
}

/**
 * The caller's chat channels with unread counts, live: a new message raises its channel's count
 * (unless it is the caller's own or the open channel's), a channel made, renamed or left applies,
 * and the list is fetched again after a reconnect.
 */
export function useChatChannels({ enabled = true }: { enabled?: boolean } = {}) {
  const { client, socket } = useApiContext()
  const { user } = useSession()
  const userId = user?.id ?? null
  const { data, error, isLoading, mutate } = useSWR<ChatChannel[], ApiError>(enabled ? CHANNELS_KEY : null, async () =>
    sortChannels(await client.chat.channels()),
  )
  useEffect(() => {
    if (!socket || !enabled) return
    const onChannel = (event: ChatChannelEvent) =>
      void mutate((channels) => applyChannelEvent(channels, event), { revalidate: false })
    const onMessage = ({ message }: ChatMessageEvent) => {
      let missing = false
      void mutate(
        (channels) => {
          const next = applyChatMessageToChannels(channels, message, { userId, openChannelId })
          missing = next.missing
          return next.channels
        },
        { revalidate: false },
      ).then(() => {
        if (missing) void mutate()
      })
    }
    const onConnect = () => void mutate()
    socket.on('chatChannel', onChannel)
    socket.on('chatMessage', onMessage)
    socket.on('connect', onConnect)
    return () => {
      socket.off('chatChannel', onChannel)
      socket.off('chatMessage', onMessage)
      socket.off('connect', onConnect)
    }
  }, [socket, enabled, mutate, userId])
  const channels = data ?? []
  const unread = channels.reduce((sum, c) => sum + c.unread, 0)
  return { channels, unread, error, isLoading, reload: () => mutate() }
}

/** What a channel's view holds: its messages, oldest first, and whether older ones remain. */
interface ChannelPage {
  messages: ChatMessage[]
  hasMore: boolean
}

/**
 * One channel's messages: the latest page, older pages on demand, or the results of a search;
 * new messages arrive live (each once), and opening the channel marks it read.
 */
export function useChatMessages(channelId: number | null, { search = '' }: { search?: string } = {}) {
  const { client, socket } = useApiContext()
  const [page, setPage] = useState<ChannelPage>({ messages: [], hasMore: false })
  const [isLoading, setLoading] = useState(false)
  const [isLoadingMore, setLoadingMore] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const current = useRef({ channelId, search })
  current.current = { channelId, search }

  const load = useCallback(async () => {
    if (channelId === null) return
    setLoading(true)
    setError(null)
    try {
      const answer = await client.chat.messages(channelId, search ? { search } : {})
      if (current.current.channelId !== channelId || current.current.search !== search) return
      setPage(answer)
      if (!search) await client.chat.read(channelId)
    } catch (cause) {
      setError(cause as ApiError)
    } finally {
      setLoading(false)
    }
  }, [client, channelId, search])

  useEffect(() => {
    setPage({ messages: [], hasMore: false })
    setOpenChatChannel(channelId)
    void load()
    return () => setOpenChatChannel(null)
  }, [load, channelId])

  useEffect(() => {
    if (!socket || channelId === null) return
    const onMessage = ({ message }: ChatMessageEvent) => {
      if (message.channelId !== channelId || current.current.search) return
      setPage((shown) => ({ ...shown, messages: mergeChatMessages(shown.messages, [message]) }))
      void client.chat.read(channelId).catch(() => {})
    }
    const onConnect = () => void load()
    socket.on('chatMessage', onMessage)
    socket.on('connect', onConnect)
    return () => {
      socket.off('chatMessage', onMessage)
      socket.off('connect', onConnect)
    }
  }, [socket, client, channelId, load])

  const loadOlder = useCallback(async () => {
    const oldest = page.messages[0]
    if (channelId === null || !oldest || !page.hasMore || isLoadingMore) return
    setLoadingMore(true)
    try {
      const answer = await client.chat.messages(channelId, { before: oldest.id, ...(search ? { search } : {}) })
      setPage((shown) => ({ messages: mergeChatMessages(answer.messages, shown.messages), hasMore: answer.hasMore }))
    } catch (cause) {
      setError(cause as ApiError)
    } finally {
      setLoadingMore(false)
    }
  }, [client, channelId, page, search, isLoadingMore])

  const show = (sent: ChatMessage[]) => {
    setPage((shown) => ({ ...shown, messages: mergeChatMessages(shown.messages, sent) }))
    return sent
  }
  const send = async (body: string, ticketId?: number) => {
    if (channelId === null) return []
    return show((await client.chat.send(channelId, ticketId ? { body, ticketId } : { body })).messages)
  }
  const sendFiles = async (files: MediaFile[], caption = '') => {
    if (channelId === null) return []
    return show((await client.chat.sendFiles(channelId, files, caption)).messages)
  }

  return { ...page, isLoading, isLoadingMore, error, loadOlder, retry: load, send, sendFiles }
}

/** The caller's mentions, newest first, live; `read` marks one seen. */
export function useMentions({ enabled = true }: { enabled?: boolean } = {}) {
  const { client, socket } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<Mention[], ApiError>(enabled ? MENTIONS_KEY : null, () =>
    client.chat.mentions(),
  )
  useEffect(() => {
    if (!socket || !enabled) return
    const onMention = ({ mention }: MentionEvent) =>
      void mutate((mentions) => addMention(mentions, mention), { revalidate: false })
    const onConnect = () => void mutate()
    socket.on('mention', onMention)
    socket.on('connect', onConnect)
    return () => {
      socket.off('mention', onMention)
      socket.off('connect', onConnect)
    }
  }, [socket, enabled, mutate])
  const read = useCallback(
    async (id: number) => {
      const updated = await client.chat.readMention(id)
      await mutate((mentions) => mentions?.map((m) => (m.id === id ? updated : m)), { revalidate: false })
      return updated
    },
    [client, mutate],
  )
  return { mentions: data ?? [], unread: (data ?? []).filter((m) => !m.read).length, error, isLoading, read }
}

/** Writes a private note on a ticket; the conversation shows it at once. */
export function useNoteMutations(ticketId: number | null | undefined) {
  const { client } = useApiContext()
  const { applyConversationMessage } = useDeskCache()
  return useCallback(
    async (body: string) => {
      if (!ticketId) throw new Error('No conversation is open')
      const { message } = await client.chat.note(ticketId, body)
      applyConversationMessage(message)
      return message
    },
    [client, ticketId, applyConversationMessage],
  )
}
