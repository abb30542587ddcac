import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { ContactAvatar } from '../../../internal/ContactAvatar'
import { useT } from '../../../internal/useT'
import { formatTime } from '../../../lib/datetime'
import { MessageMedia } from '../../message-bubble/internal/MessageMedia'
import type { ChatPerson, ChatViewMessage } from '../types'
import { MentionText } from './MentionText'
import { TicketCardLink } from './TicketCardLink'

export interface ChatMessageRowProps {
  message: ChatViewMessage
  people: readonly ChatPerson[]
  meId: number | null
  onOpenTicket?: (ticketId: number) => void
}

/** One chat message: who, when, then the text (mentions marked), a file, or a shared ticket. */
export function ChatMessageRow({ message, people, meId, onOpenTicket }: ChatMessageRowProps) {
  const t = useT()
  const name = message.userId === meId ? t('chat.you') : (message.userName ?? t('chat.formerUser'))
  const hasFile = message.mediaType !== 'chat' && message.mediaUrl
  return (
    <HStack as="li" alignItems="flex-start" gap="3" paddingInline="4" paddingBlock="1.5" data-chat-message={message.id}>
      <ContactAvatar name={message.userName ?? '?'} size="sm" />
      <Stack gap="1" minWidth="0" flex="1">
        <HStack gap="2">
          <Text fontWeight="semibold" textStyle="sm">
            {name}
          </Text>
          <Text textStyle="xs" color="fg.muted" asChild>
            <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          </Text>
        </HStack>
        {hasFile ? (
          <Box textStyle="sm">
            <MessageMedia
              message={{ ...message, fromMe: message.userId === meId, ack: 0, isDeleted: false }}
              playbackRate={1}
            />
          </Box>
        ) : (
          message.body && (
            <Box textStyle="sm">
              <MentionText text={message.body} people={people} meId={meId} />
            </Box>
          )
        )}
        {message.ticket && <TicketCardLink ticket={message.ticket} onOpen={onOpenTicket} />}
      </Stack>
    </HStack>
  )
}
