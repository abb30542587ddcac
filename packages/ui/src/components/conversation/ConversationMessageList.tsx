import { Box, Flex, Spinner, Text, VisuallyHidden } from '@chakra-ui/react'
import { Fragment } from 'react'
import { useIntl } from 'react-intl'
import { useT } from '../../internal/useT'
import { formatDate } from '../../lib/datetime'
import { MessageBubble, type MessageBubbleProps } from '../message-bubble/MessageBubble'
import type { MessageBubbleMessage } from '../message-bubble/types'
import { useScrollAnchor } from './internal/useScrollAnchor'

/** How close to the top, in px, older messages are asked for. */
const LOAD_OLDER_THRESHOLD = 50

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
  /** Accessible name; defaults to "Messages". */
  label?: string
}

/** The messages of a ticket, grouped by day, kept scrolled to the newest. */
export function ConversationMessageList(props: ConversationMessageListProps) {
  const { messages, isGroup, hasMore, isLoading, onLoadOlder } = props
  const t = useT()
  const { locale } = useIntl()
  const { ref, contentRef, onScroll } = useScrollAnchor({
    firstId: messages[0]?.id,
    lastId: messages[messages.length - 1]?.id,
    hasMore,
    isLoading,
    onLoadOlder,
    threshold: LOAD_OLDER_THRESHOLD,
  })
  let day = ''
  return (
    <Box
      ref={ref}
      onScroll={onScroll}
      role="log"
      aria-label={props.label ?? t('conversation.messages')}
      aria-busy={isLoading || undefined}
      tabIndex={0}
      flex="1"
      minHeight="0"
      overflowY="auto"
      // The position is kept by hand when older messages arrive above (browsers without scroll anchoring too).
      css={{ overflowAnchor: 'none' }}
      bg="bg.subtle"
    >
      <Box ref={contentRef} minHeight="full" paddingBlock="3" display="flex" flexDirection="column">
        {isLoading && (
          <Flex role="status" justifyContent="center" paddingBlock="2">
            <Spinner size="sm" color="fg.muted" />
            <VisuallyHidden>{t('conversation.loadingOlder')}</VisuallyHidden>
          </Flex>
        )}
        {!isLoading && messages.length === 0 && (
          <Flex flex="1" alignItems="center" justifyContent="center" padding="6">
            <Text color="fg.muted" textAlign="center">
              {t('conversation.empty')}
            </Text>
          </Flex>
        )}
        {messages.map((message) => {
          const date = formatDate(message.createdAt, locale)
          const newDay = date !== day
          day = date
          return (
            <Fragment key={message.id}>
              {newDay && (
                <Flex justifyContent="center" paddingBlock="2">
                  <Text
                    as="span"
                    textStyle="xs"
                    color="fg.muted"
                    bg="bg.panel"
                    borderWidth="1px"
                    borderRadius="full"
                    paddingInline="3"
                    paddingBlock="0.5"
                  >
                    {date}
                  </Text>
                </Flex>
              )}
              <MessageBubble
                message={message}
                showSender={isGroup}
                onReply={props.onReply}
                onDelete={props.onDelete}
                playbackRate={props.playbackRate}
                onPlaybackRateChange={props.onPlaybackRateChange}
                onStartChat={props.onStartChat}
              />
            </Fragment>
          )
        })}
      </Box>
    </Box>
  )
}
