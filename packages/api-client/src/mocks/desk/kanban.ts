import { HttpResponse } from 'msw'
import { cardsToCsv, toCard } from '../../rules'
import { callerOf, type DeskHandlerContext, fail, isAdmin, noContent } from '../support'

/** The kanban's routes, as the server answers them: lanes for everyone, lane writes for admins, cards of visible open tickets. */
export function kanbanHandlers({ db, route, wait }: DeskHandlerContext) {
  const caller = async (request: Request, adminOnly = false) => {
    await wait()
    const me = callerOf(db, request)
    if (me.response) return me
    return adminOnly && !isAdmin(me.user) ? { response: fail(403, 'ERR_NO_PERMISSION') } : me
  }
  const firstLane = () => db.lanes[0]?.id ?? 0
  const cardsFor = (userId: number, admin: boolean) =>
    db.tickets
      .filter((t) => t.status === 'open' && (admin || t.userId === userId))
      .map((t) => toCard(t, db.cardLanes.get(t.id) ?? firstLane()))
  const sorted = () => db.lanes.sort((a, b) => a.position - b.position || a.id - b.id)

  return [
    route('laneList', async ({ request }) => (await caller(request)).response ?? HttpResponse.json(sorted())),
    route('cardList', async ({ request }) => {
      const me = await caller(request)
      return me.response ?? HttpResponse.json(cardsFor(me.user.id, isAdmin(me.user)))
    }),
    route('cardGet', async ({ request, params }) => {
      const me = await caller(request)
      if (me.response) return me.response
      const card = cardsFor(me.user.id, isAdmin(me.user)).find((c) => c.ticketId === Number(params.cardId))
      return card ? HttpResponse.json(card) : fail(404, 'ERR_NO_TICKET_FOUND')
    }),
    route('cardMove', async ({ request, body }) => {
      const me = await caller(request)
      if (me.response) return me.response
      const { data, response } = await body()
      if (response) return response
      const card = cardsFor(me.user.id, isAdmin(me.user)).find((c) => c.ticketId === data.ticketid)
      if (!card) return fail(404, 'ERR_NO_TICKET_FOUND')
      if (!db.lanes.some((l) => l.id === data.laneid)) return fail(404, 'ERR_NO_LANE_FOUND')
      db.cardLanes.set(card.ticketId, data.laneid)
      return HttpResponse.json({ ...card, laneId: String(data.laneid) })
    }),
    route('laneCreate', async ({ request, body }) => {
      const me = await caller(request, true)
      if (me.response) return me.response
      const { data, response } = await body()
      if (response) return response
      const id = db.nextId++
      const lane = {
        id,
        laneId: String(id),
        title: data.title,
        label: null,
        color: data.color ?? '#84cc16',
        position: db.lanes.length,
        entryQueueId: data.entryQueueId ?? null,
        entryQuickAnswerId: data.entryQuickAnswerId ?? null,
      }
      db.lanes.push(lane)
      return HttpResponse.json(lane)
    }),
    route('laneOrder', async ({ request, body }) => {
      const me = await caller(request, true)
      if (me.response) return me.response
      const { data, response } = await body()
      if (response) return response
      for (const [position, id] of data.laneIds.entries()) {
        const lane = db.lanes.find((l) => l.id === id)
        if (lane) lane.position = position
      }
      return HttpResponse.json(sorted())
    }),
    route('laneUpdate', async ({ request, params, body }) => {
      const me = await caller(request, true)
      if (me.response) return me.response
      const { data, response } = await body()
      if (response) return response
      const lane = db.lanes.find((l) => l.id === Number(params.id))
      if (!lane) return fail(404, 'ERR_NO_LANE_FOUND')
      Object.assign(lane, Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)))
      return HttpResponse.json(lane)
    }),
    route('laneDelete', async ({ request, params }) => {
      const me = await caller(request, true)
      if (me.response) return me.response
      const id = Number(params.id)
      if (!db.lanes.some((l) => l.id === id)) return fail(404, 'ERR_NO_LANE_FOUND')
      if (db.lanes.length === 1) return fail(409, 'ERR_LAST_LANE')
      if (cardsFor(me.user.id, true).some((c) => c.laneId === String(id))) return fail(409, 'ERR_LANE_NOT_EMPTY')
      db.lanes = db.lanes.filter((l) => l.id !== id)
      return noContent()
    }),
    route('laneCardsCsv', async ({ request, params }) => {
      const me = await caller(request)
      if (me.response) return me.response
      const cards = cardsFor(me.user.id, isAdmin(me.user)).filter((c) => c.laneId === String(params.id))
      return new HttpResponse(cardsToCsv(cards), {
        headers: { 'content-type': 'text/csv; charset=utf-8' },
      })
    }),
  ]
}
