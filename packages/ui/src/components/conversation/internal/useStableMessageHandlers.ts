import { useLayoutEffect, useRef, useState } from 'react'
import type { MessageBubbleProps } from '../../message-bubble/MessageBubble'
import type { MessageBubbleMessage } from '../../message-bubble/types'

export type MessageHandlers = Pick<
  MessageBubbleProps,
  'onReply' | 'onDelete' | 'onPlaybackRateChange' | 'onStartChat' | 'onSendTemplate'
>

/**
 * Callbacks that keep their identity while calling the latest props: a page that passes new arrow functions
 * on every render does not redraw every message in view. A handler the page leaves out stays out, so the
 * bubble draws exactly what it would draw without it.
 */
export function useStableMessageHandlers(handlers: MessageHandlers): MessageHandlers {
  const latest = useRef(handlers)
  useLayoutEffect(() => {
    latest.current = handlers
  })
  const [stable] = useState(() => ({
    onReply: (message: MessageBubbleMessage) => latest.current.onReply?.(message),
    onDelete: (message: MessageBubbleMessage) => latest.current.onDelete?.(message),
    onPlaybackRateChange: (rate: number) => latest.current.onPlaybackRateChange?.(rate),
    onStartChat: (contact: { name: string; number: string }) => latest.current.onStartChat?.(contact),
    onSendTemplate: (message: MessageBubbleMessage) => latest.current.onSendTemplate?.(message),
  }))
  const { onReply, onDelete, onPlaybackRateChange, onStartChat, onSendTemplate } = handlers
  return {
    onReply: onReply && stable.onReply,
    onDelete: onDelete && stable.onDelete,
    onPlaybackRateChange: onPlaybackRateChange && stable.onPlaybackRateChange,
    onStartChat: onStartChat && stable.onStartChat,
    onSendTemplate: onSendTemplate && stable.onSendTemplate,
  }
}
