import type {
  Contact,
  ContactCreateRequest,
  ContactExportResponse,
  ContactImportResponse,
  ContactListResponse,
  ContactsDeleteAllResponse,
  ContactUpdateRequest,
} from '../../contract'
import type { Requester } from './types'

export interface ContactsApi {
  /** 20 a page, by name; `searchParam` matches name and number. */
  list(query?: { searchParam?: string; pageNumber?: number }): Promise<ContactListResponse>
  get(id: number): Promise<Contact>
  create(body: ContactCreateRequest): Promise<Contact>
  update(id: number, body: ContactUpdateRequest): Promise<Contact>
  delete(id: number): Promise<void>
  /** Device contacts through the default connection. */
  import(): Promise<ContactImportResponse>
  /** Every contact as an export row (turn into CSV with `contactsToCsv`). */
  export(): Promise<ContactExportResponse>
  /** Admin-only: every contact with its tickets, messages and cards, in one transaction. */
  deleteAll(): Promise<ContactsDeleteAllResponse>
}

export const contactsApi = (request: Requester): ContactsApi => ({
  list: ({ searchParam = '', pageNumber = 1 } = {}) =>
    request('/contacts', { query: { searchParam, pageNumber }, schema: 'ContactListResponse' }),
  get: (id) => request(`/contacts/${id}`, { schema: 'ContactResponse' }),
  create: (body) => request('/contacts', { method: 'POST', body, schema: 'ContactResponse' }),
  update: (id, body) => request(`/contacts/${id}`, { method: 'PUT', body, schema: 'ContactResponse' }),
  delete: async (id) => {
    await request(`/contacts/${id}`, { method: 'DELETE' })
  },
  import: () => request('/contacts/import', { method: 'POST', schema: 'ContactImportResponse' }),
  export: () => request('/contactsZDG', { schema: 'ContactExportResponse' }),
  deleteAll: () => request('/delContacts', { method: 'POST', body: {}, schema: 'ContactsDeleteAllResponse' }),
})
