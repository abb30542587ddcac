import { HttpResponse } from 'msw'
import {
  isStartSearch,
  TICKET_COUNT_LIMIT,
  TICKETS_PAGE_SIZE,
  type Ticket,
  TicketListQuery,
  type TicketListResponse,
  type User,
} from '../../contract'
import { canSeeTicket, seerOf, ticketMatches } from '../../rules'
import { callerOf, type DeskHandlerContext, fail, isAdmin, noContent, parseData, slice, stamp } from '../support'

const newestFirst = (a: Ticket, b: Ticket) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id

/** `/tickets`, `/tickets/:id` and `/ticketsClosed`, with the server's visibility rules. */
export function ticketHandlers({ db, route, wait }: DeskHandlerContext) {
  const canSee = (user: User, t: Ticket) => canSeeTicket(seerOf(user), t)
  const textOf = (t: Ticket) =>
    [t.contact.name, t.contact.number ?? '', ...db.messages.filter((m) => m.ticketId === t.id).map((m) => m.body)]
      .join('\n')
      .toLowerCase()
  /** As the server searches: one or two characters match the start of the contact's name or number. */
  const found = (t: Ticket, search: string) =>
    isStartSearch(search)
      ? [t.contact.name, t.contact.number ?? ''].some((value) => value.toLowerCase().startsWith(search))
      : textOf(t).includes(search)
  /** As the server answers a search: the latest message (not deleted) that holds the text. */
  const matchOf = (t: Ticket, search: string): Ticket => {
    if (!search || isStartSearch(search)) return t
    const hit = db.messages
      .filter((m) => m.ticketId === t.id && !m.isDeleted && m.body.toLowerCase().includes(search))
      .at(-1)
    return hit ? { ...t, searchMatch: { messageId: typeof hit.id === 'number' ? hit.id : 0, body: hit.body } } : t
  }
  const withUser = (userId: number | null): Pick<Ticket, 'userId' | 'user'> => {
    const u = userId === null ? undefined : db.users.find((x) => x.id === userId)
    return { userId: u?.id ?? null, user: u ? { id: u.id, name: u.name } : null }
  }

  return [
    route('ticketList', async ({ request }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const query = Object.fromEntries(new URL(request.url).searchParams)
      const { data, response } = parseData(query, TicketListQuery)
      if (response) return response
      const search = data.searchParam.trim().toLowerCase()
      const matching = db.tickets
        .filter((t) => ticketMatches(t, { ...data, date: query.date, searchParam: undefined }, me.user))
        .filter((t) => !search || found(t, search))
        .sort(newestFirst)
      const { items, hasMore, count } = slice(matching, data.pageNumber, TICKETS_PAGE_SIZE)
      const tickets = items.map((t) => matchOf(t, search))
      return HttpResponse.json<TicketListResponse>({ tickets, hasMore, count: Math.min(count, TICKET_COUNT_LIMIT) })
    }),
    route('ticketGet', async ({ request, params }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const ticket = db.tickets.find((t) => t.id === Number(params.id))
      if (!ticket) return fail(404, 'ERR_NO_TICKET_FOUND')
      return canSee(me.user, ticket) ? HttpResponse.json(ticket) : fail(403, 'ERR_NO_PERMISSION')
    }),
    route('ticketCreate', async ({ request, body }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const { data, response } = await body()
      if (response) return response
      const contact = db.contacts.find((c) => c.id === data.contactId)
      if (!contact) return fail(404, 'ERR_NO_CONTACT_FOUND')
      const live = db.tickets.find((t) => t.contactId === contact.id && t.status !== 'closed')
      if (live) return fail(400, 'ERR_OTHER_OPEN_TICKET', canSee(me.user, live) ? { ticketId: live.id } : {})
      const connection = db.connections.find((c) => c.isDefault) ?? null
      const ticket: Ticket = {
        id: db.nextId++,
        status: data.status,
        contactId: contact.id,
        contact,
        ...withUser(data.status === 'pending' ? null : me.user.id),
        queueId: null,
        queue: null,
        whatsappId: connection?.id ?? null,
        whatsapp: connection ? { id: connection.id, name: connection.name } : null,
        isGroup: !!contact.isGroup,
        lastMessage: null,
        unreadMessages: 0,
        tags: [],
        createdAt: stamp(db),
        updatedAt: stamp(db),
      }
      db.tickets.push(ticket)
      return HttpResponse.json(ticket)
    }),
    route('ticketUpdate', async ({ request, params, body }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const index = db.tickets.findIndex((t) => t.id === Number(params.id))
      if (index < 0) return fail(404, 'ERR_NO_TICKET_FOUND')
      const { data, response } = await body()
      if (response) return response
      if (data.whatsappId !== undefined && !isAdmin(me.user)) return fail(403, 'ERR_NO_PERMISSION')
      const before = db.tickets[index]
      // Accepting, reopening or viewing a ticket someone else holds open: their change came first.
      const taken = before.status === 'open' && before.userId !== null && before.userId !== me.user.id
      const takes = data.status === 'open' || (data.status === 'pending' && data.userId !== null)
      if (taken && takes && data.queueId === undefined && data.whatsappId === undefined) {
        return fail(409, 'ERR_TICKET_CHANGED')
      }
      const next: Ticket = { ...before, updatedAt: stamp(db) }
      if (data.status) next.status = data.status
      if (data.queueId !== undefined) {
        const queue = db.queues.find((q) => q.id === data.queueId)
        next.queueId = queue?.id ?? null
        next.queue = queue ? { id: queue.id, name: queue.name, color: queue.color } : null
      }
      if (data.whatsappId !== undefined) {
        const c = db.connections.find((x) => x.id === data.whatsappId)
        if (!c) return fail(404, 'ERR_NO_WAPP_FOUND')
        Object.assign(next, { whatsappId: c.id, whatsapp: { id: c.id, name: c.name } })
      }
      // The server assigns the caller when accepting, reopening or resolving; a queue alone unassigns.
      let userId = data.userId === undefined ? before.userId : data.userId
      if (data.status === 'open' || data.status === 'closed') userId = data.userId === undefined ? me.user.id : userId
      if (data.queueId !== undefined && data.userId == null) {
        userId = null
        next.status = 'pending'
      } else if (data.userId && data.status === undefined && before.status === 'pending') next.status = 'open'
      Object.assign(next, withUser(userId))
      db.tickets[index] = next
      return HttpResponse.json(next)
    }),
    route('ticketDelete', async ({ request, params }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      if (!isAdmin(me.user)) return fail(403, 'ERR_NO_PERMISSION')
      const ticket = db.tickets.find((t) => t.id === Number(params.id))
      if (!ticket) return fail(404, 'ERR_NO_TICKET_FOUND')
      db.tickets = db.tickets.filter((t) => t !== ticket)
      db.messages = db.messages.filter((m) => m.ticketId !== ticket.id)
      return noContent()
    }),
    route('ticketCloseAll', async ({ request }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const everyone = isAdmin(me.user) && new URL(request.url).searchParams.get('showAll') === 'true'
      let closed = 0
      db.tickets = db.tickets.map((t) => {
        if (t.status !== 'open' || (!everyone && t.userId !== me.user.id)) return t
        closed++
        return { ...t, status: 'closed', updatedAt: stamp(db) }
      })
      return HttpResponse.json({ closed })
    }),
  ]
}
