import { Box, Button, CloseButton, Dialog, Flex } from '@chakra-ui/react'
import { LuDownload } from 'react-icons/lu'
import { UiPortal } from '../../../internal/portal'
import { useT } from '../../../internal/useT'

export interface MediaViewerProps {
  open: boolean
  onClose: () => void
  kind: 'image' | 'video'
  url: string
  /** The picture's description or the video's name: the dialog's title and the downloaded file's name. */
  name: string
}

/**
 * An image or a video at full size over the conversation. Esc, the close button or a click outside
 * closes it; focus stays inside while it is open and goes back to the picture that opened it.
 */
export function MediaViewer({ open, onClose, kind, url, name }: MediaViewerProps) {
  const t = useT()
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      size="xl"
      lazyMount
      unmountOnExit
    >
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content width="auto" maxWidth="min(90vw, 72rem)" aria-label={t('message.viewer')}>
            <Dialog.Header paddingEnd="14">
              <Dialog.Title truncate textStyle="md">
                {name}
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Flex justifyContent="center" alignItems="center">
                {kind === 'image' ? (
                  <Box asChild maxWidth="100%" maxHeight="70vh" objectFit="contain" borderRadius="l2">
                    <img src={url} alt={name} />
                  </Box>
                ) : (
                  <Box asChild maxWidth="100%" maxHeight="70vh" borderRadius="l2">
                    {/* biome-ignore lint/a11y/useMediaCaption: customers' videos come without captions. */}
                    <video src={url} controls preload="metadata" aria-label={name} />
                  </Box>
                )}
              </Flex>
            </Dialog.Body>
            <Dialog.Footer>
              <Button asChild size="sm" variant="surface" colorPalette="gray">
                <a href={url} download={name} target="_blank" rel="noopener noreferrer">
                  <LuDownload aria-hidden />
                  {t('message.download')}
                </a>
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label={t('common.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </UiPortal>
    </Dialog.Root>
  )
}
