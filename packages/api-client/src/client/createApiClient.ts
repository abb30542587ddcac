import type {
  AuthResponse,
  LoginRequest,
  Setting,
  SettingsListResponse,
  SignupRequest,
  User,
  UserCreateRequest,
  UserListQuery,
  UserListResponse,
  UserUpdateRequest,
} from '../contract'
import { endpoints, pathOf } from '../contract/endpoints'
import { ApiError } from './errors'
import { type RequestOptions, readBody, send, shouldValidateResponses, toApiError } from './http'
import { type BotsApi, botsApi } from './resources/bots'
import { type ConnectionsApi, connectionsApi, type SessionsApi, sessionsApi } from './resources/connections'
import { type ContactsApi, contactsApi } from './resources/contacts'
import { type GroupsApi, groupsApi } from './resources/groups'
import { type KanbanApi, kanbanApi } from './resources/kanban'
import { type MailApi, mailApi } from './resources/mail'
import { type MessagesApi, messagesApi } from './resources/messages'
import { type OutreachApi, outreachApi } from './resources/outreach'
import {
  type DashboardApi,
  dashboardApi,
  type QueuesApi,
  type QuickAnswersApi,
  queuesApi,
  quickAnswersApi,
} from './resources/queues'
import { type TagsApi, tagsApi } from './resources/tags'
import { type TicketsApi, ticketsApi } from './resources/tickets'
import { routeCaller } from './resources/types'
import { defaultStorage, readToken, type TokenStorage, writeToken } from './storage'

export interface ApiClientOptions {
  /** Where the API lives: `/api` on the same origin by default, or an absolute URL. */
  baseUrl?: string
  /** Where the access token is kept; `localStorage` by default. */
  storage?: TokenStorage
  /** Called when the server ends the session (a 401, or a refresh that fails). */
  onSignOut?: () => void
  /** Check answers against the contract; on outside production by default. */
  validate?: boolean
  fetch?: typeof fetch
}

/** `{token, user}` while signed in, `null` once signed out. */
export type SessionChange = AuthResponse | null
export type SessionListener = (session: SessionChange) => void

export interface ApiClient {
  readonly baseUrl: string
  getToken(): string | null
  /** Called on login, refresh, logout and forced sign-out. Returns the unsubscribe function. */
  onSession(listener: SessionListener): () => void
  /** Forgets the session on this device without asking the server (e.g. when restoring it failed). */
  clearSession(): void
  /** A raw call through the same token, refresh and error handling as the typed ones. */
  request<T>(path: string, options?: RequestOptions<T>): Promise<T>
  auth: {
    login(body: LoginRequest): Promise<AuthResponse>
    /** Trades the refresh cookie for a new access token; concurrent calls share one request. */
    refresh(): Promise<AuthResponse>
    logout(): Promise<void>
    signup(body: SignupRequest): Promise<User>
    /** Whether sign-up takes a new account now (no session needed). */
    signupOpen(): Promise<boolean>
  }
  users: {
    list(query?: Partial<UserListQuery>): Promise<UserListResponse>
    get(id: number): Promise<User>
    create(body: UserCreateRequest): Promise<User>
    update(id: number, body: UserUpdateRequest): Promise<User>
    delete(id: number): Promise<void>
  }
  settings: {
    list(): Promise<SettingsListResponse>
    update(key: string, value: string): Promise<Setting>
  }
  tickets: TicketsApi
  messages: MessagesApi
  /** Connections (`/whatsapp`). */
  connections: ConnectionsApi
  /** Connection sessions (`/whatsappsession/:id`). */
  sessions: SessionsApi
  contacts: ContactsApi
  queues: QueuesApi
  quickAnswers: QuickAnswersApi
  dashboard: DashboardApi
  /** Outreach jobs, their recipients, the dispatch connections and the outreach folder. */
  outreach: OutreachApi
  /** The groups of a connection: the directory, actions on named groups, new groups and invite links. */
  groups: GroupsApi
  /** Protocol close, conversation export and e-mail, SMTP settings and the outbox. */
  mail: MailApi
  /** The tag catalogue and contacts' tags. */
  tags: TagsApi
  /** The kanban of open tickets: lanes and cards. */
  kanban: KanbanApi
  /** Bot switches per contact, the bots' configuration, test console and audit log. */
  bots: BotsApi
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api'
  const storage = options.storage ?? defaultStorage()
  const validate = options.validate ?? shouldValidateResponses()
  const listeners = new Set<SessionListener>()
  let refreshing: Promise<AuthResponse> | null = null

  const emit = (session: SessionChange) => {
    for (const listener of [...listeners]) listener(session)
  }
  const http = (token: string | null) => ({ fetch: options.fetch, baseUrl, token })

  const signOut = () => {
    writeToken(storage, null)
    emit(null)
    options.onSignOut?.()
  }

  const startSession = (session: AuthResponse) => {
    writeToken(storage, session.token)
    emit(session)
    return session
  }

  const refresh = () => {
    refreshing ??= (async () => {
      const response = await send(http(null), pathOf('refreshToken'), { method: endpoints.refreshToken.method })
      if (!response.ok) {
        const error = await toApiError(response)
        if (error.status === 401 || error.status === 403) signOut()
        throw error
      }
      return startSession(await readBody<AuthResponse>(response, { route: 'refreshToken' }, validate))
    })().finally(() => {
      refreshing = null
    })
    return refreshing
  }

  async function request<T>(path: string, opts: RequestOptions<T> = {}): Promise<T> {
    const auth = opts.auth ?? true
    const token = () => (auth ? readToken(storage) : null)
    let response = await send(http(token()), path, opts)
    if (auth === true && response.status === 403) {
      await refresh()
      response = await send(http(token()), path, opts)
    }
    if (response.ok) return readBody(response, opts.schema, validate)
    const error = await toApiError(response)
    if (auth === true && response.status === 401) signOut()
    throw error
  }

  const call = routeCaller(request)

  /** A file answer (CSV): the same token, refresh and errors as `request`, the body kept as bytes. */
  async function fetchFile(path: string): Promise<Blob> {
    let response = await send(http(readToken(storage)), path, {})
    if (response.status === 403) {
      await refresh()
      response = await send(http(readToken(storage)), path, {})
    }
    if (response.ok) return response.blob()
    const error = await toApiError(response)
    if (response.status === 401) signOut()
    throw error
  }

  return {
    baseUrl,
    getToken: () => readToken(storage),
    onSession(listener) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    clearSession() {
      writeToken(storage, null)
      emit(null)
    },
    request,
    auth: {
      login: async (body) => startSession(await call('login', { body, auth: false })),
      refresh,
      async logout() {
        try {
          await call('logout', { auth: 'token' })
        } catch (error) {
          // The session ends here whatever the server says; only an unexpected failure is worth reporting.
          if (!(error instanceof ApiError) || error.status >= 500) throw error
        } finally {
          writeToken(storage, null)
          emit(null)
        }
      },
      signup: (body) => call('signup', { body, auth: false }),
      signupOpen: async () => (await call('signupStatus', { auth: false })).open,
    },
    users: {
      list: ({ searchParam = '', pageNumber = 1 } = {}) => call('userList', { query: { searchParam, pageNumber } }),
      get: (id) => call('userGet', { params: { id } }),
      create: (body) => call('userCreate', { body }),
      update: (id, body) => call('userUpdate', { params: { id }, body }),
      delete: async (id) => {
        await call('userDelete', { params: { id } })
      },
    },
    settings: {
      list: () => call('settingList'),
      update: (key, value) => call('settingUpdate', { params: { key }, body: { value } }),
    },
    tickets: ticketsApi(request),
    bots: botsApi(request),
    messages: messagesApi(request),
    connections: connectionsApi(request),
    sessions: sessionsApi(request),
    contacts: contactsApi(request),
    queues: queuesApi(request),
    quickAnswers: quickAnswersApi(request),
    dashboard: dashboardApi(request),
    outreach: outreachApi(request, fetchFile),
    groups: groupsApi(request),
    mail: mailApi(request, fetchFile),
    tags: tagsApi(request),
    kanban: kanbanApi(request, fetchFile),
  }
}
