import { Flex, Text } from '@chakra-ui/react'
import { memo, type Ref } from 'react'
import { MessageBubble, type MessageBubbleProps } from '../../message-bubble/MessageBubble'
import type { MessageBubbleMessage } from '../../message-bubble/types'

/** A rough height in px before a row is measured; only has to be close for the scrollbar to feel right. */
export function estimateMessageHeight(message: MessageBubbleMessage, endsDay: boolean) {
  let height = endsDay ? 38 : 0
  if (message.quotedMsg && !message.isDeleted) height += 56
  if (message.jobId != null) height += 20
  switch (message.isDeleted ? 'chat' : message.mediaType) {
    case 'image':
    case 'video':
    case 'location':
      return height + 300
    case 'audio':
      return height + 96
    case 'vcard':
      return height + 132
    case 'other':
      return height + 96
    default:
      return height + 52 + Math.floor(message.body.length / 70) * 21
  }
}

export type MessageRowProps = Pick<
  MessageBubbleProps,
  | 'message'
  | 'showSender'
  | 'onReply'
  | 'onDelete'
  | 'playbackRate'
  | 'onPlaybackRateChange'
  | 'onStartChat'
  | 'onSendTemplate'
> & {
  /** The next day, shown under the message when the next message is of another day. */
  nextDay?: string
  /** Set on the first unread message: the divider above it ("3 unread messages"). */
  unreadLabel?: string
}

/**
 * One row of the list: the bubble, then the separator of the day that follows, if it changes. The separator
 * sits at the end of the previous row so that adding older messages above never changes a row already drawn.
 */
export function MessageRow({ nextDay, unreadLabel, ...bubble }: MessageRowProps) {
  return (
    <>
      {unreadLabel && <UnreadDivider label={unreadLabel} />}
      <MessageBubble {...bubble} />
      {nextDay && <DaySeparator day={nextDay} />}
    </>
  )
}

type PlacedMessageRowProps = MessageRowProps & {
  index: number
  /** Where the row starts, in px from the top of the list. */
  start: number
  /** Measures the row once drawn and whenever its size changes. */
  measure: (el: HTMLDivElement | null) => void
}

/**
 * One placed row: a plain element at its `top`, around the row itself, which is memoised: while the list
 * scrolls, or rows above it are measured, a row in view moves without being drawn again, so a frame only does
 * the work of the rows entering the view.
 */
export function PlacedMessageRow({ index, start, measure, ...row }: PlacedMessageRowProps) {
  return (
    <div ref={measure} data-index={index} style={{ position: 'absolute', insetInline: 0, top: start }}>
      <MemoMessageRow {...row} />
    </div>
  )
}

const MemoMessageRow = memo(MessageRow)

/** The band above the first message that was unread when the conversation opened. */
function UnreadDivider({ label }: { label: string }) {
  return (
    <Flex role="separator" aria-label={label} justifyContent="center" marginBlock="2" paddingBlock="1" bg="brand.muted">
      <Text as="span" textStyle="xs" fontWeight="semibold" color="brand.fg">
        {label}
      </Text>
    </Flex>
  )
}

export const DaySeparator = memo(function DaySeparator({ day, ref }: { day: string; ref?: Ref<HTMLDivElement> }) {
  return (
    <Flex ref={ref} justifyContent="center" paddingBlock="2">
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
        {day}
      </Text>
    </Flex>
  )
})
