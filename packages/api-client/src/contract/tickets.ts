import { z } from 'zod'
import { BooleanString, CalendarDay, JsonIdArray } from './common'
import { TICKET_STATUSES, Ticket, type TicketStatus } from './entities'
import { ticketsPaths } from './paths/tickets'
import { defineRoutes, noContent } from './route'
import { Id, IdParams, PageQuery, VALIDATION_MESSAGES } from './validation'

/**
 * Tickets: `GET /tickets`, `GET /tickets/:id`, `POST /tickets`, `PUT /tickets/:id`,
 * `DELETE /tickets/:id` (admin-only) and `POST /ticketsClosed/` (close all).
 */

const m = VALIDATION_MESSAGES
const Status = z.enum(TICKET_STATUSES, { error: m.invalid })

export const TICKETS_PAGE_SIZE = 40

/**
 * `GET /tickets` query. Everything arrives as strings:
 * - `status`: open, pending or closed; absent lists every status the caller may see.
 * - `date`: `YYYY-MM-DD` or a full ISO date-time (the seed's dashboard sends
 *   `new Date().toISOString()`): tickets created that calendar day, read in the value's own
 *   offset (`Z` and a plain day: the UTC day). See `CalendarDay`.
 * - `showAll`: a flag (`true`/`false`/`1`/`0`); widens visibility for admins only (ignored for others).
 * - `queueIds`: a JSON array (`[1,2]`); malformed → 400 `validation.invalid` on `queueIds`.
 *   Empty or absent means "all the caller's queues" (plus tickets without a queue).
 * - `withUnreadMessages`: a true flag keeps tickets with unread messages only.
 * - `isGroup`: a flag that splits the open/group tabs and the closed tab's
 *   Privados/Grupos sections; absent lists both.
 * Use `toSearchParams` (common.ts) to build the URL: it writes arrays as JSON.
 */
export const TicketListQuery = PageQuery.extend({
  status: Status.optional(),
  date: CalendarDay.optional(),
  showAll: BooleanString.optional().default(false),
  queueIds: JsonIdArray.optional().default([]),
  withUnreadMessages: BooleanString.optional().default(false),
  isGroup: BooleanString.optional(),
  /** Tickets whose contact carries any of these tags (ids, as `queueIds`). */
  tagIds: JsonIdArray.optional().default([]),
})
export type TicketListQuery = z.input<typeof TicketListQuery>
export type TicketListFilter = z.output<typeof TicketListQuery>

export { TICKET_COUNT_LIMIT } from './constants'

/**
 * Newest activity first; `count` is the number of tickets matching the filter (all pages), exact
 * below TICKET_COUNT_LIMIT and TICKET_COUNT_LIMIT for that many or more.
 */
export const TicketListResponse = z.object({
  tickets: z.array(Ticket),
  hasMore: z.boolean(),
  count: z.number().int().nonnegative(),
})
export type TicketListResponse = z.infer<typeof TicketListResponse>

/** `GET /tickets/:id` (403 when the caller may not see it). */
export const TicketResponse = Ticket
export type TicketResponse = z.infer<typeof TicketResponse>

/**
 * `POST /tickets` ("New ticket"): opened for the caller and answered with the ticket
 * (the seed's client reads its `id`). The connection is the caller's default one,
 * else the default connection. `ERR_OTHER_OPEN_TICKET` when the contact already has an open or
 * pending ticket; the answer's `ticketId` names it when the caller may see it, so the app can
 * open that ticket instead.
 */
export const TicketCreateRequest = z.object({
  contactId: Id,
  userId: Id.nullable().optional(),
  status: Status.optional().default('open'),
})
export type TicketCreateRequest = z.input<typeof TicketCreateRequest>
export const TicketCreateResponse = Ticket
export type TicketCreateResponse = z.infer<typeof TicketCreateResponse>

/**
 * `PUT /tickets/:id`, every transition of the ticket's life:
 * - accept `{status: 'open', userId}` · view (spy) `{status: 'pending'}`
 * - return `{status: 'pending', userId: null}` · resolve / X `{status: 'closed', userId}`
 * - reopen `{status: 'open', userId}`
 * - transfer `{userId?, queueId?, whatsappId?, status?}`: a queue without a user makes the
 *   ticket pending and unassigned; changing `whatsappId` is admin-only.
 * The server assigns the caller's id where the seed says so, whatever `userId` holds.
 * At least one field is required. 409 `ERR_TICKET_CHANGED` when someone else changed the ticket
 * first (two agents accepting it at once: one wins), including accepting, reopening or viewing a
 * ticket someone else now holds open; 409 `ERR_OTHER_OPEN_TICKET` when a reopen or a move to
 * another connection would give the contact a second open or pending ticket there.
 */
export const TicketUpdateRequest = z
  .object({
    status: Status.optional(),
    userId: Id.nullable().optional(),
    queueId: Id.nullable().optional(),
    whatsappId: Id.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { error: m.required })
export type TicketUpdateRequest = z.input<typeof TicketUpdateRequest>
export type TicketUpdateData = z.output<typeof TicketUpdateRequest>
export const TicketUpdateResponse = Ticket
export type TicketUpdateResponse = z.infer<typeof TicketUpdateResponse>

/** What a `PUT /tickets/:id` body means, for callers that need to tell (toasts, navigation). */
export type TicketTransition = 'accept' | 'return' | 'resolve' | 'reopen' | 'view' | 'transfer'

/** Names the transition a valid update performs on a ticket in `from` status. */
export const describeTicketUpdate = (from: TicketStatus, update: TicketUpdateData): TicketTransition => {
  const { status, queueId, whatsappId, userId } = update
  if (queueId !== undefined || whatsappId !== undefined) return 'transfer'
  if (status === 'closed') return 'resolve'
  if (status === 'open') return from === 'closed' ? 'reopen' : from === 'pending' ? 'accept' : 'transfer'
  if (status === 'pending') return from === 'open' && userId === null ? 'return' : 'view'
  return 'transfer'
}

/**
 * `POST /ticketsClosed/` (no body): closes every open ticket the caller can see
 * (their own, plus all of them for an admin with show-all), sending each
 * connection's farewell, and answers with how many were closed.
 */
export const TicketsCloseAllResponse = z.object({ closed: z.number().int().nonnegative() })
export type TicketsCloseAllResponse = z.infer<typeof TicketsCloseAllResponse>

/** `POST /ticketsClosed?showAll=true`: an admin closes everyone's open tickets. */
export const TicketsCloseAllQuery = z.object({ showAll: BooleanString.optional().default(false) })
export type TicketsCloseAllQuery = z.input<typeof TicketsCloseAllQuery>

/** The routes of tickets, on the methods and paths of `./paths/tickets`. */
export const ticketsRoutes = /* @__PURE__ */ defineRoutes(ticketsPaths, () => ({
  ticketList: { query: TicketListQuery, response: TicketListResponse },
  ticketGet: { params: IdParams, response: TicketResponse },
  ticketCreate: { body: TicketCreateRequest, response: TicketCreateResponse },
  ticketUpdate: { params: IdParams, body: TicketUpdateRequest, response: TicketUpdateResponse },
  ticketDelete: { params: IdParams, ...noContent },
  ticketCloseAll: { query: TicketsCloseAllQuery, response: TicketsCloseAllResponse },
}))
