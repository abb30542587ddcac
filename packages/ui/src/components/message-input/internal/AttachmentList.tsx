import { Badge, CloseButton, HStack, Text } from '@chakra-ui/react'
import { LuPaperclip } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

interface AttachmentListProps {
  files: { name: string }[]
  onRemove?: (index: number) => void
}

/** Files chosen to go with the next send (the text becomes the first one's caption). */
export function AttachmentList({ files, onRemove }: AttachmentListProps) {
  const t = useT()
  if (files.length === 0) return null
  return (
    <HStack as="ul" aria-label={t('input.attachments')} gap="2" wrap="wrap" marginBottom="2" listStyleType="none">
      {files.map((file, index) => (
        <HStack as="li" key={`${index}-${file.name}`} gap="1" minWidth="0">
          <Badge size="md" colorPalette="gray" variant="surface" maxWidth="64">
            <LuPaperclip aria-hidden />
            <Text as="span" truncate>
              {file.name}
            </Text>
          </Badge>
          {onRemove && (
            <CloseButton
              size="2xs"
              colorPalette="gray"
              aria-label={t('input.removeAttachment', { name: file.name })}
              onClick={() => onRemove(index)}
            />
          )}
        </HStack>
      ))}
    </HStack>
  )
}
