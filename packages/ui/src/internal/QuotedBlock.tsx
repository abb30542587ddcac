import { Box, HStack, Text } from '@chakra-ui/react'
import { FILE_ICONS, FILE_PALETTES } from '../components/message-bubble/internal/FileCard'
import { fileKindOf } from '../components/message-bubble/internal/fileKind'
import type { QuotedMessageData } from '../components/message-bubble/types'
import { RestrictedMarkdown } from '../components/restricted-markdown/RestrictedMarkdown'
import { useT } from './useT'

const MEDIA_LABELS = {
  image: 'message.image',
  audio: 'message.audio',
  video: 'message.video',
  location: 'message.location',
  vcard: 'message.contactCard',
} as const

/** The message a reply refers to: who wrote it and its first lines (a file: its type's icon and its name). */
export function QuotedBlock({ quoted }: { quoted: QuotedMessageData }) {
  const t = useT()
  const label =
    quoted.mediaType && quoted.mediaType in MEDIA_LABELS
      ? MEDIA_LABELS[quoted.mediaType as keyof typeof MEDIA_LABELS]
      : null
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
        ) : label ? (
          <Text fontStyle="italic">{t(label)}</Text>
        ) : (
          <RestrictedMarkdown>{quoted.body}</RestrictedMarkdown>
        )}
      </Box>
    </Box>
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
