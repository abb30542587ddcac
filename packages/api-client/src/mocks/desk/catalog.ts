import { HttpResponse } from 'msw'
import {
  type DashboardResponse,
  QUICK_ANSWERS_PAGE_SIZE,
  type Queue,
  type QuickAnswer,
  type QuickAnswerListResponse,
  toHourBuckets,
} from '../../contract'
import { quickAnswerMatches } from '../../rules'
import { callerOf, type DeskHandlerContext, fail, isAdmin, noContent, pageParams, slice, stamp } from '../support'

/** Plain string order, as SQLite's default (binary) collation sorts. */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

const defined = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>

/** As the server names it: the colour field. */
const colorTakenField = { path: 'color', message: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' }

/** `/queue`, `/quickAnswers` and `/dashboard`. */
export function catalogHandlers({ db, route, wait }: DeskHandlerContext) {
  const guard = async (request: Request, adminOnly: boolean) => {
    await wait()
    const me = callerOf(db, request)
    if (me.response) return me.response
    return adminOnly && !isAdmin(me.user) ? fail(403, 'ERR_NO_PERMISSION') : undefined
  }
  const colorTaken = (color: string | undefined, exceptId?: number) =>
    !!color && db.queues.some((q) => q.color.toLowerCase() === color.toLowerCase() && q.id !== exceptId)
  const shortcutTaken = (shortcut: string | undefined, exceptId?: number) =>
    !!shortcut && db.quickAnswers.some((q) => q.shortcut === shortcut && q.id !== exceptId)

  const queues = [
    route(
      'queueList',
      async ({ request }) =>
        (await guard(request, false)) ?? HttpResponse.json([...db.queues].sort((a, b) => a.name.localeCompare(b.name))),
    ),
    route('queueGet', async ({ request, params }) => {
      const denied = await guard(request, false)
      const queue = db.queues.find((q) => q.id === Number(params.id))
      return denied ?? (queue ? HttpResponse.json(queue) : fail(404, 'ERR_NOT_FOUND'))
    }),
    route('queueCreate', async ({ request, body }) => {
      const denied = await guard(request, true)
      if (denied) return denied
      const { data, response } = await body()
      if (response) return response
      if (colorTaken(data.color)) return fail(400, 'ERR_QUEUE_COLOR_ALREADY_EXISTS', { fields: [colorTakenField] })
      const queue: Queue = {
        id: db.nextId++,
        name: data.name,
        color: data.color,
        greetingMessage: data.greetingMessage ?? null,
        createdAt: stamp(db),
        updatedAt: stamp(db),
      }
      db.queues.push(queue)
      return HttpResponse.json(queue)
    }),
    route('queueUpdate', async ({ request, params, body }) => {
      const denied = await guard(request, true)
      if (denied) return denied
      const index = db.queues.findIndex((q) => q.id === Number(params.id))
      if (index < 0) return fail(404, 'ERR_NOT_FOUND')
      const { data, response } = await body()
      if (response) return response
      if (colorTaken(data.color, db.queues[index].id))
        return fail(400, 'ERR_QUEUE_COLOR_ALREADY_EXISTS', { fields: [colorTakenField] })
      db.queues[index] = { ...db.queues[index], ...defined(data), updatedAt: stamp(db) } as Queue
      return HttpResponse.json(db.queues[index])
    }),
    route('queueDelete', async ({ request, params }) => {
      const denied = await guard(request, true)
      if (denied) return denied
      if (!db.queues.some((q) => q.id === Number(params.id))) return fail(404, 'ERR_NOT_FOUND')
      db.queues = db.queues.filter((q) => q.id !== Number(params.id))
      return noContent()
    }),
  ]

  const quickAnswers = [
    route('quickAnswerList', async ({ request }) => {
      const denied = await guard(request, false)
      if (denied) return denied
      const { search, page } = pageParams(request)
      // As the server orders them: shortcuts starting with the search first, then by shortcut and id.
      const start = search.trim().toLowerCase()
      const rank = (q: QuickAnswer) => (start && q.shortcut.toLowerCase().startsWith(start) ? 0 : 1)
      const matching = db.quickAnswers
        .filter((q) => quickAnswerMatches(q, search))
        .sort((a, b) => rank(a) - rank(b) || byCodeUnits(a.shortcut, b.shortcut) || a.id - b.id)
      const { items, hasMore, count } = slice(matching, page, QUICK_ANSWERS_PAGE_SIZE)
      return HttpResponse.json<QuickAnswerListResponse>({ quickAnswers: items, hasMore, count })
    }),
    route('quickAnswerGet', async ({ request, params }) => {
      const denied = await guard(request, false)
      const answer = db.quickAnswers.find((q) => q.id === Number(params.id))
      return denied ?? (answer ? HttpResponse.json(answer) : fail(404, 'ERR_NOT_FOUND'))
    }),
    route('quickAnswerCreate', async ({ request, body }) => {
      const denied = await guard(request, false)
      if (denied) return denied
      const { data, response } = await body()
      if (response) return response
      if (shortcutTaken(data.shortcut))
        return fail(400, 'ERR_VALIDATION', { fields: [{ path: 'shortcut', message: 'validation.invalid' }] })
      const answer: QuickAnswer = { id: db.nextId++, ...data, createdAt: stamp(db), updatedAt: stamp(db) }
      db.quickAnswers.push(answer)
      return HttpResponse.json(answer)
    }),
    route('quickAnswerUpdate', async ({ request, params, body }) => {
      const denied = await guard(request, false)
      if (denied) return denied
      const index = db.quickAnswers.findIndex((q) => q.id === Number(params.id))
      if (index < 0) return fail(404, 'ERR_NOT_FOUND')
      const { data, response } = await body()
      if (response) return response
      if (shortcutTaken(data.shortcut, db.quickAnswers[index].id))
        return fail(400, 'ERR_VALIDATION', { fields: [{ path: 'shortcut', message: 'validation.invalid' }] })
      db.quickAnswers[index] = { ...db.quickAnswers[index], ...defined(data), updatedAt: stamp(db) }
      return HttpResponse.json(db.quickAnswers[index])
    }),
    route('quickAnswerDelete', async ({ request, params }) => {
      const denied = await guard(request, false)
      if (denied) return denied
      if (!db.quickAnswers.some((q) => q.id === Number(params.id))) return fail(404, 'ERR_NOT_FOUND')
      db.quickAnswers = db.quickAnswers.filter((q) => q.id !== Number(params.id))
      return noContent()
    }),
  ]

  const dashboard = [
    route('dashboard', async ({ request }) => {
      const denied = await guard(request, false)
      if (denied) return denied
      const count = (status: string) => db.tickets.filter((t) => t.status === status).length
      const day = new URL(request.url).searchParams.get('date') ?? stamp(db).slice(0, 10)
      const today = db.tickets.filter((t) => t.createdAt.startsWith(day))
      const rows = today.map((t) => ({ hour: new Date(t.createdAt).getUTCHours(), count: 1 }))
      return HttpResponse.json<DashboardResponse>({
        counters: { open: count('open'), pending: count('pending'), closed: count('closed') },
        ticketsToday: { total: today.length, perHour: toHourBuckets(rows) },
      })
    }),
  ]

  return { queues, quickAnswers, dashboard }
}
