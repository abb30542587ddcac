import { Box, Dialog, Flex, Spinner, Text } from '@chakra-ui/react'
import { useMemo } from 'react'
import { encode } from 'uqr'
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
                  <QrImage value={qrcode} label={t('qrDialog.label', { name: connectionName ?? '' })} />
                ) : (
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
                      {t('qrDialog.waiting')}
                    </Text>
                  </Flex>
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

function QrImage({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const { data } = encode(value, { border: 2 })
    let d = ''
    data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      })
    })
    return { size: data.length, path: d }
  }, [value])
  return (
    <Box bg="white" color="black" borderRadius="l2" lineHeight="0">
      <svg
        role="img"
        aria-label={label}
        width="256"
        height="256"
        viewBox={`0 0 ${size} ${size}`}
        shapeRendering="crispEdges"
      >
        <path d={path} fill="currentColor" />
      </svg>
    </Box>
  )
}
