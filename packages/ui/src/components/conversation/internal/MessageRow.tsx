import { Flex, Text } from '@chakra-ui/react'
import { memo } from 'react'
import { MessageBubble, type MessageBubbleProps } from '../../message-bubble/MessageBubble'
import type { MessageBubbleMessage } from '../../message-bubble/types'

/** A rough height in px before a row is measured; only has to be close for the scrollbar to feel right. */
export function estimateMessageHeight(message: MessageBubbleMessage, startsDay: boolean) {
  let height = startsDay ? 40 : 0
  if (message.quotedMsg && !message.isDeleted) height += 56
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
  'message' | 'showSender' | 'onReply' | 'onDelete' | 'playbackRate' | 'onPlaybackRateChange' | 'onStartChat'
> & {
  /** The day, shown above the message when it is the first of its day. */
  day?: string
}

/** One row of the list: an optional day separator, then the bubble. */
export const MessageRow = memo(function MessageRow({ day, ...bubble }: MessageRowProps) {
  return (
    <>
      {day && (
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
            {day}
          </Text>
        </Flex>
      )}
      <MessageBubble {...bubble} />
    </>
  )
})
