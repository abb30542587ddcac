import { Button, chakra, Dialog, Input, Stack } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { LuUserPlus } from 'react-icons/lu'
import { DialogCloseButton, FormDialogFooter } from '../../internal/FormDialogParts'
import { FormField } from '../../internal/FormField'
import { OptionSelect } from '../../internal/OptionSelect'
import { UiPortal } from '../../internal/portal'
import { useT } from '../../internal/useT'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError } from '../error-message/useErrorText'

export interface NewTicketContact {
  id: number
  name: string
  number: string | null
}

export interface NewTicketDialogProps {
  open: boolean
  onClose: () => void
  /** The contact search text (controlled); `contacts` holds its matches. */
  search: string
  onSearchChange: (search: string) => void
  contacts: NewTicketContact[]
  /** Creates the ticket for the chosen contact. */
  onSubmit: (contact: NewTicketContact) => void
  /** Offered when no contact has exactly the name searched: add it as a new contact. */
  onAddContact?: (name: string) => void
  isSubmitting?: boolean
  error?: UiError | null
}

const label = (contact: NewTicketContact) => (contact.number ? `${contact.name} (+${contact.number})` : contact.name)

/** Start a ticket: find the contact by name or number, or add one that is not there yet. */
export function NewTicketDialog(props: NewTicketDialogProps) {
  const { open, onClose, search, contacts, isSubmitting } = props
  const t = useT()
  const [chosen, setChosen] = useState<NewTicketContact | null>(null)
  useEffect(() => {
    if (open) setChosen(null)
  }, [open])
  const text = search.trim()
  // The chosen contact stays a choice while the search text changes.
  const options = [...(chosen && !contacts.some((c) => c.id === chosen.id) ? [chosen] : []), ...contacts]
  const known = contacts.some((c) => c.name.toLowerCase() === text.toLowerCase())
  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="center">
      <UiPortal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form
              display="contents"
              noValidate
              onSubmit={(e) => {
                e.preventDefault()
                if (chosen) props.onSubmit(chosen)
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{t('newTicket.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <ErrorMessage error={props.error} />
                  <FormField label={t('newTicket.search')}>
                    <Input
                      type="search"
                      autoComplete="off"
                      value={search}
                      onChange={(e) => props.onSearchChange(e.currentTarget.value)}
                    />
                  </FormField>
                  <OptionSelect
                    label={t('newTicket.contact')}
                    placeholder={text && contacts.length === 0 ? t('newTicket.noContacts') : t('newTicket.select')}
                    options={options.map((c) => ({ id: c.id, name: label(c) }))}
                    value={chosen?.id ?? null}
                    onChange={(id) => setChosen(options.find((c) => c.id === id) ?? null)}
                    disabled={options.length === 0}
                  />
                  {props.onAddContact && text && !known && (
                    <Button
                      variant="outline"
                      colorPalette="gray"
                      alignSelf="flex-start"
                      onClick={() => props.onAddContact?.(text)}
                    >
                      <LuUserPlus aria-hidden />
                      {t('newTicket.addContact', { name: text })}
                    </Button>
                  )}
                </Stack>
              </Dialog.Body>
              <FormDialogFooter
                submitLabel={t('newTicket.submit')}
                onCancel={onClose}
                isSubmitting={isSubmitting}
                canSubmit={!!chosen}
              />
            </chakra.form>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Positioner>
      </UiPortal>
    </Dialog.Root>
  )
}
