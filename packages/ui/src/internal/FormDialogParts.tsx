import { Button, CloseButton, Dialog } from '@chakra-ui/react'
import { useT } from './useT'

interface FormDialogFooterProps {
  submitLabel: string
  onCancel: () => void
  isSubmitting?: boolean
  /** False keeps the submit button disabled (e.g. nothing chosen yet). */
  canSubmit?: boolean
}

/** Cancel and submit, the footer every form dialog shares. */
export function FormDialogFooter({ submitLabel, onCancel, isSubmitting, canSubmit = true }: FormDialogFooterProps) {
  const t = useT()
  return (
    <Dialog.Footer>
      <Button variant="outline" colorPalette="gray" onClick={onCancel} disabled={isSubmitting}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" disabled={!canSubmit} loading={isSubmitting} loadingText={submitLabel}>
        {submitLabel}
      </Button>
    </Dialog.Footer>
  )
}

/** The × in a dialog's corner. */
export function DialogCloseButton() {
  const t = useT()
  return (
    <Dialog.CloseTrigger asChild>
      <CloseButton size="sm" colorPalette="gray" aria-label={t('common.close')} />
    </Dialog.CloseTrigger>
  )
}
