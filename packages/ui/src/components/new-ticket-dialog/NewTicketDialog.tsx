import { Stack } from '@chakra-ui/react'
import { DialogForm } from '../../internal/DialogForm'
import { useT } from '../../internal/useT'
import { ErrorMessage } from '../error-message/ErrorMessage'
import type { UiError } from '../error-message/useErrorText'
import { type ComboboxContact, ContactCombobox } from './internal/ContactCombobox'

export { CONTACT_SEARCH_MIN } from './internal/ContactCombobox'

export type NewTicketContact = ComboboxContact

export interface NewTicketDialogProps {
  open: boolean
  onClose: () => void
  /** The text typed in the contact field (controlled); `contacts` holds its matches. */
  search: string
  onSearchChange: (search: string) => void
  /** Contacts matching `search` (searched from three characters on). */
  contacts: NewTicketContact[]
  /** The search is on its way. */
  isSearching?: boolean
  /** The chosen contact (controlled). */
  value: NewTicketContact | null
  onValueChange: (contact: NewTicketContact | null) => void
  /** Creates the ticket for the chosen contact. */
  onSubmit: (contact: NewTicketContact) => void
  /** Offered when no contact has the name or number typed: add it as a new contact. */
  onAddContact?: (text: string) => void
  isSubmitting?: boolean
  /** Starting the ticket failed. */
  error?: UiError | null
  /** The contact search failed: its reason shows instead of "no contacts found" (typing again retries). */
  searchError?: UiError | null
}

/** Start a ticket: one field finds the contact by name or number, or adds one that is not there yet. */
export function NewTicketDialog(props: NewTicketDialogProps) {
  const { open, onClose, value, isSubmitting } = props
  const t = useT()
  return (
    <DialogForm
      open={open}
      onClose={onClose}
      title={t('newTicket.title')}
      submitLabel={t('newTicket.submit')}
      onSubmit={(e) => {
        e.preventDefault()
        if (value) props.onSubmit(value)
      }}
      isSubmitting={isSubmitting}
      canSubmit={!!value}
    >
      <Stack gap="4">
        <ErrorMessage error={props.error ?? props.searchError} />
        <ContactCombobox
          search={props.search}
          onSearchChange={props.onSearchChange}
          contacts={props.contacts}
          isSearching={props.isSearching}
          searchFailed={!!props.searchError}
          value={value}
          onValueChange={props.onValueChange}
          onAddContact={props.onAddContact}
        />
      </Stack>
    </DialogForm>
  )
}
