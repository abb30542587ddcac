import type { TicketStatus } from '@desk/api-client'
import { useContact, useContactMutations } from '@desk/api-client/hooks'
import { ContactDrawer, type ContactModalValues, useNotify } from '@desk/ui'
import { lazy, useMemo, useState } from 'react'
import { asUiError } from '../../../lib/errors'
import { OnceOpened } from '../../../lib/OnceOpened'
import { useFormErrors } from '../../../lib/useFormErrors'
import { useMediaQuery } from '../../../lib/useMediaQuery'
import { ContactTags } from './ContactTags'

// The contact form, with its form library and schemas, is downloaded when it first opens.
const ContactModal = lazy(() =>
  import('@desk/ui/components/contact-modal').then(({ ContactModal }) => ({ default: ContactModal })),
)

export interface ContactPanelProps {
  contactId: number
  /** The ticket on screen: its contact's tags are edited while it is open or pending. */
  ticketStatus: TicketStatus
  open: boolean
  onClose: () => void
}

/**
 * Below this width a 320 px column would leave the conversation too little room: the contact opens as a
 * sheet over it (the whole screen on a phone).
 */
const ROOM_FOR_PANEL = '(min-width: 80em)'

/** The contact drawer of a conversation, with its edit dialog; tickets follow the saved contact. */
export function ContactPanel({ contactId, ticketStatus, open, onClose }: ContactPanelProps) {
  const notify = useNotify()
  const panel = useMediaQuery(ROOM_FOR_PANEL)
  const { contact, error: loadError, reload } = useContact(open ? contactId : null)
  const { updateContact } = useContactMutations()
  const [editing, setEditing] = useState(false)
  const [isSubmitting, setSubmitting] = useState(false)
  const formErrors = useFormErrors()
  const initialValues = useMemo(
    () =>
      contact
        ? { name: contact.name, number: contact.number, email: contact.email, extraInfo: contact.extraInfo ?? [] }
        : undefined,
    [contact],
  )

  const save = async (values: ContactModalValues) => {
    setSubmitting(true)
    formErrors.clear()
    try {
      await updateContact(contactId, values)
      notify.success('toasts.contactSaved')
      setEditing(false)
    } catch (error) {
      formErrors.fail(error)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <>
      <ContactDrawer
        variant={panel ? 'panel' : 'sheet'}
        open={open}
        onClose={onClose}
        contact={contact ?? null}
        error={loadError ? asUiError(loadError) : null}
        onRetry={() => void reload()}
        tags={
          contact ? <ContactTags contactId={contactId} contactName={contact.name} ticketStatus={ticketStatus} /> : null
        }
        onEdit={() => {
          formErrors.clear()
          setEditing(true)
        }}
      />
      <OnceOpened open={editing}>
        <ContactModal
          open={editing}
          mode="edit"
          initialValues={initialValues}
          onSubmit={save}
          onClose={() => setEditing(false)}
          isSubmitting={isSubmitting}
          error={formErrors.error}
          fieldErrors={formErrors.fieldErrors}
        />
      </OnceOpened>
    </>
  )
}
