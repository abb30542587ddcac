import { Box, Button, HStack, Link, Text } from '@chakra-ui/react'
import { LuCircleAlert, LuCircleDashed, LuLock, LuMegaphone } from 'react-icons/lu'
import { useIntl } from 'react-intl'
import { BubbleFrame, DeletedText } from '../../internal/BubbleFrame'
import { QuotedBlock } from '../../internal/QuotedBlock'
import { useT } from '../../internal/useT'
import { formatTime } from '../../lib/datetime'
import { AckIcon } from './internal/AckIcon'
import { MessageMedia } from './internal/MessageMedia'
import { MessageMenu } from './internal/MessageMenu'
import type { MessageBubbleMessage } from './types'

export interface MessageBubbleProps {
  message: MessageBubbleMessage
  /** Shows the sender's name (group tickets, incoming messages). */
  showSender?: boolean
  onReply?: (message: MessageBubbleMessage) => void
  /** Offered on own messages only, and disabled once deleted. */
  onDelete?: (message: MessageBubbleMessage) => void
  /** Speed of audio messages (0.5, 1, 1.5 or 2); the speed button asks for the next one. */
  playbackRate?: number
  onPlaybackRateChange?: (rate: number) => void
  /** The Chat button of a contact card (disabled when the card has no number). */
  onStartChat?: (contact: { name: string; number: string }) => void
  /**
   * A message refused because the reply window closed or its template was refused offers "Send a template",
   * which opens the template picker.
   */
  onSendTemplate?: (message: MessageBubbleMessage) => void
}

/** The failures a template cures: the Cloud API's reply window, or a template the Graph API refused. */
const TEMPLATE_FAILURES = [
  'ERR_REPLY_WINDOW_CLOSED',
  'ERR_TEMPLATE_REQUIRED',
  'ERR_TEMPLATE_PAUSED',
  'ERR_TEMPLATE_REFUSED',
]

/** One message: own ones on the right, incoming on the left, at most 600 px wide. */
export function MessageBubble(props: MessageBubbleProps) {
  const { message, showSender, onReply, onDelete, playbackRate = 1 } = props
  const t = useT()
  const { locale } = useIntl()
  const own = message.fromMe
  return (
    <BubbleFrame
      own={own}
      rowPadding="4"
      maxWidth="min(600px, 85%)"
      minWidth="24"
      position="relative"
      // Shows the options chevron while hovered or while something inside has focus (see MessageMenu).
      data-message-bubble
      data-note={message.isNote || undefined}
      {...(message.isNote
        ? { colorPalette: 'yellow', borderStyle: 'dashed', borderColor: 'colorPalette.emphasized' }
        : {})}
    >
      {message.isNote && (
        <HStack gap="1" textStyle="xs" color="colorPalette.fg" fontWeight="semibold">
          <LuLock aria-hidden />
          <Text>{message.noteAuthor ? t('note.labelBy', { name: message.noteAuthor.name }) : t('note.label')}</Text>
        </HStack>
      )}
      {showSender && !own && message.contact && (
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted">
          {message.contact.name}
        </Text>
      )}
      {message.jobId != null && (
        <HStack gap="1" textStyle="xs" color="fg.muted">
          <LuMegaphone aria-hidden />
          <Text>{t('message.sentByJob', { id: message.jobId })}</Text>
        </HStack>
      )}
      {message.story && (
        <HStack gap="1" textStyle="xs" color="fg.muted" wrap="wrap">
          <LuCircleDashed aria-hidden />
          <Text>{t(message.story.kind === 'reply' ? 'message.story.reply' : 'message.story.mention')}</Text>
          {message.story.url && (
            <Link href={message.story.url} target="_blank" rel="noopener noreferrer" colorPalette="brand">
              {t('message.story.open')}
            </Link>
          )}
        </HStack>
      )}
      {message.quotedMsg && !message.isDeleted && <QuotedBlock quoted={message.quotedMsg} />}
      {message.isDeleted ? (
        <DeletedText />
      ) : (
        <Box textStyle="sm">
          <MessageMedia
            message={message}
            playbackRate={playbackRate}
            onPlaybackRateChange={props.onPlaybackRateChange}
            onStartChat={props.onStartChat}
          />
        </Box>
      )}
      <HStack gap="1" textStyle="xs" color="fg.muted">
        <Box marginInlineStart="-2" marginInlineEnd="auto">
          <MessageMenu
            messageId={message.id}
            canDelete={own}
            isDeleted={message.isDeleted}
            onReply={() => onReply?.(message)}
            onDelete={() => onDelete?.(message)}
          />
        </Box>
        {message.error && (
          <HStack gap="1" color="fg">
            <LuCircleAlert aria-hidden color="var(--chakra-colors-fg-error)" />
            <Text>{t('message.notSent')}</Text>
            {props.onSendTemplate && TEMPLATE_FAILURES.includes(message.error) && (
              <Button
                size="2xs"
                variant="outline"
                colorPalette="gray"
                marginInlineStart="1"
                onClick={() => props.onSendTemplate?.(message)}
              >
                {t('templates.window.sendTemplate')}
              </Button>
            )}
          </HStack>
        )}
        <Text asChild>
          <time dateTime={message.createdAt}>{formatTime(message.createdAt, locale)}</time>
        </Text>
        {own && !message.error && !message.isNote && <AckIcon ack={message.ack} />}
      </HStack>
    </BubbleFrame>
  )
}
