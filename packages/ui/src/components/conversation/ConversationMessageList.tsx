import { Box, Flex, Spinner, Text, VisuallyHidden } from '@chakra-ui/react'
import { type CSSProperties, useCallback, useState } from 'react'
import { useIntl } from 'react-intl'
import { useT } from '../../internal/useT'
import type { UiError } from '../error-message/useErrorText'
import { LoadError } from '../list-state/LoadError'
import type { MessageBubbleProps } from '../message-bubble/MessageBubble'
import type { MessageBubbleMessage } from '../message-bubble/types'
import { JumpToLatest } from './internal/JumpToLatest'
import { DaySeparator, estimateMessageHeight, PlacedMessageRow } from './internal/MessageRow'
import { useChatScroll } from './internal/useChatScroll'
import { useDayLabels } from './internal/useDayLabels'
import { useStableMessageHandlers } from './internal/useStableMessageHandlers'
import { useUnreadDivider } from './internal/useUnreadDivider'

/** How close to the top, in px, older messages are asked for. */
const LOAD_OLDER_THRESHOLD = 50
/** Space above the first and below the last message, in px. */
const PADDING = 12
const LEAD_ESTIMATE = 38
/** The rows' container; its height is the virtualiser's total. */
const CONTAINER: CSSProperties = { position: 'relative', width: '100%' }

export interface ConversationMessageListProps
  extends Pick<
    MessageBubbleProps,
    'onReply' | 'onDelete' | 'playbackRate' | 'onPlaybackRateChange' | 'onStartChat' | 'onSendTemplate'
  > {
  /** Oldest first. */
  messages: MessageBubbleMessage[]
  /** Group tickets show each incoming message's sender. */
  isGroup?: boolean
  /** Older messages exist: `onLoadOlder` is called within 50 px of the top. */
  hasMore?: boolean
  isLoading?: boolean
  onLoadOlder?: () => void
  /** The last load failed: in place of the messages, or above those already shown (older ones did not come). */
  error?: UiError | null
  /** Loads again after a failure (its Retry button). */
  onRetry?: () => void
  /** Accessible name; defaults to "Messages". */
  label?: string
  /**
   * Incoming messages that were unread when the conversation opened (the ticket's count before opening marked
   * them read). With the first messages, an "N unread messages" divider goes above the first of them, the
   * list opens there, and the divider stays while the list is mounted (key the list by conversation).
   */
  unreadCount?: number
}

/**
 * The messages of a ticket, grouped by day. Opens at the newest message (or at the unread divider) and keeps
 * the newest in view while the reader is at the bottom, also when rows grow late (images) or the view shrinks;
 * the agent's own new message always brings it back to the bottom. Up the list, a "N new messages" button
 * counts what arrived and jumps to it. Windowed: only the messages in view are drawn, so a conversation of
 * thousands of messages opens and scrolls smoothly.
 */
export function ConversationMessageList(props: ConversationMessageListProps) {
  const { messages, isGroup, isLoading, error } = props
  const t = useT()
  const { locale } = useIntl()
  const dayLabel = useDayLabels(locale)
  const dayOf = (index: number) => dayLabel(messages[index].createdAt)
  // Only drawn rows look their days up, each formatted once.
  const nextDay = (index: number) => {
    if (index + 1 >= messages.length) return undefined
    const next = dayOf(index + 1)
    return next !== dayOf(index) ? next : undefined
  }
  const handlers = useStableMessageHandlers(props)
  // The first day's separator sits above the rows; its height is measured once drawn.
  const [leadHeight, setLeadHeight] = useState(LEAD_ESTIMATE)
  const leadRef = useCallback((el: HTMLDivElement | null) => {
    if (el) setLeadHeight(el.offsetHeight)
  }, [])
  const unread = useUnreadDivider(messages, props.unreadCount, props.hasMore)
  const { scrollRef, contentRef, virtualizer, onScroll, onUserScroll, farFromEnd, unseen, jumpToEnd } = useChatScroll({
    items: messages,
    isOwn: isOwnMessage,
    openAt: unread?.index,
    // The UTC day is close enough for a guess; the separators drawn use the local day.
    estimateSize: (message, index) => {
      const next = messages[index + 1]
      return estimateMessageHeight(
        message,
        next !== undefined && message.createdAt.slice(0, 10) !== next.createdAt.slice(0, 10),
      )
    },
    paddingStart: PADDING + (messages.length ? leadHeight : 0),
    paddingEnd: PADDING,
    // After a failure older messages wait for Retry.
    hasMore: props.hasMore && !error,
    isLoading,
    onLoadOlder: props.onLoadOlder,
    threshold: LOAD_OLDER_THRESHOLD,
  })
  const rows = virtualizer.getVirtualItems()
  return (
    <Box position="relative" flex="1" minHeight="0" display="flex" flexDirection="column">
      {error && messages.length > 0 && (
        <Box padding="2" bg="bg.subtle">
          <LoadError variant="inline" error={error} onRetry={props.onRetry} />
        </Box>
      )}
      <Box
        ref={scrollRef}
        onScroll={onScroll}
        onWheel={onUserScroll}
        onTouchStart={onUserScroll}
        onPointerDown={onUserScroll}
        onKeyDown={onUserScroll}
        role="log"
        aria-label={props.label ?? t('conversation.messages')}
        aria-busy={isLoading || undefined}
        tabIndex={0}
        flex="1"
        minHeight="0"
        overflowY="auto"
        // The list keeps the position itself when rows are added or measured above the view.
        css={{ overflowAnchor: 'none' }}
        bg="bg.subtle"
      >
        {isLoading && !(error && messages.length === 0) && (
          <Flex role="status" position="sticky" top="0" height="0" zIndex="1" justifyContent="center">
            <Spinner size="sm" color="fg.muted" marginTop="5" />
            <VisuallyHidden>{t('conversation.loadingOlder')}</VisuallyHidden>
          </Flex>
        )}
        {error && messages.length === 0 ? (
          <LoadError error={error} onRetry={props.onRetry} isRetrying={isLoading} />
        ) : !isLoading && messages.length === 0 ? (
          <Flex height="full" alignItems="center" justifyContent="center" padding="6">
            <Text color="fg.muted" textAlign="center">
              {t('conversation.empty')}
            </Text>
          </Flex>
        ) : (
          <div ref={contentRef} style={{ ...CONTAINER, height: virtualizer.getTotalSize() }}>
            {messages.length > 0 && (
              <div style={{ position: 'absolute', insetInline: 0, top: PADDING }}>
                <DaySeparator ref={leadRef} day={dayOf(0)} />
              </div>
            )}
            {rows.map((row) => (
              <PlacedMessageRow
                key={row.key}
                index={row.index}
                start={row.start}
                measure={virtualizer.measureElement}
                message={messages[row.index]}
                nextDay={nextDay(row.index)}
                unreadLabel={
                  row.index === unread?.index ? t('conversation.unreadDivider', { count: unread.count }) : undefined
                }
                showSender={isGroup}
                playbackRate={props.playbackRate}
                {...handlers}
              />
            ))}
          </div>
        )}
      </Box>
      {(farFromEnd || unseen > 0) && (
        <JumpToLatest
          unseen={unseen}
          onJump={() => {
            jumpToEnd()
            // The button goes away: keep the focus in the list rather than losing it to the page.
            scrollRef.current?.focus({ preventScroll: true })
          }}
        />
      )}
    </Box>
  )
}

const isOwnMessage = (message: MessageBubbleMessage) => message.fromMe
