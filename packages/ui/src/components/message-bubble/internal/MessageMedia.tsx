import { Box, Button, Flex, HStack, Image, Link, Stack, Text } from '@chakra-ui/react'
import { LuDownload, LuMapPin, LuMessageCircle } from 'react-icons/lu'
import { ContactAvatar } from '../../../internal/ContactAvatar'
import { parseLocation, parseVcard } from '../../../internal/messageBody'
import { useT } from '../../../internal/useT'
import { RestrictedMarkdown } from '../../restricted-markdown/RestrictedMarkdown'
import type { MessageBubbleMessage } from '../types'
import { AudioPlayer } from './AudioPlayer'

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
    if (location)
      return (
        <Stack gap="2" maxWidth="72">
          <Image src={location.image} alt={location.description || t('message.location')} borderRadius="l2" />
          {location.description && <Text textStyle="sm">{location.description}</Text>}
          <Button asChild size="xs" variant="surface" colorPalette="gray" alignSelf="flex-start">
            <a href={location.link} target="_blank" rel="noopener noreferrer">
              <LuMapPin aria-hidden />
              {t('message.viewLocation')}
            </a>
          </Button>
        </Stack>
      )
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

  if (mediaType === 'image')
    return (
      <Stack gap="1">
        <Link href={mediaUrl} target="_blank" rel="noopener noreferrer" display="block">
          <Image src={mediaUrl} alt={body || t('message.image')} maxWidth="72" maxHeight="72" borderRadius="l2" />
        </Link>
        {caption}
      </Stack>
    )
  if (mediaType === 'audio')
    return <AudioPlayer src={mediaUrl} playbackRate={playbackRate} onPlaybackRateChange={onPlaybackRateChange} />
  if (mediaType === 'video')
    return (
      <Stack gap="1">
        {/* biome-ignore lint/a11y/useMediaCaption: customers' videos come without captions. */}
        <video
          src={mediaUrl}
          controls
          preload="metadata"
          aria-label={body || t('message.video')}
          style={{ maxWidth: '18rem' }}
        />
        {caption}
      </Stack>
    )
  return (
    <Flex gap="3" alignItems="center" wrap="wrap">
      {body && (
        <Text textStyle="sm" wordBreak="break-all">
          {body}
        </Text>
      )}
      <Button asChild size="xs" variant="surface" colorPalette="gray">
        <a href={mediaUrl} download={body || true} target="_blank" rel="noopener noreferrer">
          <LuDownload aria-hidden />
          {t('message.download')}
        </a>
      </Button>
    </Flex>
  )
}
