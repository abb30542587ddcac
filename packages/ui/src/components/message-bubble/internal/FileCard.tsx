import { Box, Center, HStack, IconButton, Stack, Text } from '@chakra-ui/react'
import type { IconType } from 'react-icons'
import {
  LuDownload,
  LuFile,
  LuFileArchive,
  LuFileAudio,
  LuFileImage,
  LuFileSpreadsheet,
  LuFileText,
  LuFileType,
  LuFileVideo,
} from 'react-icons/lu'
import { useIntl } from 'react-intl'
import { useT } from '../../../internal/useT'
import { formatFileSize } from '../../../lib/fileSize'
import type { FileKind } from './fileKind'

/** The icon of each kind of file (also in the quote of a reply to a file). */
export const FILE_ICONS: Record<FileKind, IconType> = {
  pdf: LuFileType,
  spreadsheet: LuFileSpreadsheet,
  document: LuFileText,
  archive: LuFileArchive,
  audio: LuFileAudio,
  video: LuFileVideo,
  image: LuFileImage,
  generic: LuFile,
}

/** The colour palette of each kind's icon, so a PDF and a spreadsheet tell apart at a glance. */
export const FILE_PALETTES: Record<FileKind, string> = {
  pdf: 'red',
  spreadsheet: 'green',
  document: 'blue',
  archive: 'orange',
  audio: 'purple',
  video: 'pink',
  image: 'teal',
  generic: 'gray',
}

export interface FileCardProps {
  name: string
  kind: FileKind
  /** In bytes; null when unknown (then no size is shown). */
  size: number | null
  url: string
}

/** A file in a message: its type's icon, its name, its type and size, and a download button. */
export function FileCard({ name, kind, size, url }: FileCardProps) {
  const t = useT()
  const { locale } = useIntl()
  const Icon = FILE_ICONS[kind]
  const details = [t(`message.fileKind.${kind}`), size !== null ? formatFileSize(size, locale) : null]
  return (
    <HStack
      gap="3"
      minWidth="60"
      maxWidth="80"
      padding="2"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l2"
      bg="bg.panel"
      data-file-kind={kind}
    >
      <Center boxSize="10" flexShrink="0" borderRadius="l2" colorPalette={FILE_PALETTES[kind]} bg="colorPalette.subtle">
        <Box asChild color="colorPalette.fg" boxSize="5">
          <Icon aria-hidden />
        </Box>
      </Center>
      <Stack gap="0" minWidth="0" flex="1">
        <Text fontWeight="medium" truncate title={name}>
          {name}
        </Text>
        <Text textStyle="xs" color="fg.muted">
          {details.filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <IconButton
        asChild
        size="sm"
        variant="ghost"
        colorPalette="gray"
        aria-label={t('message.downloadFile', { name })}
      >
        <a href={url} download={name} target="_blank" rel="noopener noreferrer">
          <LuDownload />
        </a>
      </IconButton>
    </HStack>
  )
}
