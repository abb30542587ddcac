import { Dialog, Flex, Spinner, Text } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { DialogCloseButton } from '../../internal/DialogCloseButton'
import { UiPortal } from '../../internal/portal'
import { useT } from '../../internal/useT'

export interface QrCodeDialogProps {
  open: boolean
  onClose: () => void
  /** The pairing code to scan; until it arrives (null or empty) a waiting text shows. Close the dialog when it clears after a scan. */
  qrcode: string | null
  /** The connection being paired, in the accessible name of the code. */
  connectionName?: string
}

/** The code's picture; the QR encoder (`uqr`) comes with it, downloaded when a dialog first shows a code. */
const QrImage = lazy(() => import('./internal/QrImage'))

/** The pairing QR code of a connection, 256 px, dark on light in both colour modes so phones read it. */
export function QrCodeDialog({ open, onClose, qrcode, connectionName }: QrCodeDialogProps) {
  const t = useT()
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center" size="sm">
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title paddingEnd="8">{t('qrDialog.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Flex direction="column" alignItems="center" gap="3" paddingBottom="4">
                {qrcode ? (
                  <Suspense fallback={<Waiting text={t('qrDialog.waiting')} />}>
                    <QrImage value={qrcode} label={t('qrDialog.label', { name: connectionName ?? '' })} />
                  </Suspense>
                ) : (
                  <Waiting text={t('qrDialog.waiting')} />
                )}
                <Text textStyle="xs" color="fg.muted" textAlign="center">
                  {t('qrDialog.hint')}
                </Text>
              </Flex>
            </Dialog.Body>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </UiPortal>
    </Dialog.Root>
  )
}

/** The box the code takes, while the code (or the encoder) is on its way. */
function Waiting({ text }: { text: string }) {
  return (
    <Flex
      role="status"
      boxSize="256px"
      direction="column"
      alignItems="center"
      justifyContent="center"
      gap="3"
      borderWidth="1px"
      borderStyle="dashed"
      borderRadius="l2"
    >
      <Spinner color="fg.muted" />
      <Text textStyle="sm" color="fg.muted" textAlign="center" paddingInline="4">
        {text}
      </Text>
    </Flex>
  )
}
