import type { TicketStatus } from '../../contract'
import { listQuery, type Requester, type RouteBody, routeCaller } from './types'

/** Filters of `GET /tickets` as the app holds them (the client writes the query string). */
export interface TicketFilters {
  status?: TicketStatus
  searchParam?: string
  pageNumber?: number
  showAll?: boolean
  /** Empty: every queue of the caller (plus tickets without a queue). */
  queueIds?: readonly number[]
  withUnreadMessages?: boolean
  /** `YYYY-MM-DD`: tickets created that day. */
  date?: string
  /** Splits the open/group tabs and the closed tab's Privados/Grupos sections. */
  isGroup?: boolean
  /** Tickets whose contact carries any of these tags. */
  tagIds?: readonly number[]
}

export const ticketsApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    list: ({ queueIds, tagIds, pageNumber = 1, ...filters }: TicketFilters = {}) =>
      call('ticketList', {
        query: listQuery({
          ...filters,
          pageNumber,
          queueIds: queueIds?.length ? queueIds : undefined,
          tagIds: tagIds?.length ? tagIds : undefined,
        }),
      }),
    get: (id: number) => call('ticketGet', { params: { id } }),
    create: (body: RouteBody<'ticketCreate'>) => call('ticketCreate', { body }),
    /** Every transition: accept, view, return, resolve, reopen, transfer (see `describeTicketUpdate`). */
    update: (id: number, body: RouteBody<'ticketUpdate'>) => call('ticketUpdate', { params: { id }, body }),
    /** Admin-only. */
    delete: async (id: number): Promise<void> => {
      await call('ticketDelete', { params: { id } })
    },
    /** Closes every open ticket the caller may see; `showAll` lets an admin close everyone's. */
    closeAll: ({ showAll }: { showAll?: boolean } = {}) =>
      call('ticketCloseAll', { query: listQuery({ showAll: showAll || undefined }) }),
  }
}
export type TicketsApi = ReturnType<typeof ticketsApi>
