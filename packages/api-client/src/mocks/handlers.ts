import { delay, HttpResponse } from 'msw'
import type { z } from 'zod'
import {
  type AuthResponse,
  isAllowedSettingValue,
  routes,
  SETTING_KEYS,
  USERS_PAGE_SIZE,
  type User,
  type UserListResponse,
} from '../contract'
import type { EndpointName } from '../contract/endpoints'
import { createMockDb, type MockDb } from './db'
import { botHandlers } from './desk/bots'
import { catalogHandlers } from './desk/catalog'
import { chatHandlers } from './desk/chat'
import { connectionHandlers } from './desk/connections'
import { contactHandlers } from './desk/contacts'
import { groupHandlers } from './desk/groups'
import { kanbanHandlers } from './desk/kanban'
import { mailHandlers } from './desk/mail'
import { messageHandlers } from './desk/messages'
import { outreachHandlers } from './desk/outreach'
import { tagHandlers } from './desk/tags'
import { templateHandlers } from './desk/templates'
import { ticketHandlers } from './desk/tickets'
import { widgetHandlers } from './desk/widget'
import { mockTokenFor } from './fixtures'
import { callerOf, type DeskHandlerContext, fail, mockRoute, parseData, type RouteResolver } from './support'

export interface MockHandlerOptions {
  db?: MockDb
  /** Path prefix the handlers answer under; any origin by default. */
  baseUrl?: string
  /** Simulated latency in ms (msw's realistic delay when `'real'`); none by default. */
  latency?: number | 'real'
}

/** msw handlers for auth, users and settings, backed by one in-memory db and shaped by the contract. */
export function createHandlers({ db = createMockDb(), baseUrl = '*/api', latency }: MockHandlerOptions = {}) {
  const wait = () => (latency === undefined ? undefined : latency === 'real' ? delay() : delay(latency))
  /**
   * A route of the table under `baseUrl`. As on the server, a signed-in caller's path parameters are
   * checked with the route's `params` schema before anything else (400 `ERR_VALIDATION` naming them).
   */
  const route = <N extends EndpointName>(name: N, resolver: RouteResolver<N>) =>
    mockRoute<N>(
      name,
      async (info) => {
        const schema = (routes[name] as { params?: z.ZodType }).params
        if (schema && !callerOf(db, info.request).response) {
          const { response } = parseData(info.params, schema)
          if (response) {
            await wait()
            return response
          }
        }
        return resolver(info)
      },
      baseUrl,
    )
  const isAdmin = (user: User) => user.profile === 'admin'
  const session = (user: User): AuthResponse => ({ token: mockTokenFor(user.id), user })

  /** The signed-in caller, or the answer to send when there is none. */
  const caller = (request: Request) => callerOf(db, request)

  const signupOpen = () =>
    db.users.length === 0 || db.settings.find((s) => s.key === 'userCreation')?.value !== 'disabled'
  const emailTaken = (email: string, exceptId?: number) =>
    db.users.some((u) => u.email.toLowerCase() === email.toLowerCase() && u.id !== exceptId)

  const auth = [
    route('login', async ({ body }) => {
      await wait()
      const { data, response } = await body()
      if (response) return response
      const user = db.users.find((u) => u.email.toLowerCase() === data.email.toLowerCase())
      if (!user || db.passwords.get(user.id) !== data.password) return fail(401, 'ERR_INVALID_CREDENTIALS')
      db.sessionUserId = user.id
      return HttpResponse.json(session(user))
    }),
    route('refreshToken', async () => {
      await wait()
      const user = db.users.find((u) => u.id === db.sessionUserId)
      return user ? HttpResponse.json(session(user)) : fail(401, 'ERR_SESSION_EXPIRED')
    }),
    route('logout', async () => {
      await wait()
      db.sessionUserId = null
      return new HttpResponse(null, { status: 204 })
    }),
    route('signupStatus', async () => {
      await wait()
      return HttpResponse.json({ open: signupOpen() })
    }),
    route('signup', async ({ body }) => {
      await wait()
      if (!signupOpen()) return fail(403, 'ERR_USER_CREATION_DISABLED')
      const { data, response } = await body()
      if (response) return response
      if (emailTaken(data.email))
        return fail(400, 'ERR_DUPLICATED_EMAIL', { fields: [{ path: 'email', message: 'ERR_DUPLICATED_EMAIL' }] })
      const user: User = {
        id: db.nextId++,
        name: data.name,
        email: data.email,
        profile: db.users.length === 0 ? 'admin' : 'user',
        queues: [],
        whatsappId: null,
      }
      db.users.push(user)
      db.passwords.set(user.id, data.password)
      return HttpResponse.json(user)
    }),
  ]

  /** The user's queues as the server answers them: the chosen ones that exist, by name. */
  const queueRefs = (ids: number[]) =>
    db.queues
      .filter((q) => ids.includes(q.id))
      .map((q) => ({ id: q.id, name: q.name, color: q.color }))
      .sort((a, b) => a.name.localeCompare(b.name))

  const connectionRef = (id: number | null) => {
    const connection = id === null ? undefined : db.connections.find((c) => c.id === id)
    return connection ? { id: connection.id, name: connection.name } : null
  }

  const users = [
    route('userList', async ({ request }) => {
      await wait()
      const { response } = caller(request)
      if (response) return response
      const params = new URL(request.url).searchParams
      const search = (params.get('searchParam') ?? '').trim().toLowerCase()
      const page = Math.max(1, Number(params.get('pageNumber') ?? 1) || 1)
      const matching = db.users.filter(
        (u) => !search || u.name.toLowerCase().includes(search) || u.email.toLowerCase().includes(search),
      )
      const start = (page - 1) * USERS_PAGE_SIZE
      return HttpResponse.json<UserListResponse>({
        users: matching.slice(start, start + USERS_PAGE_SIZE),
        hasMore: matching.length > start + USERS_PAGE_SIZE,
        count: matching.length,
      })
    }),
    route('userGet', async ({ request, params }) => {
      await wait()
      const { response } = caller(request)
      if (response) return response
      const user = db.users.find((u) => u.id === Number(params.id))
      return user ? HttpResponse.json(user) : fail(404, 'ERR_NO_USER_FOUND')
    }),
    route('userCreate', async ({ request, body }) => {
      await wait()
      const me = caller(request)
      if (me.response) return me.response
      if (!isAdmin(me.user)) return fail(403, 'ERR_NO_PERMISSION')
      const { data, response } = await body()
      if (response) return response
      if (emailTaken(data.email))
        return fail(400, 'ERR_DUPLICATED_EMAIL', { fields: [{ path: 'email', message: 'ERR_DUPLICATED_EMAIL' }] })
      const user: User = {
        id: db.nextId++,
        name: data.name,
        email: data.email,
        profile: data.profile,
        queues: queueRefs(data.queueIds),
        whatsappId: data.whatsappId ?? null,
        whatsapp: connectionRef(data.whatsappId ?? null),
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      }
      db.users.push(user)
      db.passwords.set(user.id, data.password)
      return HttpResponse.json(user)
    }),
    route('userUpdate', async ({ request, params, body }) => {
      await wait()
      const me = caller(request)
      if (me.response) return me.response
      const index = db.users.findIndex((u) => u.id === Number(params.id))
      if (index < 0) return fail(404, 'ERR_NO_USER_FOUND')
      const { data, response } = await body()
      if (response) return response
      const adminOnly = data.profile !== undefined || data.queueIds !== undefined || data.whatsappId !== undefined
      if (!isAdmin(me.user) && (me.user.id !== db.users[index].id || adminOnly)) return fail(403, 'ERR_NO_PERMISSION')
      if (data.email && emailTaken(data.email, db.users[index].id)) {
        return fail(400, 'ERR_DUPLICATED_EMAIL', { fields: [{ path: 'email', message: 'ERR_DUPLICATED_EMAIL' }] })
      }
      const { password, queueIds, ...rest } = data
      const user: User = {
        ...db.users[index],
        ...rest,
        ...(queueIds ? { queues: queueRefs(queueIds) } : {}),
        ...(rest.whatsappId !== undefined ? { whatsapp: connectionRef(rest.whatsappId) } : {}),
        updatedAt: new Date().toISOString(),
      }
      db.users[index] = user
      if (password) db.passwords.set(user.id, password)
      return HttpResponse.json(user)
    }),
    route('userDelete', async ({ request, params }) => {
      await wait()
      const me = caller(request)
      if (me.response) return me.response
      if (!isAdmin(me.user)) return fail(403, 'ERR_NO_PERMISSION')
      const target = db.users.find((u) => u.id === Number(params.id))
      if (!target) return fail(404, 'ERR_NO_USER_FOUND')
      if (isAdmin(target) && db.users.filter(isAdmin).length === 1) return fail(400, 'ERR_LAST_ADMIN')
      db.users = db.users.filter((u) => u !== target)
      return new HttpResponse(null, { status: 204 })
    }),
  ]

  const settings = [
    route('settingList', async ({ request }) => {
      await wait()
      const me = caller(request)
      if (me.response) return me.response
      return HttpResponse.json(isAdmin(me.user) ? db.settings : db.settings.filter((s) => s.key !== 'userApiToken'))
    }),
    route('settingUpdate', async ({ request, params, body }) => {
      await wait()
      const me = caller(request)
      if (me.response) return me.response
      if (!isAdmin(me.user)) return fail(403, 'ERR_NO_PERMISSION')
      const key = String(params.key)
      const index = db.settings.findIndex((s) => s.key === key)
      if (index < 0 || !(SETTING_KEYS as readonly string[]).includes(key)) return fail(404, 'ERR_NO_SETTING_FOUND')
      const { data, response } = await body()
      if (response) return response
      if (!isAllowedSettingValue(key, data.value)) {
        return fail(400, 'ERR_VALIDATION', { fields: [{ path: 'value', message: 'validation.invalid' }] })
      }
      const value = key === 'userApiToken' ? nextToken(db.settings[index].value) : data.value
      db.settings[index] = { key, value, updatedAt: new Date().toISOString() }
      return HttpResponse.json(db.settings[index])
    }),
  ]

  const desk: DeskHandlerContext = { db, route, wait }
  const tickets = ticketHandlers(desk)
  const messages = messageHandlers(desk)
  const contacts = contactHandlers(desk)
  const { queues, quickAnswers, dashboard } = catalogHandlers(desk)
  const connections = connectionHandlers(desk)
  const { outreach, optOuts } = outreachHandlers(desk)
  const groups = groupHandlers(desk)
  const tags = tagHandlers(desk)
  const kanban = kanbanHandlers(desk)
  const bots = botHandlers(desk)
  const mail = mailHandlers(desk)
  const widget = widgetHandlers(desk)
  const chat = chatHandlers(desk)
  const templates = templateHandlers(desk)

  return {
    db,
    auth,
    users,
    settings,
    tickets,
    messages,
    contacts,
    queues,
    quickAnswers,
    dashboard,
    connections,
    outreach,
    optOuts,
    groups,
    tags,
    kanban,
    bots,
    mail,
    widget,
    chat,
    templates,
    all: [
      ...auth,
      ...users,
      ...settings,
      ...tickets,
      ...messages,
      ...contacts,
      ...queues,
      ...quickAnswers,
      ...dashboard,
      ...connections,
      ...outreach,
      ...optOuts,
      ...groups,
      ...tags,
      ...kanban,
      ...bots,
      ...mail,
      ...widget,
      ...chat,
      ...templates,
    ],
  }
}

/** The next API token: derived from the previous one, so the sequence is the same every run (screenshots). */
const nextToken = (previous: string) =>
  Array.from({ length: 32 }, (_, i) => ((Number.parseInt(previous.slice(i * 2, i * 2 + 2), 16) || 0) * 5 + 17) % 256)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
