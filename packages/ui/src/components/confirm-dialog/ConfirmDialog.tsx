import { Button, Dialog } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { DialogCloseButton } from '../../internal/DialogCloseButton'
import { UiPortal } from '../../internal/portal'
import { useT } from '../../internal/useT'

export interface ConfirmDialogProps {
  open: boolean
  title: ReactNode
  /** The question or consequences, under the title. */
  children?: ReactNode
  /** Defaults to "Confirm" (or "Delete" when destructive). */
  confirmLabel?: ReactNode
  /** Defaults to "Cancel". */
  cancelLabel?: ReactNode
  /** A red confirm button for actions that delete or cannot be undone. */
  destructive?: boolean
  /** Shows a spinner on the confirm button and disables both buttons. */
  isConfirming?: boolean
  onConfirm: () => void
  /** Cancel, Escape, the close button and a click outside all call this. */
  onClose: () => void
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, cancelLabel, destructive, isConfirming, onConfirm, onClose } = props
  const t = useT()
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      closeOnInteractOutside={!isConfirming}
      placement="center"
    >
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children && <Dialog.Body color="fg.muted">{children}</Dialog.Body>}
            <Dialog.Footer>
              <Button variant="outline" colorPalette="gray" onClick={onClose} disabled={isConfirming}>
                {cancelLabel ?? t('common.cancel')}
              </Button>
              <Button
                colorPalette={destructive ? 'red' : 'brand'}
                onClick={onConfirm}
                loading={isConfirming}
                loadingText={confirmLabel ?? t(destructive ? 'common.delete' : 'common.confirm')}
              >
                {confirmLabel ?? t(destructive ? 'common.delete' : 'common.confirm')}
              </Button>
            </Dialog.Footer>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </UiPortal>
    </Dialog.Root>
  )
}
