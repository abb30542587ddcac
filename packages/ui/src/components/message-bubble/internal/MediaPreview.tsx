import { Box, Center, Image } from '@chakra-ui/react'
import { useState } from 'react'
import { LuPlay } from 'react-icons/lu'
import { useT } from '../../../internal/useT'
import { MediaViewer } from './MediaViewer'

export interface MediaPreviewProps {
  kind: 'image' | 'video'
  url: string
  /** The caption or file name; also the picture's alternative text. */
  name: string
}

/** An image or a video in its bubble, as a button that opens it full size in the viewer. */
export function MediaPreview({ kind, url, name }: MediaPreviewProps) {
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Box
        asChild
        display="block"
        position="relative"
        padding="0"
        borderRadius="l2"
        overflow="hidden"
        cursor="zoom-in"
        focusVisibleRing="outside"
      >
        <button
          type="button"
          aria-haspopup="dialog"
          aria-label={kind === 'video' ? t('message.openVideo', { name }) : undefined}
          onClick={() => setOpen(true)}
        >
          {kind === 'image' ? (
            <Image src={url} alt={name} maxWidth="72" maxHeight="72" />
          ) : (
            <>
              <Box asChild display="block" maxWidth="72" maxHeight="72" minWidth="48" minHeight="28" bg="bg.emphasized">
                <video src={url} preload="metadata" muted aria-hidden tabIndex={-1} />
              </Box>
              <Center position="absolute" inset="0">
                <Center boxSize="10" borderRadius="full" bg="blackAlpha.600" color="white">
                  <LuPlay aria-hidden />
                </Center>
              </Center>
            </>
          )}
        </button>
      </Box>
      <MediaViewer open={open} onClose={() => setOpen(false)} kind={kind} url={url} name={name} />
    </>
  )
}
