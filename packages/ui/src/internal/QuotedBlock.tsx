import { Box, HStack, Text } from '@chakra-ui/react'
import type { IconType } from 'react-icons'
import { LuCamera, LuContact, LuMapPin, LuMic, LuVideo } from 'react-icons/lu'
import { FILE_ICONS, FILE_PALETTES } from '../components/message-bubble/internal/FileCard'
import { fileKindOf } from '../components/message-bubble/internal/fileKind'
import type { QuotedMessageData } from '../components/message-bubble/types'
import { RestrictedMarkdown } from '../components/restricted-markdown/RestrictedMarkdown'
import type { MessageId } from '../i18n'
import { parseLocation, parseVcard } from './messageBody'
import { useT } from './useT'

/** What a quote shows of each kind of media, as WhatsApp does: an icon, and the caption or the kind's name. */
const MEDIA: Partial<Record<NonNullable<QuotedMessageData['mediaType']>, { icon: IconType; label: MessageId }>> = {
  image: { icon: LuCamera, label: 'message.photo' },
  audio: { icon: LuMic, label: 'message.audio' },
  video: { icon: LuVideo, label: 'message.video' },
  location: { icon: LuMapPin, label: 'message.location' },
  vcard: { icon: LuContact, label: 'message.contactCard' },
}

/** The message a reply refers to: who wrote it and its first lines (media: its icon and its caption or kind). */
export function QuotedBlock({ quoted }: { quoted: QuotedMessageData }) {
  const t = useT()
  const media = quoted.mediaType ? MEDIA[quoted.mediaType] : undefined
  return (
    <Box
      borderInlineStartWidth="4px"
      borderColor={quoted.fromMe ? 'colorPalette.solid' : 'blue.solid'}
      bg="blackAlpha.200"
      _dark={{ bg: 'whiteAlpha.100' }}
      borderRadius="l1"
      paddingInline="2"
      paddingBlock="1"
      marginBottom="1"
      textStyle="sm"
    >
      <Text fontWeight="semibold" textStyle="xs">
        {quoted.fromMe ? t('message.you') : (quoted.contact?.name ?? '')}
      </Text>
      <Box color="fg.muted" lineClamp="3">
        {quoted.mediaType === 'other' ? (
          <QuotedFile quoted={quoted} />
        ) : media ? (
          <IconLine icon={media.icon} text={mediaText(quoted) || t(media.label)} kind={quoted.mediaType} />
        ) : (
          <RestrictedMarkdown>{quoted.body}</RestrictedMarkdown>
        )}
      </Box>
    </Box>
  )
}

/**
 * The words a quoted media message has of its own: a picture's or video's caption (not the file name the seed's
 * clients put in the text), a location's place, a contact card's name. Empty when it has none.
 */
function mediaText({ mediaType, body, mediaName }: QuotedMessageData): string {
  const text = body.trim()
  if (mediaType === 'location') return parseLocation(body)?.description.split('\n')[0]?.trim() ?? ''
  if (mediaType === 'vcard') return parseVcard(body)?.name ?? ''
  if (mediaType === 'audio') return ''
  const isFileName = text === mediaName || (!/\s/.test(text) && fileKindOf(text, 'other') !== 'generic')
  return isFileName ? '' : text
}

/** An icon and one line of text. */
function IconLine({ icon: Icon, text, kind }: { icon: IconType; text: string; kind?: string }) {
  return (
    <HStack gap="1.5" minWidth="0" data-quoted-kind={kind}>
      <Box asChild flexShrink="0">
        <Icon aria-hidden />
      </Box>
      <Text truncate title={text}>
        {text}
      </Text>
    </HStack>
  )
}

/** A quoted file, as WhatsApp shows one: its type's icon and its name (the seed's clients put it in the text). */
function QuotedFile({ quoted }: { quoted: QuotedMessageData }) {
  const t = useT()
  const name = quoted.mediaName || quoted.body.trim() || t('message.file')
  const kind = fileKindOf(name, 'other')
  const Icon = FILE_ICONS[kind]
  return (
    <HStack gap="1.5" minWidth="0" data-file-kind={kind}>
      <Box asChild flexShrink="0" colorPalette={FILE_PALETTES[kind]} color="colorPalette.fg">
        <Icon aria-hidden />
      </Box>
      <Text truncate title={name}>
        {name}
      </Text>
    </HStack>
  )
}
