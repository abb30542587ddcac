import { Box, Flex, IconButton, Spinner, Text, VisuallyHidden } from '@chakra-ui/react'
import { type CSSProperties, useCallback, useState } from 'react'
import { LuArrowDown } from 'react-icons/lu'
import { useIntl } from 'react-intl'
import { useT } from '../../internal/useT'
import type { UiError } from '../error-message/useErrorText'
import { LoadError } from '../list-state/LoadError'
import type { MessageBubbleProps } from '../message-bubble/MessageBubble'
import type { MessageBubbleMessage } from '../message-bubble/types'
import { DaySeparator, estimateMessageHeight, PlacedMessageRow } from './internal/MessageRow'
import { useChatScroll } from './internal/useChatScroll'
import { useDayLabels } from './internal/useDayLabels'
import { useStableMessageHandlers } from './internal/useStableMessageHandlers'

/** How close to the top, in px, older messages are asked for. */
const LOAD_OLDER_THRESHOLD = 50
/** Space above the first and below the last message, in px. */
const PADDING = 12
const LEAD_ESTIMATE = 38
/** The rows' container; the virtualiser sets its height. */
const CONTAINER: CSSProperties = { position: 'relative', width: '100%' }

export interface ConversationMessageListProps
  extends Pick<MessageBubbleProps, 'onReply' | 'onDelete' | 'playbackRate' | 'onPlaybackRateChange' | 'onStartChat'> {
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
}

/**
 * The messages of a ticket, grouped by day, kept scrolled to the newest. Windowed: only the messages in
 * view are drawn, so a conversation of thousands of messages opens and scrolls smoothly.
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
  const { scrollRef, virtualizer, onScroll, farFromEnd, jumpToEnd } = useChatScroll({
    items: messages,
    // The UTC day is close enough for a guess; the separators drawn use the local day.
    estimateSize: (message, index) =>
      estimateMessageHeight(message, message.createdAt.slice(0, 10) !== messages[index + 1]?.createdAt.slice(0, 10)),
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
        role="log"
        aria-label={props.label ?? t('conversation.messages')}
        aria-busy={isLoading || undefined}
        tabIndex={0}
        flex="1"
        minHeight="0"
        overflowY="auto"
        // The virtualiser keeps the position itself when rows are added or measured above the view.
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
          <div ref={virtualizer.containerRef} style={CONTAINER}>
            {messages.length > 0 && (
              <div style={{ position: 'absolute', insetInline: 0, top: PADDING }}>
                <DaySeparator ref={leadRef} day={dayOf(0)} />
              </div>
            )}
            {rows.map((row) => (
              <PlacedMessageRow
                key={row.key}
                index={row.index}
                measure={virtualizer.measureElement}
                message={messages[row.index]}
                nextDay={nextDay(row.index)}
                showSender={isGroup}
                playbackRate={props.playbackRate}
                {...handlers}
              />
            ))}
          </div>
        )}
      </Box>
      {farFromEnd && (
        <IconButton
          position="absolute"
          insetEnd="4"
          bottom="4"
          size="sm"
          borderRadius="full"
          variant="surface"
          colorPalette="gray"
          boxShadow="md"
          aria-label={t('conversation.jumpToLatest')}
          onClick={jumpToEnd}
        >
          <LuArrowDown />
        </IconButton>
      )}
    </Box>
  )
}
