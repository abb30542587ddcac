import type {
  Contact,
  ContactCreateRequest,
  ContactExportResponse,
  ContactImportResponse,
  ContactListResponse,
  ContactsDeleteAllResponse,
  ContactUpdateRequest,
} from '../../contract'
import { type Requester, routeCaller } from './types'

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

export const contactsApi = (request: Requester): ContactsApi => {
  const call = routeCaller(request)
  return {
    list: ({ searchParam = '', pageNumber = 1 } = {}) => call('contactList', { query: { searchParam, pageNumber } }),
    get: (id) => call('contactGet', { params: { id } }),
    create: (body) => call('contactCreate', { body }),
    update: (id, body) => call('contactUpdate', { params: { id }, body }),
    delete: async (id) => {
      await call('contactDelete', { params: { id } })
    },
    import: () => call('contactImport'),
    export: () => call('contactExport'),
    deleteAll: () => call('contactDeleteAll', { body: {} }),
  }
}
