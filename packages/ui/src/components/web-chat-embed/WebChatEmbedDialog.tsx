import { Dialog, Flex, Spinner, VisuallyHidden } from '@chakra-ui/react'
import { DialogCloseButton } from '../../internal/DialogCloseButton'
import { UiPortal } from '../../internal/portal'
import { useT } from '../../internal/useT'
import type { UiError } from '../error-message/useErrorText'
import { LoadError } from '../list-state/LoadError'
import { WebChatEmbedPanel, type WebChatEmbedPanelProps } from './WebChatEmbedPanel'

export interface WebChatEmbedDialogProps {
  open: boolean
  onClose: () => void
  /** The connection, in the title. */
  connectionName: string
  /** The panel's data and callbacks; null while the connection's settings load (or failed to). */
  embed: WebChatEmbedPanelProps | null
  /** The connection's settings could not be loaded: the reason with Retry instead of the panel. */
  loadError?: UiError | null
  onRetryLoad?: () => void
}

/** The "Embed" dialog of a web chat connection: the embed panel, scrolling inside. */
export function WebChatEmbedDialog({
  open,
  onClose,
  connectionName,
  embed,
  loadError,
  onRetryLoad,
}: WebChatEmbedDialogProps) {
  const t = useT()
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      size="lg"
      scrollBehavior="inside"
    >
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title paddingEnd="8">{t('webChatEmbed.title', { name: connectionName })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body paddingBottom="6">
              {loadError ? (
                <LoadError variant="inline" error={loadError} onRetry={onRetryLoad} />
              ) : embed ? (
                <WebChatEmbedPanel {...embed} />
              ) : (
                <Flex role="status" justifyContent="center" paddingBlock="10">
                  <Spinner color="fg.muted" />
                  <VisuallyHidden>{t('common.loading')}</VisuallyHidden>
                </Flex>
              )}
            </Dialog.Body>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </UiPortal>
    </Dialog.Root>
  )
}
