import { Box, CloseButton, HStack, Image, Text } from '@chakra-ui/react'
import { LuPaperclip } from 'react-icons/lu'
import { useT } from '../../../internal/useT'
import type { WidgetAttachment } from '../types'

interface ComposerAttachmentsProps {
  files: WidgetAttachment[]
  onRemove?: (index: number) => void
  disabled?: boolean
}

/** Files waiting for Send: images as a small preview, others by name; each can be removed. */
export function ComposerAttachments({ files, onRemove, disabled }: ComposerAttachmentsProps) {
  const t = useT()
  if (files.length === 0) return null
  return (
    <HStack
      as="ul"
      aria-label={t('widget.composer.attachments')}
      gap="2"
      wrap="wrap"
      marginBottom="2"
      listStyleType="none"
    >
      {files.map((file, index) => (
        <HStack
          as="li"
          key={`${index}-${file.name}`}
          gap="1.5"
          minWidth="0"
          maxWidth="full"
          padding="1"
          paddingInlineStart={file.previewUrl ? '1' : '2'}
          borderWidth="1px"
          borderRadius="l2"
          bg="bg.muted"
        >
          {file.previewUrl ? (
            <Image src={file.previewUrl} alt="" boxSize="10" objectFit="cover" borderRadius="l1" />
          ) : (
            <Box as="span" color="fg.muted">
              <LuPaperclip aria-hidden />
            </Box>
          )}
          <Text as="span" textStyle="xs" truncate maxWidth="40">
            {file.name}
          </Text>
          {onRemove && (
            <CloseButton
              size="2xs"
              colorPalette="gray"
              disabled={disabled}
              aria-label={t('widget.composer.remove', { name: file.name })}
              onClick={() => onRemove(index)}
            />
          )}
        </HStack>
      ))}
    </HStack>
  )
}
