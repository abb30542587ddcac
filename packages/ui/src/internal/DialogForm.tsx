import { Button, chakra, Dialog } from '@chakra-ui/react'
import type { FormEventHandler, ReactNode } from 'react'
import { DialogCloseButton } from './DialogCloseButton'
import { UiPortal } from './portal'
import { useT } from './useT'

export interface DialogFormProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  submitLabel: string
  onSubmit: FormEventHandler<HTMLFormElement>
  isSubmitting?: boolean
  /** False keeps the submit button disabled (e.g. nothing chosen yet). */
  canSubmit?: boolean
  /** `inside`: a long form scrolls within the dialog, its title and buttons staying in view. */
  scrollBehavior?: 'inside'
  /** The dialog's body. */
  children: ReactNode
}

/**
 * The shell every form dialog shares: portal, backdrop, positioner and content around one form with
 * its title, body, Cancel and submit, and the × in the corner.
 */
export function DialogForm(props: DialogFormProps) {
  const { open, onClose, isSubmitting, canSubmit = true } = props
  const t = useT()
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => !e.open && onClose()}
      placement="center"
      scrollBehavior={props.scrollBehavior}
    >
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form display="contents" noValidate onSubmit={props.onSubmit}>
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{props.children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" colorPalette="gray" onClick={onClose} disabled={isSubmitting}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" disabled={!canSubmit} loading={isSubmitting} loadingText={props.submitLabel}>
                  {props.submitLabel}
                </Button>
              </Dialog.Footer>
            </chakra.form>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </UiPortal>
    </Dialog.Root>
  )
}
