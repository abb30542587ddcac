import { Box, Button, HStack, Text } from '@chakra-ui/react'
import { memo } from 'react'
import { LuCircleAlert, LuRotateCw } from 'react-icons/lu'
import { BubbleFrame, DeletedText } from '../../../internal/BubbleFrame'
import { later } from '../../../internal/later'
import { useT } from '../../../internal/useT'
import { formatTime } from '../../../lib/datetime'
import { AckIcon } from '../../message-bubble/internal/AckIcon'
import { RestrictedMarkdown } from '../../restricted-markdown/RestrictedMarkdown'
import type { WidgetPanelMessage } from '../types'

export interface WidgetBubbleProps {
  message: WidgetPanelMessage
  /** The reader's own side: on the right, with delivery ticks. */
  own: boolean
  onResend?: (message: WidgetPanelMessage) => void
}

/**
 * The agent's signature the desk puts before a signed message (`*Ana:*` and a new line): the bubble
 * already names the agent above the text, so it is left out there.
 */
const withoutSignature = (body: string, agentName?: string | null) => {
  const signature = agentName ? `*${agentName}:*\n` : null
  return signature && body.startsWith(signature) ? body.slice(signature.length) : body
}

/** One message of the widget: text, an image inline or a file chip, the agent's name, its time and ticks. */
export const WidgetBubble = memo(function WidgetBubble({ message: raw, own, onResend }: WidgetBubbleProps) {
  const t = useT()
  const message = raw.fromCustomer ? raw : { ...raw, body: withoutSignature(raw.body, raw.agentName) }
  return (
    <BubbleFrame own={own} rowPadding="3" maxWidth="85%" minWidth="20">
      {!message.fromCustomer && message.agentName && (
        <Text textStyle="xs" fontWeight="semibold" color="colorPalette.fg">
          {message.agentName}
        </Text>
      )}
      {message.isDeleted ? (
        <DeletedText />
      ) : (
        <Box textStyle="sm">
          <Content message={message} />
        </Box>
      )}
      <HStack gap="1" textStyle="xs" color="fg.muted" justifyContent="flex-end">
        {message.failed && (
          <>
            <HStack gap="1" color="fg.error" marginInlineEnd="auto">
              <LuCircleAlert aria-hidden />
              <Text>{t('widget.notSent')}</Text>
            </HStack>
            {onResend && (
              <Button size="2xs" variant="outline" colorPalette="gray" onClick={() => onResend(raw)}>
                <LuRotateCw aria-hidden />
                {t('widget.resend')}
              </Button>
            )}
          </>
        )}
        <Text asChild>
          <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
        </Text>
        {own && !message.failed && <AckIcon ack={Math.min(message.ack, 3)} />}
      </HStack>
    </BubbleFrame>
  )
})

// Images and files: their own chunk, loaded when a message with one is drawn
// (a file chip's height holds the place).
const BubbleMedia = later(() => import('./BubbleMedia').then((m) => m.BubbleMedia), <Box minHeight="10" />)

function Content({ message }: { message: WidgetPanelMessage }) {
  const { mediaType, mediaUrl, body } = message
  const caption = body ? <RestrictedMarkdown>{body}</RestrictedMarkdown> : null
  if (!mediaUrl || mediaType === 'chat' || mediaType === 'location' || mediaType === 'vcard') return caption
  return <BubbleMedia message={message} caption={caption} />
}
