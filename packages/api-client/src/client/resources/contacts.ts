import { type Requester, type RouteBody, routeCaller } from './types'

export const contactsApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    /** 20 a page, by name; `searchParam` matches name and number. */
    list: ({ searchParam = '', pageNumber = 1 }: { searchParam?: string; pageNumber?: number } = {}) =>
      call('contactList', { query: { searchParam, pageNumber } }),
    get: (id: number) => call('contactGet', { params: { id } }),
    create: (body: RouteBody<'contactCreate'>) => call('contactCreate', { body }),
    update: (id: number, body: RouteBody<'contactUpdate'>) => call('contactUpdate', { params: { id }, body }),
    delete: async (id: number): Promise<void> => {
      await call('contactDelete', { params: { id } })
    },
    /** Device contacts through the default connection. */
    import: () => call('contactImport'),
    /** Every contact as an export row (turn into CSV with `contactsToCsv`). */
    export: () => call('contactExport'),
    /** Admin-only: every contact with its tickets, messages and cards, in one transaction. */
    deleteAll: () => call('contactDeleteAll', { body: {} }),
  }
}
export type ContactsApi = ReturnType<typeof contactsApi>
