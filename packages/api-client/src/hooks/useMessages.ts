import { useCallback, useEffect, useMemo, useRef } from 'react'
import useSWRInfinite, { unstable_serialize } from 'swr/infinite'
import type { ApiError, MediaFile } from '../client'
import type { AppMessageEvent, Message, MessageListResponse } from '../contract'
import { keys } from './cache'
import { useApiContext } from './context'
import { useRegisteredList } from './listRegistry'
import { fetchMissed, flattenMessages, type MessagePages, mergeCaughtUp } from './messageRules'
import { useDeskCache } from './useDeskCache'
import { chatBoxRoom, useRoom } from './useRoom'

export interface UseMessagesResult {
  /** Every loaded message once, oldest first. */
  messages: Message[]
  /** Older messages exist on the server. */
  hasMore: boolean
  isLoading: boolean
  isLoadingMore: boolean
  error: ApiError | undefined
  /** The next older page (20 messages). */
  loadOlder(): void
  /** Reads the newest messages again and adds what is missing (after a socket reconnect). */
  reload(): Promise<unknown>
  /** Asks again for what failed: the first page, or the older page that did not load. */
  retry(): Promise<unknown>
}

type MessagesKey = ReturnType<typeof keys.messages>

/** How long after the last incoming message of a burst the open conversation is marked read. */
const READ_DELAY_MS = 800

/**
 * A ticket's conversation, 20 messages a page, older pages loaded upward. While mounted the
 * socket is in the ticket's room: new and changed messages arrive live; after a reconnect the
 * pages newer than what was loaded are fetched and merged, so every message shows once.
 */
export function useMessages(ticketId: number | null | undefined): UseMessagesResult {
  const { client, socket, lists } = useApiContext()
  const { applyTicket } = useDeskCache()
  const getKey = useCallback(
    (index: number, previous: MessageListResponse | null): MessagesKey | null =>
      !ticketId || (previous && !previous.hasMore) ? null : keys.messages(ticketId, index + 1),
    [ticketId],
  )
  const serialized = unstable_serialize(getKey)
  useRegisteredList(lists, ticketId ? serialized : null, { kind: 'messages', ticketId: ticketId ?? 0 })

  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<MessageListResponse, ApiError>(
    getKey,
    async ([, id, pageNumber]: MessagesKey) => {
      const page = await client.messages.list(id, pageNumber)
      // Reading the newest page marks the ticket read on the server; lists and the bell follow now.
      if (pageNumber === 1) applyTicket({ action: 'updateUnread', ticketId: id })
      return page
    },
    { revalidateFirstPage: false, revalidateOnFocus: false },
  )

  const dataRef = useRef(data)
  dataRef.current = data
  const catchUp = useCallback(async () => {
    if (!ticketId) return
    const loaded = dataRef.current
    const { fresh, joined } = await fetchMissed(loaded, (n) => client.messages.list(ticketId, n))
    if (joined) await mutate((pages?: MessagePages) => mergeCaughtUp(pages, fresh), { revalidate: false })
    else await mutate(fresh, { revalidate: false })
  }, [client, ticketId, mutate])

  useRoom(ticketId ? socket : null, ticketId ? chatBoxRoom(ticketId) : null, String(ticketId ?? ''), () => {
    void catchUp().catch(() => undefined)
  })

  // A customer message that arrives while this conversation is on screen has been seen: read the newest
  // page again (which marks the ticket read on the server), once for a burst of messages. In a hidden
  // tab it stays unread until the agent looks.
  useEffect(() => {
    if (!socket || !ticketId) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const onMessage = (event: AppMessageEvent) => {
      if (event.action !== 'create' || event.message.fromMe || event.message.ticketId !== ticketId) return
      if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return
      clearTimeout(timer)
      timer = setTimeout(() => {
        client.messages.list(ticketId, 1).then(
          () => applyTicket({ action: 'updateUnread', ticketId }),
          () => undefined,
        )
      }, READ_DELAY_MS)
    }
    socket.on('appMessage', onMessage)
    return () => {
      socket.off('appMessage', onMessage)
      clearTimeout(timer)
    }
  }, [socket, ticketId, client, applyTicket])

  const messages = useMemo(() => flattenMessages(data), [data])
  const hasMore = data ? (data[data.length - 1]?.hasMore ?? false) : false
  const isLoadingMore = !isLoading && size > 0 && data !== undefined && data[size - 1] === undefined && !error
  const loadOlder = useCallback(() => {
    // After a failure the next page waits for `retry`, which asks again for the page that failed.
    if (hasMore && !isLoadingMore && !isLoading && !error) void setSize((s) => s + 1)
  }, [hasMore, isLoadingMore, isLoading, error, setSize])

  return { messages, hasMore, isLoading, isLoadingMore, error, loadOlder, reload: catchUp, retry: () => mutate() }
}

export interface SendTextInput {
  body: string
  /** The message being replied to. */
  quotedMsg?: Pick<Message, 'id'> | null
}

/** Send text or files and delete one's own messages; the conversation shows the result at once. */
export function useMessageMutations(ticketId: number | null | undefined) {
  const { client } = useApiContext()
  const { applyConversationMessage } = useDeskCache()
  return useMemo(() => {
    // The ticket's place in the lists follows the socket's echo; the conversation needs the message now.
    const show = (sent: Message[]) => {
      for (const message of sent) applyConversationMessage(message)
      return sent
    }
    const target = () => {
      if (!ticketId) throw new Error('No conversation is open')
      return ticketId
    }
    return {
      async sendText({ body, quotedMsg }: SendTextInput) {
        const { messages } = await client.messages.send(target(), {
          body,
          fromMe: true,
          read: true,
          quotedMsg: quotedMsg ? { id: quotedMsg.id } : null,
        })
        return show(messages)
      },
      async sendMedia(files: MediaFile[], options: { body?: string; quotedMsgId?: number | string | null } = {}) {
        const { messages } = await client.messages.sendMedia(target(), { files, ...options })
        return show(messages)
      },
      async remove(messageId: number | string) {
        return show([await client.messages.delete(messageId)])[0]
      },
    }
  }, [client, ticketId, applyConversationMessage])
}
