import type { Contact } from '@desk/api-client'
import { useContactMutations } from '@desk/api-client/hooks'
import { type ContactModalValues, type UiFieldError, useNotify } from '@desk/ui'
import { useMemo, useState } from 'react'
import { asUiError, fieldErrorsOf } from '../../lib/errors'

/** The contact modal's state: which contact (or a new one), submitting, the server's field errors. */
export function useContactForm() {
  const notify = useNotify()
  const { createContact, updateContact } = useContactMutations()
  // `null`: closed; `'new'`: adding; a contact: editing it.
  const [editing, setEditing] = useState<Contact | 'new' | null>(null)
  const [isSubmitting, setSubmitting] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<UiFieldError[]>([])
  const initialValues = useMemo<ContactModalValues | undefined>(
    () =>
      editing && editing !== 'new'
        ? {
            name: editing.name,
            number: editing.number,
            email: editing.email,
            extraInfo: (editing.extraInfo ?? []).map(({ id, name, value }) => ({ id, name, value })),
          }
        : undefined,
    [editing],
  )

  const open = (target: Contact | 'new') => {
    setFieldErrors([])
    setEditing(target)
  }

  const submit = async (values: ContactModalValues) => {
    if (!editing) return
    setSubmitting(true)
    setFieldErrors([])
    try {
      if (editing === 'new') await createContact(values)
      else await updateContact(editing.id, values)
      notify.success('toasts.contactSaved')
      setEditing(null)
    } catch (err) {
      setFieldErrors(fieldErrorsOf(err))
      notify.error(asUiError(err))
    } finally {
      setSubmitting(false)
    }
  }

  return { editing, initialValues, open, close: () => setEditing(null), submit, isSubmitting, fieldErrors }
}
