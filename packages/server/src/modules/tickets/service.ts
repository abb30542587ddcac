import {
  describeTicketUpdate,
  TICKET_COUNT_LIMIT,
  type Ticket,
  type TicketListFilter,
  type TicketListResponse,
  type TicketStatus,
  type TicketUpdateData,
} from '@desk/api-client'
import { type Db, isUniqueViolation, nowIso } from '../../db'
import { AppError, fieldError, OtherOpenTicketError, ticketChanged } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import type { MessagesService } from '../messages/service'
import type { Actor } from '../users/repository'
import { actorCanSee, requireTicketAccess, seesEveryTicket, ticketScope } from './access'
import {
  connectionExists,
  connectionForNewTicket,
  contactOf,
  createTicketSearch,
  deleteTicket,
  type Expected,
  farewellOf,
  findTicket,
  idleTicketIds,
  insertLiveTicket,
  listTickets,
  liveTicketOf,
  moveTicket,
  openTicketIds,
  queueExists,
  queueIdsOf,
  SEARCH_COUNT_LIMIT,
  SEARCH_MESSAGE_BUDGET,
  SEARCH_PROBE_ROWS,
  type Searched,
  sightOf,
  userExists,
  withSearchMatches,
} from './repository'
import { fillTemplate, lostTo, nextState, sameState, stateOf, transferNotice } from './state-machine'

export { SEARCH_COUNT_LIMIT, SEARCH_MESSAGE_BUDGET, SEARCH_PROBE_ROWS, trigramPattern } from './repository'
export { fillTemplate, transferNotice } from './state-machine'

/** A search that names a protocol number also finds that protocol's ticket (a broad search is left as it is). */
const withProtocol = (searched: Searched, ticketId: number | undefined): Searched => {
  if (ticketId === undefined || searched === null) return searched
  if (Array.isArray(searched)) return searched.includes(ticketId) ? searched : [...searched, ticketId]
  return { messageTickets: [...new Set([...searched.messageTickets, ticketId])] }
}

export interface TicketsServiceDeps {
  db: Db
  publisher: Publisher
  messages: MessagesService
  /** Matching rows past which a search counts as broad (SEARCH_PROBE_ROWS); tests lower it. */
  searchProbeRows?: number
  /** Tickets a broad search counts at most (SEARCH_COUNT_LIMIT); tests lower it. */
  searchCountLimit?: number
  /** Tickets a list without a search counts at most (TICKET_COUNT_LIMIT); tests lower it. */
  listCountLimit?: number
  /** SQLite: messages a search may read through one rare trigram (SEARCH_MESSAGE_BUDGET); 0 turns it off. */
  searchMessageBudget?: number
  /** After a ticket closed (the closing e-mail); must not throw. */
  onClosed?: (ticket: Ticket) => Promise<void>
  /** The ticket given a protocol number, for an exact protocol search. */
  protocolTicket?: (text: string) => Promise<number | undefined>
}

/**
 * Tickets and their life (seed §4): listing with the visibility rules, opening one for a
 * contact, every transition of `PUT /tickets/:id`, deletion (admins), closing all and the
 * idle auto-close. Closing sends the connection's farewell; a transfer tells the customer.
 * Queries live in `./repository`, permissions in `./access`, the transitions in `./state-machine`.
 */
export const createTicketsService = ({
  db,
  publisher,
  messages,
  searchProbeRows = SEARCH_PROBE_ROWS,
  searchCountLimit = SEARCH_COUNT_LIMIT,
  listCountLimit = TICKET_COUNT_LIMIT,
  searchMessageBudget = SEARCH_MESSAGE_BUDGET,
  onClosed,
  protocolTicket,
}: TicketsServiceDeps) => {
  const search = createTicketSearch(db, { searchProbeRows, searchMessageBudget })

  const announce = async (ticket: Ticket, before?: Ticket) => {
    publisher.ticket({ action: 'update', ticket }, await sightOf(db, ticket), before && (await sightOf(db, before)))
  }

  /** `GET /tickets`: the caller's visible tickets (see `ticketScope`), filtered and searched, a page at a time. */
  const list = async (actor: Actor, filter: TicketListFilter): Promise<TicketListResponse> => {
    const showAll = seesEveryTicket(actor, filter.showAll)
    const text = filter.searchParam.trim().toLowerCase()
    // A search with few matches lists them by id; a broad one is checked ticket by ticket,
    // newest first, so the page stops early (and the count at SEARCH_COUNT_LIMIT). The caller's
    // queues, the search and a protocol of that number are read at once (on PostgreSQL each on a
    // connection of its own).
    const [myQueues, found, protocol] = await Promise.all([
      showAll ? [] : queueIdsOf(db, actor.id),
      text ? search.findSearched(text) : null,
      text ? protocolTicket?.(text) : undefined,
    ])
    const searched = text ? withProtocol(found, protocol) : null
    const scope = ticketScope(actor, myQueues, { showAll, queueIds: filter.queueIds })
    const page = await listTickets(db, { scope, filter, search: text, searched, searchCountLimit, listCountLimit })
    // Each ticket says which of its messages matched, for the list to show it instead of the last one.
    return text ? withSearchMatches(db, page, text) : page
  }

  const get = async (actor: Actor, id: number): Promise<Ticket> =>
    requireTicketAccess(db, actor, await findTicket(db, id), 'read')

  /** The refusal for a second live ticket, naming the live one when the caller may open it. */
  const otherOpen = async (actor: Actor, contactId: number, exceptId: number | undefined, status: 400 | 409) => {
    const live = await liveTicketOf(db, contactId, exceptId)
    return new OtherOpenTicketError(live && (await actorCanSee(db, actor, live)) ? live.id : undefined, status)
  }

  /**
   * `POST /tickets`: a new ticket for a contact with a number, on the caller's default connection.
   * When the contact already has a live ticket the refusal names it if the caller may see it,
   * so the app can open that one instead. The read is a courtesy; the database's one-live-ticket
   * index decides when two requests (or two server processes) race.
   */
  const create = async (actor: Actor, input: { contactId: number; status: TicketStatus }): Promise<Ticket> => {
    const contact = await contactOf(db, input.contactId)
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
    if (!contact.number) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400)
    const live = await liveTicketOf(db, contact.id)
    if (live) throw new OtherOpenTicketError((await actorCanSee(db, actor, live)) ? live.id : undefined)
    const connection = await connectionForNewTicket(db, actor.id)
    if (!connection) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404)
    const status = input.status === 'closed' ? 'open' : input.status
    const now = nowIso()
    const created = await insertLiveTicket(db, {
      status,
      contactId: contact.id,
      userId: status === 'open' ? actor.id : null,
      queueId: null,
      whatsappId: connection.id,
      isGroup: contact.isGroup,
      lastMessage: null,
      unreadMessages: 0,
      queueMenuSent: 0,
      createdAt: now,
      updatedAt: now,
    })
    if (!created) throw await otherOpen(actor, contact.id, undefined, 400)
    const ticket = (await findTicket(db, created.id))!
    await announce(ticket)
    return ticket
  }

  /**
   * Closes a ticket (keeping or setting its user) if it still is as `expected`, and only then
   * announces it and sends the connection's farewell; undefined when someone changed it first.
   */
  const closeTicket = async (
    before: Ticket,
    userId: number | null,
    expected: Expected,
  ): Promise<Ticket | undefined> => {
    if (!(await moveTicket(db, before.id, expected, { status: 'closed', userId }))) return undefined
    const closed = (await findTicket(db, before.id))!
    await announce(closed, before)
    const farewell = closed.whatsappId !== null ? await farewellOf(db, closed.whatsappId) : null
    if (farewell?.trim() && !closed.isGroup) {
      await messages.deliver(closed, { body: fillTemplate(farewell, { name: closed.contact.name }), userId: null })
    }
    const final = (await findTicket(db, before.id))!
    await onClosed?.(final)
    return final
  }

  const checkReferences = async (actor: Actor, current: Ticket, input: TicketUpdateData) => {
    if (input.userId != null && !(await userExists(db, input.userId))) throw new AppError('ERR_NO_USER_FOUND', 404)
    if (input.queueId != null && !(await queueExists(db, input.queueId))) {
      throw fieldError('queueId', 'validation.invalid')
    }
    if (input.whatsappId !== undefined && input.whatsappId !== current.whatsappId) {
      await requireTicketAccess(db, actor, current, 'move-connection')
      if (!(await connectionExists(db, input.whatsappId))) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    }
  }

  /**
   * `PUT /tickets/:id`: accept, view, return, resolve, reopen or transfer (see the contract).
   * Every change is a conditional write against the ticket as it was read (status, user, queue
   * and connection): when two people race, one wins and the other gets 409 `ERR_TICKET_CHANGED`,
   * with no farewell, notice or event on their side. Bringing a ticket back to life while the
   * contact has another live one on the connection is 409 `ERR_OTHER_OPEN_TICKET`.
   */
  const update = async (actor: Actor, id: number, input: TicketUpdateData): Promise<Ticket> => {
    const found = await findTicket(db, id)
    if (found && lostTo(actor, found, input)) throw ticketChanged()
    const current = await requireTicketAccess(db, actor, found, 'read')
    const transition = describeTicketUpdate(current.status, input)
    // Only a transfer names someone else; the other transitions assign the caller.
    if (transition === 'transfer') await checkReferences(actor, current, input)
    const same = stateOf(current)
    if (transition === 'resolve') {
      if (current.status === 'closed') return current
      const closed = await closeTicket(current, actor.id, same)
      if (!closed) throw ticketChanged()
      return closed
    }
    const next = nextState(actor, current, transition, input)
    if (sameState(next, same)) return current
    const revives = current.status === 'closed' && next.status !== 'closed'
    // A courtesy for the common case (any connection, as POST /tickets); the index decides races.
    if (revives && (await liveTicketOf(db, current.contactId, id))) {
      throw await otherOpen(actor, current.contactId, id, 409)
    }
    try {
      if (!(await moveTicket(db, id, same, next))) throw ticketChanged()
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      throw await otherOpen(actor, current.contactId, id, 409)
    }
    const updated = (await findTicket(db, id))!
    await announce(updated, current)
    if (transition === 'transfer' && (next.queueId !== same.queueId || next.userId !== same.userId)) {
      const queue = next.queueId !== same.queueId ? (updated.queue?.name ?? null) : null
      const user = next.userId !== same.userId ? (updated.user?.name ?? null) : null
      // A group hears no automatic notice (nor the farewell): the whole group would read it.
      if ((queue || user) && !updated.isGroup) {
        await messages.deliver(updated, { body: transferNotice(queue, user), userId: null })
      }
    }
    return (await findTicket(db, id))!
  }

  const remove = async (actor: Actor, id: number): Promise<void> => {
    const ticket = await requireTicketAccess(db, actor, await findTicket(db, id), 'delete')
    const sight = await sightOf(db, ticket)
    await deleteTicket(db, id)
    publisher.ticket({ action: 'delete', ticketId: id }, sight)
  }

  /**
   * Closes each ticket that is still open (and still the caller's, or still idle) when its turn
   * comes, each with one conditional write; a ticket someone else moved meanwhile is skipped,
   * and so is its farewell.
   */
  const closeMany = async (ids: number[], expected: Omit<Expected, 'status'>) => {
    let closed = 0
    for (const id of ids) {
      const ticket = await findTicket(db, id)
      if (ticket?.status !== 'open') continue
      if (await closeTicket(ticket, ticket.userId, { userId: ticket.userId, ...expected, status: 'open' })) closed += 1
    }
    return closed
  }

  /** `POST /ticketsClosed/`: the caller's open tickets (every open ticket for an admin with show-all). */
  const closeAll = async (actor: Actor, showAll: boolean): Promise<{ closed: number }> => {
    const everyone = seesEveryTicket(actor, showAll)
    const ids = await openTicketIds(db, everyone ? undefined : actor.id)
    return { closed: await closeMany(ids, everyone ? {} : { userId: actor.id }) }
  }

  /** Closes open tickets without activity for longer than `hours` (one that just got a message stays open). */
  const closeIdle = async (hours: number, now = Date.now()): Promise<number> => {
    const cutoff = new Date(now - hours * 3_600_000).toISOString()
    return closeMany(await idleTicketIds(db, cutoff), { idleSince: cutoff })
  }

  return { list, get, create, update, remove, closeAll, closeIdle }
}

export type TicketsService = ReturnType<typeof createTicketsService>
