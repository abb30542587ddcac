import { Box, Image, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useT } from '../../../internal/useT'
import { FileCard } from '../../message-bubble/internal/FileCard'
import { fileKindOf, nameFromUrl } from '../../message-bubble/internal/fileKind'
import type { WidgetPanelMessage } from '../types'

export interface BubbleMediaProps {
  message: WidgetPanelMessage
  /** The message's text, drawn under the image or the file. */
  caption: ReactNode
}

/** An image inline (opens full size) or a file chip, with its caption. */
export function BubbleMedia({ message, caption }: BubbleMediaProps) {
  const t = useT()
  const { mediaType, mediaUrl, body } = message
  if (!mediaUrl) return caption
  if (mediaType === 'image') {
    const name = message.mediaName || body || t('widget.image')
    return (
      <Stack gap="1">
        <Box asChild display="block" borderRadius="l2" overflow="hidden" focusVisibleRing="outside">
          <a href={mediaUrl} target="_blank" rel="noopener noreferrer" aria-label={t('widget.openImage', { name })}>
            <Image src={mediaUrl} alt={name} maxWidth="full" maxHeight="60" />
          </a>
        </Box>
        {caption}
      </Stack>
    )
  }
  const name = message.mediaName || body || nameFromUrl(mediaUrl) || t('message.file')
  return (
    <Stack gap="1">
      <FileCard name={name} kind={fileKindOf(name, mediaType)} size={null} url={mediaUrl} />
      {body && body !== name && caption}
    </Stack>
  )
}
