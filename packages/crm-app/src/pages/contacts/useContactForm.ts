import type { Contact } from '@desk/api-client'
import { useContact, useContactMutations } from '@desk/api-client/hooks'
import { type ContactModalValues, useNotify } from '@desk/ui'
import { useEffect, useMemo, useState } from 'react'
import { asUiError } from '../../lib/errors'
import { useFormErrors } from '../../lib/useFormErrors'

/**
 * The contact modal's state: which contact (or a new one), submitting, the server's field errors.
 * A contact without its extra-info rows (e.g. one a live event added to the list) is fetched
 * before its fields show: saving the form without them would delete them.
 */
export function useContactForm() {
  const notify = useNotify()
  const { createContact, updateContact } = useContactMutations()
  // `null`: closed; `'new'`: adding; a contact: editing it.
  const [editing, setEditing] = useState<Contact | 'new' | null>(null)
  const [isSubmitting, setSubmitting] = useState(false)
  const formErrors = useFormErrors()
  const incomplete = editing && editing !== 'new' && !editing.extraInfo ? editing.id : null
  const loaded = useContact(incomplete)

  useEffect(() => {
    if (incomplete === null) return
    // Taken once, so a later revalidation cannot reset fields being typed in.
    if (loaded.contact?.id === incomplete && loaded.contact.extraInfo) setEditing(loaded.contact)
    else if (loaded.error) {
      notify.error(asUiError(loaded.error))
      setEditing(null)
    }
  }, [incomplete, loaded.contact, loaded.error, notify])

  const initialValues = useMemo<ContactModalValues | undefined>(
    () =>
      editing && editing !== 'new' && editing.extraInfo
        ? {
            name: editing.name,
            number: editing.number,
            email: editing.email,
            extraInfo: editing.extraInfo.map(({ id, name, value }) => ({ id, name, value })),
          }
        : undefined,
    [editing],
  )

  const open = (target: Contact | 'new') => {
    formErrors.clear()
    setEditing(target)
  }

  const submit = async (values: ContactModalValues) => {
    if (!editing || incomplete !== null) return
    setSubmitting(true)
    formErrors.clear()
    try {
      if (editing === 'new') await createContact(values)
      else await updateContact(editing.id, values)
      notify.success('toasts.contactSaved')
      setEditing(null)
    } catch (err) {
      formErrors.fail(err)
    } finally {
      setSubmitting(false)
    }
  }

  return {
    editing,
    initialValues,
    isLoading: incomplete !== null,
    open,
    close: () => setEditing(null),
    submit,
    isSubmitting,
    fieldErrors: formErrors.fieldErrors,
    error: formErrors.error,
  }
}
