import { useContactMutations, useContacts, useTicketMutations } from '@desk/api-client/hooks'
import {
  CONTACT_SEARCH_MIN,
  type ContactModalValues,
  type NewTicketContact,
  NewTicketDialog,
  useNotify,
} from '@desk/ui'
import { lazy, useMemo, useState } from 'react'
import { asUiError } from '../../../lib/errors'
import { OnceOpened } from '../../../lib/OnceOpened'
import { useDebouncedValue } from '../../../lib/useDebouncedValue'
import { useFormErrors } from '../../../lib/useFormErrors'
import { useNavigate } from '../../../routes/navigation'
import { contactFromText } from './contactFromText'

// The contact form, with its form library and schemas, is downloaded when it first opens.
const ContactModal = lazy(() =>
  import('@desk/ui/components/contact-modal').then(({ ContactModal }) => ({ default: ContactModal })),
)

export interface NewTicketFlowProps {
  open: boolean
  onClose: () => void
}

type Failure = ReturnType<typeof asUiError> | null

const pick = ({ id, name, number }: NewTicketContact): NewTicketContact => ({ id, name, number })

/**
 * "New ticket": find the contact by name or number (searched on the server from three characters,
 * 500 ms debounce), or add what was typed as a new contact, which is then chosen; the ticket opens
 * for the caller and its conversation shows.
 */
export function NewTicketFlow({ open, onClose }: NewTicketFlowProps) {
  const notify = useNotify()
  const navigate = useNavigate()
  const [search, setSearch] = useState('')
  const [chosen, setChosen] = useState<NewTicketContact | null>(null)
  const text = search.trim()
  const wanted = text.length >= CONTACT_SEARCH_MIN ? text : ''
  const searchParam = useDebouncedValue(wanted, 500)
  const { contacts, isLoading, error: searchError } = useContacts({ searchParam })
  const isSearching = wanted !== '' && (wanted !== searchParam || isLoading)
  const { start: startTicket } = useTicketMutations()
  const { createContact } = useContactMutations()
  const [isSubmitting, setSubmitting] = useState(false)
  const [error, setError] = useState<Failure>(null)
  const [adding, setAdding] = useState<string | null>(null)
  const contactErrors = useFormErrors()
  const initialValues = useMemo(() => (adding === null ? undefined : contactFromText(adding)), [adding])

  const close = () => {
    setSearch('')
    setChosen(null)
    setError(null)
    onClose()
  }

  const start = async (contactId: number) => {
    setSubmitting(true)
    setError(null)
    try {
      const ticket = await startTicket(contactId)
      close()
      if (ticket.existing) notify.success('tickets.openedExisting')
      navigate(`/tickets/${ticket.id}`)
    } catch (err) {
      // Shown once, in the dialog the agent is looking at.
      setError(asUiError(err))
    } finally {
      setSubmitting(false)
    }
  }

  const addContact = async (values: ContactModalValues) => {
    setSubmitting(true)
    contactErrors.clear()
    try {
      const contact = await createContact(values)
      notify.success('toasts.contactSaved')
      setAdding(null)
      // The new contact is the one chosen, its name in the field.
      setChosen(pick(contact))
      setSearch(contact.name)
    } catch (err) {
      contactErrors.fail(err)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <>
      <NewTicketDialog
        open={open && adding === null}
        onClose={close}
        search={search}
        onSearchChange={setSearch}
        contacts={searchParam ? contacts.map(pick) : []}
        isSearching={isSearching}
        value={chosen}
        onValueChange={setChosen}
        onSubmit={(contact) => start(contact.id)}
        onAddContact={(typed) => {
          contactErrors.clear()
          setAdding(typed)
        }}
        isSubmitting={isSubmitting}
        error={error}
        searchError={searchParam && searchError && !isSearching ? asUiError(searchError) : null}
      />
      <OnceOpened open={open && adding !== null}>
        <ContactModal
          open={open && adding !== null}
          mode="create"
          initialValues={initialValues}
          onSubmit={addContact}
          onClose={() => setAdding(null)}
          isSubmitting={isSubmitting}
          error={contactErrors.error}
          fieldErrors={contactErrors.fieldErrors}
        />
      </OnceOpened>
    </>
  )
}
