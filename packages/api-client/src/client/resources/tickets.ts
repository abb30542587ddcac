import type {
  Ticket,
  TicketCreateRequest,
  TicketListResponse,
  TicketStatus,
  TicketsCloseAllResponse,
  TicketUpdateRequest,
} from '../../contract'
import { listQuery, type Requester, routeCaller } from './types'

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

export interface TicketsApi {
  list(filters?: TicketFilters): Promise<TicketListResponse>
  get(id: number): Promise<Ticket>
  create(body: TicketCreateRequest): Promise<Ticket>
  /** Every transition: accept, view, return, resolve, reopen, transfer (see `describeTicketUpdate`). */
  update(id: number, body: TicketUpdateRequest): Promise<Ticket>
  /** Admin-only. */
  delete(id: number): Promise<void>
  /** Closes every open ticket the caller may see; `showAll` lets an admin close everyone's. */
  closeAll(options?: { showAll?: boolean }): Promise<TicketsCloseAllResponse>
}

export const ticketsApi = (request: Requester): TicketsApi => {
  const call = routeCaller(request)
  return {
    list: ({ queueIds, tagIds, pageNumber = 1, ...filters } = {}) =>
      call('ticketList', {
        query: listQuery({
          ...filters,
          pageNumber,
          queueIds: queueIds?.length ? queueIds : undefined,
          tagIds: tagIds?.length ? tagIds : undefined,
        }),
      }),
    get: (id) => call('ticketGet', { params: { id } }),
    create: (body) => call('ticketCreate', { body }),
    update: (id, body) => call('ticketUpdate', { params: { id }, body }),
    delete: async (id) => {
      await call('ticketDelete', { params: { id } })
    },
    closeAll: ({ showAll } = {}) => call('ticketCloseAll', { query: listQuery({ showAll: showAll || undefined }) }),
  }
}
