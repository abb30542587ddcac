import { CloseButton, Dialog } from '@chakra-ui/react'
import { useT } from './useT'

/** The × in a dialog's corner. */
export function DialogCloseButton() {
  const t = useT()
  return (
    <Dialog.CloseTrigger asChild>
      <CloseButton size="sm" colorPalette="gray" aria-label={t('common.close')} />
    </Dialog.CloseTrigger>
  )
}
