import type { AuthResponse, LoginRequest, SignupRequest } from '../contract'
import { endpoints, pathOf } from '../contract/endpoints'
import { ApiError } from './errors'
import { type RequestOptions, readBody, send, shouldValidateResponses, toApiError } from './http'
import { botsApi } from './resources/bots'
import { chatApi } from './resources/chat'
import { connectionsApi, sessionsApi } from './resources/connections'
import { contactsApi } from './resources/contacts'
import { groupsApi } from './resources/groups'
import { kanbanApi } from './resources/kanban'
import { mailApi } from './resources/mail'
import { messagesApi } from './resources/messages'
import { outreachApi } from './resources/outreach'
import { dashboardApi, queuesApi, quickAnswersApi } from './resources/queues'
import { tagsApi } from './resources/tags'
import { templatesApi } from './resources/templates'
import { ticketsApi } from './resources/tickets'
import { routeCaller } from './resources/types'
import { settingsApi, usersApi } from './resources/users'
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

/** The typed calls of the route table, over one session (token, refresh, sign-out). */
export type ApiClient = ReturnType<typeof createApiClient>

export function createApiClient(options: ApiClientOptions = {}) {
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
    getToken: (): string | null => readToken(storage),
    /** Called on login, refresh, logout and forced sign-out. Returns the unsubscribe function. */
    onSession(listener: SessionListener): () => void {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    /** Forgets the session on this device without asking the server (e.g. when restoring it failed). */
    clearSession(): void {
      writeToken(storage, null)
      emit(null)
    },
    /** A raw call through the same token, refresh and error handling as the typed ones. */
    request,
    auth: {
      login: async (body: LoginRequest): Promise<AuthResponse> =>
        startSession(await call('login', { body, auth: false })),
      /** Trades the refresh cookie for a new access token; concurrent calls share one request. */
      refresh,
      async logout(): Promise<void> {
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
      signup: (body: SignupRequest) => call('signup', { body, auth: false }),
      /** Whether sign-up takes a new account now (no session needed). */
      signupOpen: async (): Promise<boolean> => (await call('signupStatus', { auth: false })).open,
    },
    users: usersApi(request),
    settings: settingsApi(request),
    tickets: ticketsApi(request),
    messages: messagesApi(request),
    /** Connections (`/whatsapp`). */
    connections: connectionsApi(request),
    /** Connection sessions (`/whatsappsession/:id`). */
    sessions: sessionsApi(request),
    contacts: contactsApi(request),
    queues: queuesApi(request),
    quickAnswers: quickAnswersApi(request),
    dashboard: dashboardApi(request),
    /** Outreach jobs, their recipients, the dispatch connections and the outreach folder. */
    outreach: outreachApi(request, fetchFile),
    /** The groups of a connection: the directory, actions on named groups, new groups and invite links. */
    groups: groupsApi(request),
    /** Protocol close, conversation export and e-mail, SMTP settings and the outbox. */
    mail: mailApi(request, fetchFile),
    /** The tag catalogue and contacts' tags. */
    tags: tagsApi(request),
    /** The Cloud API's message templates: list, refresh, send into a ticket. */
    templates: templatesApi(request),
    /** The kanban of open tickets: lanes and cards. */
    kanban: kanbanApi(request, fetchFile),
    /** Bot switches per contact, the bots' configuration, test console and audit log. */
    bots: botsApi(request),
    /** The internal chat (channels, messages, reads), mentions and private notes. */
    chat: chatApi(request),
  }
}
