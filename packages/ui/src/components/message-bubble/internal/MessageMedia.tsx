import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { LuMessageCircle } from 'react-icons/lu'
import { ContactAvatar } from '../../../internal/ContactAvatar'
import { parseLocation, parseVcard } from '../../../internal/messageBody'
import { useT } from '../../../internal/useT'
import { RestrictedMarkdown } from '../../restricted-markdown/RestrictedMarkdown'
import type { MessageBubbleMessage } from '../types'
import { AudioPlayer } from './AudioPlayer'
import { FileCard } from './FileCard'
import { fileKindOf, nameFromUrl } from './fileKind'
import { LocationCard } from './LocationCard'
import { MediaPreview } from './MediaPreview'

export interface MessageMediaProps {
  message: MessageBubbleMessage
  playbackRate: number
  onPlaybackRateChange?: (rate: number) => void
  onStartChat?: (contact: { name: string; number: string }) => void
}

/** The content of a message by its media type; text goes through the restricted markdown. */
export function MessageMedia({ message, playbackRate, onPlaybackRateChange, onStartChat }: MessageMediaProps) {
  const t = useT()
  const { mediaType, mediaUrl, body } = message
  const caption = body ? <RestrictedMarkdown>{body}</RestrictedMarkdown> : null

  if (mediaType === 'location') {
    const location = parseLocation(body)
    if (location) return <LocationCard {...location} />
  }
  if (mediaType === 'vcard') {
    const card = parseVcard(body)
    if (card)
      return (
        <Stack gap="2" minWidth="56">
          <HStack gap="3">
            <ContactAvatar name={card.name} />
            <Box minWidth="0">
              <Text fontWeight="semibold" truncate>
                {card.name}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {card.number || t('message.contactCard')}
              </Text>
            </Box>
          </HStack>
          <Button
            size="xs"
            variant="surface"
            colorPalette="gray"
            disabled={!card.number}
            onClick={() => onStartChat?.(card)}
          >
            <LuMessageCircle aria-hidden />
            {t('message.startChat')}
          </Button>
        </Stack>
      )
  }
  if (!mediaUrl || mediaType === 'chat' || mediaType === 'location' || mediaType === 'vcard') return caption

  if (mediaType === 'audio')
    return <AudioPlayer src={mediaUrl} playbackRate={playbackRate} onPlaybackRateChange={onPlaybackRateChange} />
  if (mediaType === 'image' || mediaType === 'video')
    return (
      <Stack gap="1">
        <MediaPreview
          kind={mediaType}
          url={mediaUrl}
          name={body || message.mediaName || t(mediaType === 'image' ? 'message.image' : 'message.video')}
        />
        {caption}
      </Stack>
    )
  // A file: the seed's clients put its name in the text, so the text is a caption only when it differs.
  const name = message.mediaName || body || nameFromUrl(mediaUrl) || t('message.file')
  return (
    <Stack gap="1">
      <FileCard name={name} kind={fileKindOf(name, mediaType)} size={message.mediaSize ?? null} url={mediaUrl} />
      {body && body !== name && caption}
    </Stack>
  )
}
