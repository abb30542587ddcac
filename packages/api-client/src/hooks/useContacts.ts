import { useMemo } from 'react'
import useSWR from 'swr'
import type { ApiError } from '../client'
import type { Contact, ContactCreateRequest, ContactListResponse, ContactUpdateRequest } from '../contract'
import { keys } from './cache'
import { useApiContext } from './context'
import { useDeskCache } from './useDeskCache'
import { usePagedList } from './usePagedList'

/** Contacts by name, 20 a page; `searchParam` (name, number, e-mail) restarts from page 1. Live `contact` events apply. */
export function useContacts({ searchParam = '' }: { searchParam?: string } = {}) {
  const { client } = useApiContext()
  const list = usePagedList<ContactListResponse, Contact>({
    kind: 'contacts',
    searchParam: searchParam.trim(),
    key: keys.contacts,
    fetch: (search, pageNumber) => client.contacts.list({ searchParam: search, pageNumber }),
    items: (page) => page.contacts,
  })
  return { ...list, contacts: list.items }
}

/** One contact by id (`null` waits). */
export function useContact(id: number | null | undefined) {
  const { client } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<Contact, ApiError>(id ? keys.contact(id) : null, () =>
    client.contacts.get(id!),
  )
  return { contact: data, error, isLoading, reload: () => mutate() }
}

/** Create, update, delete (and import, export, delete all); lists and tickets follow at once. */
export function useContactMutations() {
  const { client } = useApiContext()
  const { applyContact } = useDeskCache()
  return useMemo(
    () => ({
      async createContact(body: ContactCreateRequest) {
        const contact = await client.contacts.create(body)
        applyContact({ action: 'create', contact })
        return contact
      },
      async updateContact(id: number, body: ContactUpdateRequest) {
        const contact = await client.contacts.update(id, body)
        applyContact({ action: 'update', contact })
        return contact
      },
      async deleteContact(id: number) {
        await client.contacts.delete(id)
        applyContact({ action: 'delete', contactId: id })
      },
      importContacts: () => client.contacts.import(),
      exportContacts: () => client.contacts.export(),
      deleteAllContacts: () => client.contacts.deleteAll(),
    }),
    [client, applyContact],
  )
}
