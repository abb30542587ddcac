import { Button, Dialog, Text } from '@chakra-ui/react'
import { DialogCloseButton } from '../../internal/DialogCloseButton'
import { UiPortal } from '../../internal/portal'
import { useT } from '../../internal/useT'
import { ConfirmDialog } from '../confirm-dialog'

export interface ProtocolDialogProps {
  open: boolean
  /** Null while asking; the number once the ticket was resolved with it. */
  protocol: string | null
  /** The resolve is under way. */
  isResolving?: boolean
  onConfirm: () => void
  onCopy?: (protocol: string) => void
  /** Cancel, Escape, the × or Close. */
  onClose: () => void
}

/** "Resolve with protocol": asks first, then shows the attendance protocol number the customer received. */
export function ProtocolDialog({ open, protocol, isResolving, onConfirm, onCopy, onClose }: ProtocolDialogProps) {
  const t = useT()
  if (protocol === null) {
    return (
      <ConfirmDialog
        open={open}
        title={t('protocol.confirmTitle')}
        confirmLabel={t('protocol.confirm')}
        isConfirming={isResolving}
        onConfirm={onConfirm}
        onClose={onClose}
      >
        {t('protocol.confirmBody')}
      </ConfirmDialog>
    )
  }
  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('protocol.doneTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text color="fg.muted">{t('protocol.doneBody')}</Text>
              <Text data-testid="protocol-number" textStyle="2xl" fontWeight="bold" fontFamily="mono" mt="2">
                {protocol}
              </Text>
            </Dialog.Body>
            <Dialog.Footer>
              {onCopy && (
                <Button variant="outline" colorPalette="gray" onClick={() => onCopy(protocol)}>
                  {t('protocol.copy')}
                </Button>
              )}
              <Button onClick={onClose}>{t('common.close')}</Button>
            </Dialog.Footer>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </UiPortal>
    </Dialog.Root>
  )
}
