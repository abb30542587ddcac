import { Box, Button, Flex, Text } from '@chakra-ui/react'
import { Fragment } from 'react'
import { later } from '../../internal/later'
import { useT } from '../../internal/useT'
import { EmptyGreeting } from './internal/EmptyGreeting'
import { useWidgetDays } from './internal/useWidgetDays'
import { useWidgetScroll } from './internal/useWidgetScroll'
import { WidgetBubble } from './internal/WidgetBubble'
import type { WidgetPanelMessage, WidgetPanelMode } from './types'

export interface WidgetPanelMessageListProps {
  /** Oldest first. */
  messages: WidgetPanelMessage[]
  /** Customer: the visitor's messages on the right. Agent: the desk's side on the right. */
  mode?: WidgetPanelMode
  /** Earlier messages exist: a "Load earlier messages" button above the first. */
  hasMore?: boolean
  /** Earlier messages are on their way: the button spins. */
  isLoadingEarlier?: boolean
  onLoadEarlier?: () => void
  /** A failed message's Send again button. */
  onResend?: (message: WidgetPanelMessage) => void
  /**
   * The reader has the newest message in view: when the list opens, when one arrives while they are at the
   * bottom, and when they get back there. Once per message; where to mark the conversation read.
   */
  onSeenLatest?: (message: WidgetPanelMessage) => void
}

/** Shown only once the reader scrolled up: loaded then. */
const JumpToLatest = later(() => import('../conversation/internal/JumpToLatest').then((m) => m.JumpToLatest))

/**
 * The conversation, grouped by day (Today, Yesterday, then dates), in a `role="log"` that announces new
 * messages politely. Opens at the newest and follows new ones while the reader is at the bottom; up the list,
 * a button counts what arrived and jumps to it. Empty, it greets: "Send us a message".
 */
export function WidgetPanelMessageList(props: WidgetPanelMessageListProps) {
  const { messages, mode = 'customer', hasMore, isLoadingEarlier } = props
  const t = useT()
  const days = useWidgetDays()
  const isOwn = (message: WidgetPanelMessage) => (mode === 'customer' ? message.fromCustomer : !message.fromCustomer)
  const scroll = useWidgetScroll(messages, isOwn, props.onSeenLatest)
  return (
    <Box position="relative" flex="1" minHeight="0" display="flex" flexDirection="column">
      <Box
        ref={scroll.scrollRef}
        onScroll={scroll.onScroll}
        onWheel={scroll.onUserScroll}
        onTouchStart={scroll.onUserScroll}
        onPointerDown={scroll.onUserScroll}
        onKeyDown={scroll.onUserScroll}
        role="log"
        aria-live="polite"
        aria-label={t('widget.messages')}
        aria-busy={isLoadingEarlier || undefined}
        tabIndex={0}
        flex="1"
        minHeight="0"
        overflowY="auto"
        css={{ overflowAnchor: 'none' }}
        bg="bg.subtle"
        focusVisibleRing="inside"
      >
        {messages.length === 0 && !hasMore ? (
          <EmptyGreeting />
        ) : (
          <Box ref={scroll.contentRef} paddingBlock="3">
            {hasMore && (
              <Flex justifyContent="center" paddingBottom="2">
                <Button
                  size="xs"
                  variant="outline"
                  colorPalette="gray"
                  loading={isLoadingEarlier}
                  onClick={props.onLoadEarlier}
                >
                  {t('widget.loadEarlier')}
                </Button>
              </Flex>
            )}
            {messages.map((message, index) => {
              const day = days.dayOf(message.createdAt)
              const newDay = index === 0 || day !== days.dayOf(messages[index - 1].createdAt)
              return (
                <Fragment key={message.id}>
                  {newDay && <DaySeparator label={days.label(message.createdAt)} />}
                  <WidgetBubble message={message} own={isOwn(message)} onResend={props.onResend} />
                </Fragment>
              )
            })}
          </Box>
        )}
      </Box>
      {(scroll.farFromEnd || scroll.unseen > 0) && (
        <JumpToLatest
          unseen={scroll.unseen}
          onJump={() => {
            scroll.jumpToEnd()
            scroll.scrollRef.current?.focus({ preventScroll: true })
          }}
        />
      )}
    </Box>
  )
}

function DaySeparator({ label }: { label: string }) {
  return (
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
        {label}
      </Text>
    </Flex>
  )
}
