import type { Contact } from '@desk/api-client'
import { useContact, useContactMutations } from '@desk/api-client/hooks'
import { type ContactModalValues, useNotify } from '@desk/ui'
import { useEffect, useMemo } from 'react'
import { asUiError } from '../../lib/errors'
import { useCrudPage } from '../../lib/useCrudPage'

/**
 * The contact modal's state (the page's add/edit state with the contact's own rule): a contact
 * without its extra-info rows (e.g. one a live event added to the list) is fetched before its
 * fields show: saving the form without them would delete them.
 */
export function useContactForm() {
  const notify = useNotify()
  const { createContact, updateContact } = useContactMutations()
  const crud = useCrudPage<Contact, ContactModalValues>({
    save: (values, target) => (target === 'new' ? createContact(values) : updateContact(target.id, values)),
    savedToast: 'toasts.contactSaved',
  })
  const { editing, open, close } = crud
  const incomplete = editing && editing !== 'new' && !editing.extraInfo ? editing.id : null
  const loaded = useContact(incomplete)

  useEffect(() => {
    if (incomplete === null) return
    // Taken once, so a later revalidation cannot reset fields being typed in.
    if (loaded.contact?.id === incomplete && loaded.contact.extraInfo) open(loaded.contact)
    else if (loaded.error) {
      notify.error(asUiError(loaded.error))
      close()
    }
  }, [incomplete, loaded.contact, loaded.error, notify, open, close])

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

  return {
    editing,
    open,
    /** The contact modal's props. */
    modal: {
      ...crud.form,
      mode: editing === 'new' ? ('create' as const) : ('edit' as const),
      initialValues,
      isLoading: incomplete !== null,
      // Saving waits for the contact's rows.
      onSubmit: (values: ContactModalValues) => (incomplete === null ? crud.form.onSubmit(values) : undefined),
    },
  }
}
