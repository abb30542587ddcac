import { HttpResponse } from 'msw'
import { type WidgetConfig, type WidgetMessage, WidgetSendRequest, type WidgetSession } from '../../contract'
import type { MockDb } from '../db'
import { type DeskHandlerContext, fail, noContent, parseData, stamp } from '../support'
import { WIDGET_CONNECTION_ID, WIDGET_TOKENS, widgetFixtures } from './widgetFixtures'

/** What the mock desk holds for the widget, per mock db: its config, the conversation, what visitors left. */
export interface WidgetMockState {
  config: WidgetConfig
  messages: WidgetMessage[]
  /** `PUT /widget/contact` bodies, in order. */
  contacts: Array<{ name?: string; email?: string | null }>
  readUpTo: number
  sessions: Map<string, WidgetSession>
  secret: string
}

const states = new WeakMap<MockDb, WidgetMockState>()
/** The widget's part of a mock db (made on first use; stories change `config` or `messages` before drawing). */
export const widgetStateOf = (db: MockDb): WidgetMockState => {
  let state = states.get(db)
  if (!state) {
    state = {
      config: structuredClone(widgetFixtures.config),
      messages: structuredClone(widgetFixtures.messages),
      contacts: [],
      readUpTo: 0,
      sessions: new Map(),
      secret: 'mock-widget-secret-0000000000000000',
    }
    states.set(db, state)
  }
  return state
}

/**
 * The widget's routes as the desk answers them. The config allows the page that asks (a story's own
 * origin) besides the fixture's; tokens are the `WIDGET_TOKENS`; sessions are `mock-widget-session-<n>`.
 */
export function widgetHandlers({ db, route, wait }: DeskHandlerContext) {
  const state = () => widgetStateOf(db)
  const sessionOf = (request: Request) => {
    const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1]
    const session = token ? state().sessions.get(token) : undefined
    return session
      ? { session }
      : { response: fail(request.headers.get('Authorization') ? 403 : 401, 'ERR_SESSION_EXPIRED') }
  }
  const openSession = (mode: WidgetSession['mode'], visitorToken: string | null, name: string): WidgetSession => {
    const session: WidgetSession = {
      sessionToken: `mock-widget-session-${state().sessions.size + 1}`,
      expiresAt: new Date(Date.parse(stamp(db)) + 12 * 3_600_000).toISOString(),
      mode,
      visitorToken,
      contact: { id: 1, name },
      ticketId: 1,
      canReply: true,
      user: mode === 'agent' ? { id: 2, name: 'Ana Souza' } : null,
    }
    state().sessions.set(session.sessionToken, session)
    return session
  }
  const ofConnection = (params: Record<string, unknown>) => Number(params.connectionId) === WIDGET_CONNECTION_ID

  return [
    route('widgetConfig', async ({ request, params }) => {
      await wait()
      if (!ofConnection(params)) return fail(404, 'ERR_NO_WAPP_FOUND')
      const { config } = state()
      const asking = request.headers.get('Origin') ?? new URL(request.url).origin
      return HttpResponse.json({ ...config, allowedOrigins: [...new Set([...config.allowedOrigins, asking])] })
    }),
    route('widgetSession', async ({ params, body }) => {
      await wait()
      if (!ofConnection(params)) return fail(404, 'ERR_NO_WAPP_FOUND')
      const { data, response } = await body()
      if (response) return response
      if (data.token === WIDGET_TOKENS.expired) return fail(401, 'ERR_WIDGET_TOKEN_EXPIRED')
      if (data.token === WIDGET_TOKENS.agent) return HttpResponse.json(openSession('agent', null, 'Maria Silva'))
      if (data.token === WIDGET_TOKENS.visitor) return HttpResponse.json(openSession('customer', null, 'Maria Silva'))
      if (data.token) return fail(401, 'ERR_WIDGET_TOKEN_INVALID')
      if (state().config.verifiedOnly) return fail(403, 'ERR_WIDGET_VERIFIED_ONLY')
      return HttpResponse.json(openSession('customer', data.visitorToken ?? 'mock-visitor-1', data.name ?? 'Visitor'))
    }),
    route('widgetToken', async ({ body }) => {
      await wait()
      const { data, response } = await body()
      if (response) return response
      if (data.connectionId !== WIDGET_CONNECTION_ID) return fail(404, 'ERR_NO_WAPP_FOUND')
      const token = 'ticketId' in data ? WIDGET_TOKENS.agent : WIDGET_TOKENS.visitor
      return HttpResponse.json({
        token,
        expiresAt: new Date(Date.parse(stamp(db)) + data.expiresIn * 1000).toISOString(),
      })
    }),
    route('widgetMessages', async ({ request }) => {
      await wait()
      const { response } = sessionOf(request)
      if (response) return response
      const query = new URL(request.url).searchParams
      const after = Number(query.get('after') ?? 0)
      const before = Number(query.get('before') ?? Number.POSITIVE_INFINITY)
      const limit = Number(query.get('limit') ?? 50)
      const matching = state().messages.filter((m) => m.id > after && m.id < before)
      // Paging back gives the newest of the older ones; a catch-up gives the oldest after `after`.
      const page = query.has('after') ? matching.slice(0, limit) : matching.slice(-limit)
      return HttpResponse.json({ messages: page, hasMore: matching.length > page.length })
    }),
    route('widgetSend', async ({ request }) => {
      await wait()
      const { session, response } = sessionOf(request)
      if (response) return response
      if (!session.canReply) return fail(403, 'ERR_WIDGET_NOT_ASSIGNEE')
      const isForm = request.headers.get('Content-Type')?.startsWith('multipart/form-data')
      const form = isForm ? await request.formData() : null
      const fields = form
        ? Object.fromEntries([...form].filter(([, v]) => typeof v === 'string'))
        : await request.json()
      const { data, response: invalid } = parseData(fields, WidgetSendRequest)
      if (invalid) return invalid
      const held = state().messages.find((m) => m.clientId === data.clientId)
      if (held) return HttpResponse.json(held)
      const file = form?.getAll('medias').find((v): v is File => typeof v !== 'string')
      const message: WidgetMessage = {
        id: Math.max(0, ...state().messages.map((m) => m.id)) + 1,
        ticketId: 1,
        clientId: data.clientId,
        fromCustomer: session.mode === 'customer',
        body: data.body || file?.name || '',
        mediaType: file ? (file.type.startsWith('image/') ? 'image' : 'other') : 'chat',
        mediaUrl: file ? `/api/widget/media/${encodeURIComponent(file.name)}` : null,
        ack: 1,
        agentName: session.mode === 'agent' ? (session.user?.name ?? null) : null,
        isDeleted: false,
        createdAt: stamp(db),
      }
      state().messages.push(message)
      return HttpResponse.json(message)
    }),
    route('widgetRead', async ({ request, body }) => {
      await wait()
      const { response } = sessionOf(request)
      if (response) return response
      const { data, response: invalid } = await body()
      if (invalid) return invalid
      state().readUpTo = Math.max(state().readUpTo, data.upTo)
      return noContent()
    }),
    route('widgetContact', async ({ request, body }) => {
      await wait()
      const { session, response } = sessionOf(request)
      if (response) return response
      const { data, response: invalid } = await body()
      if (invalid) return invalid
      state().contacts.push(data)
      // As the desk: the visitor fills the e-mail while none is kept; the first one stays.
      const kept = state().contacts.find((c) => c.email)?.email ?? null
      return HttpResponse.json({ name: session.contact.name, email: kept })
    }),
    route('widgetQuickAnswers', async ({ request }) => {
      await wait()
      const { session, response } = sessionOf(request)
      if (response) return response
      if (session.mode !== 'agent') return fail(403, 'ERR_NO_PERMISSION')
      const search = (new URL(request.url).searchParams.get('search') ?? '').toLowerCase()
      const found = db.quickAnswers.filter((q) => q.shortcut.toLowerCase().includes(search))
      return HttpResponse.json(found.map(({ id, shortcut, message }) => ({ id, shortcut, message })))
    }),
    // The signing secret's routes are answered with the connections (`webChat.ts`), per connection.
  ]
}
