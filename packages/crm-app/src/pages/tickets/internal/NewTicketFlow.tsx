import { useContactMutations, useContacts, useTicketMutations } from '@desk/api-client/hooks'
import { ContactModal, type ContactModalValues, NewTicketDialog, type UiFieldError, useNotify } from '@desk/ui'
import { useMemo, useState } from 'react'
import { useNavigate } from 'react-router'
import { asUiError, fieldErrorsOf } from '../../../lib/errors'
import { useDebouncedValue } from '../../../lib/useDebouncedValue'

export interface NewTicketFlowProps {
  open: boolean
  onClose: () => void
}

type Failure = ReturnType<typeof asUiError> | null

/**
 * "New ticket": find the contact (search on the server, 500 ms debounce), or add an unknown
 * name as a new contact first; the ticket opens for the caller and its conversation shows.
 */
export function NewTicketFlow({ open, onClose }: NewTicketFlowProps) {
  const notify = useNotify()
  const navigate = useNavigate()
  const [search, setSearch] = useState('')
  const searchParam = useDebouncedValue(search.trim(), 500)
  const { contacts } = useContacts({ searchParam })
  const { start: startTicket } = useTicketMutations()
  const { createContact } = useContactMutations()
  const [isSubmitting, setSubmitting] = useState(false)
  const [error, setError] = useState<Failure>(null)
  const [adding, setAdding] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<UiFieldError[]>([])
  const initialValues = useMemo(() => (adding === null ? undefined : { name: adding }), [adding])

  const close = () => {
    setSearch('')
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
      setError(asUiError(err))
      notify.error(asUiError(err))
    } finally {
      setSubmitting(false)
    }
  }

  const addContact = async (values: ContactModalValues) => {
    setSubmitting(true)
    setFieldErrors([])
    try {
      const contact = await createContact(values)
      notify.success('toasts.contactSaved')
      setAdding(null)
      // The new contact is what the search now finds, ready to be chosen.
      setSearch(contact.name)
    } catch (err) {
      setFieldErrors(fieldErrorsOf(err))
      notify.error(asUiError(err))
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
        contacts={searchParam ? contacts.map(({ id, name, number }) => ({ id, name, number })) : []}
        onSubmit={(contact) => start(contact.id)}
        onAddContact={(name) => {
          setFieldErrors([])
          setAdding(name)
        }}
        isSubmitting={isSubmitting}
        error={error}
      />
      <ContactModal
        open={open && adding !== null}
        mode="create"
        initialValues={initialValues}
        onSubmit={addContact}
        onClose={() => setAdding(null)}
        isSubmitting={isSubmitting}
        fieldErrors={fieldErrors}
      />
    </>
  )
}
