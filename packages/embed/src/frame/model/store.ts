import type { WidgetLocale, WidgetMessage, WidgetUser } from '@desk/api-client/contract'
import { lastId, mergeMessages, newClientId, unreadCount, unsettled } from './conversation'
import {
  initialState,
  SESSION_OVER,
  type WidgetSocket,
  type WidgetState,
  type WidgetStoreDeps,
  type WidgetStoreOptions,
} from './state'

const codeOf = (error: unknown) => (error as { code?: string }).code ?? 'ERR_UNKNOWN'

/** The frame's state and everything that changes it: session, messages, live updates, sends, reads. */
export function createWidgetStore(deps: WidgetStoreDeps, options: WidgetStoreOptions) {
  const { api, storage } = deps
  let state = initialState(options.locale, options.open)
  if (options.config) state = { ...state, config: options.config, online: options.config.online }
  const listeners = new Set<() => void>()
  let user: WidgetUser | null = options.token ? { token: options.token } : null
  let socket: WidgetSocket | null = null
  let generation = 0

  const set = (patch: Partial<WidgetState>) => {
    const unreadBefore = state.unread
    state = { ...state, ...patch }
    if (state.unread !== unreadBefore) deps.post({ type: 'unread', count: state.unread })
    for (const listener of listeners) listener()
  }
  const recount = () => set({ unread: state.open ? 0 : unreadCount(state.messages, storage.readUpTo()) })

  /** Takes messages in: merged by id, their pending copies dropped; new desk messages told to the host. */
  const receive = (incoming: WidgetMessage[], announce: boolean) => {
    const held = new Set(state.messages.map((m) => m.id))
    const messages = mergeMessages(state.messages, incoming)
    set({ messages, pending: unsettled(state.pending, messages) })
    if (announce)
      for (const m of incoming)
        if (!held.has(m.id) && !m.fromCustomer) deps.post({ type: 'message:received', message: m })
    markRead()
    recount()
  }

  const fail = (error: unknown) => {
    const code = codeOf(error)
    if (SESSION_OVER.has(code)) return void sessionOver()
    set({ phase: 'error', error: code })
    deps.post({ type: 'error', code })
  }

  /** The session ended: an anonymous visitor gets a new one at once; a partner's visitor needs a new token. */
  const sessionOver = () => {
    if (!user?.token) return openSession()
    set({ phase: 'error', error: 'ERR_WIDGET_TOKEN_EXPIRED' })
    deps.post({ type: 'error', code: 'ERR_WIDGET_TOKEN_EXPIRED' })
  }

  const catchUp = async (gen: number) => {
    for (let more = true; more && gen === generation; ) {
      const page = await api.messages({ after: lastId(state.messages) ?? 0, limit: 100 })
      if (gen !== generation) return
      receive(page.messages, true)
      more = page.hasMore && page.messages.length > 0
    }
  }

  const listen = async (sessionToken: string, gen: number) => {
    const live = await deps.connect(sessionToken)
    if (gen !== generation) return void live.disconnect()
    socket = live
    // Every (re)connect asks for what came meanwhile: merged by id, so nothing is missed or doubled.
    live.on('connect', () => void catchUp(gen).catch(fail))
    live.on('widget:message', ({ message }) => gen === generation && receive([message], true))
    live.on('widget:presence', ({ online }) => gen === generation && set({ online }))
    live.on('widget:expired', () => gen === generation && sessionOver())
  }

  async function openSession(): Promise<void> {
    const gen = ++generation
    socket?.disconnect()
    socket = null
    api.setSession(null)
    set({ phase: 'loading', error: null })
    try {
      const config = state.config ?? (await api.config())
      set({ config, online: config.online })
      const visitorToken = user?.token ? undefined : (storage.visitorToken() ?? undefined)
      const session = await api
        .session(user?.token ? { token: user.token } : { visitorToken, name: user?.name, email: user?.email })
        .catch((error: unknown) => {
          // A stored visitor token the desk no longer knows: start as a new visitor.
          if (!visitorToken || codeOf(error) !== 'ERR_WIDGET_TOKEN_INVALID') throw error
          storage.setVisitorToken(null)
          return api.session({ name: user?.name, email: user?.email })
        })
      if (gen !== generation) return
      if (session.visitorToken) storage.setVisitorToken(session.visitorToken)
      api.setSession(session.sessionToken)
      const page = await api.messages({})
      if (gen !== generation) return
      set({ phase: 'ready', session, messages: page.messages, hasMore: page.hasMore, pending: [] })
      markRead()
      recount()
      await listen(session.sessionToken, gen)
    } catch (error) {
      if (gen === generation) fail(error)
    }
  }

  const attempt = async (clientId: string) => {
    const pending = state.pending.find((p) => p.clientId === clientId)
    if (!pending) return
    set({ pending: state.pending.map((p) => (p === pending ? { ...p, status: 'sending', error: null } : p)) })
    try {
      const message = await api.send(clientId, pending.body, pending.files)
      receive([message], false)
      deps.post({ type: 'message:sent', message })
    } catch (error) {
      const code = codeOf(error)
      if (SESSION_OVER.has(code)) sessionOver()
      set({
        pending: state.pending.map((p) => (p.clientId === clientId ? { ...p, status: 'failed', error: code } : p)),
      })
    }
  }

  function markRead() {
    if (!state.open || !deps.isVisible()) return
    const newest = [...state.messages].reverse().find((m) => !m.fromCustomer)
    if (!newest || newest.id <= storage.readUpTo()) return
    storage.setReadUpTo(newest.id)
    api.read(newest.id).catch(() => undefined)
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    start: openSession,
    setUser(next: WidgetUser | null) {
      const changed = (next?.token ?? null) !== (user?.token ?? null)
      user = next
      if (changed || state.phase === 'error') return openSession()
      if (!next?.token && (next?.name || next?.email) && state.session)
        return api.contact({ name: next.name, email: next.email }).catch(() => undefined)
    },
    setLocale: (locale: WidgetLocale) => set({ locale }),
    setTheme: (theme: WidgetState['themeOverride']) => set({ themeOverride: { ...state.themeOverride, ...theme } }),
    /** Shows or hides the panel (the host asked, or the visitor closed it here) and tells the host. */
    setOpen(open: boolean) {
      if (open === state.open) return
      set({ open })
      if (open) markRead()
      recount()
      deps.post({ type: open ? 'opened' : 'closed' })
    },
    visibilityChanged: () => {
      markRead()
      recount()
    },
    send(body: string, files: readonly File[] = []) {
      const clientId = newClientId()
      const item = {
        clientId,
        body,
        files,
        status: 'sending' as const,
        error: null,
        createdAt: new Date().toISOString(),
      }
      set({ pending: [...state.pending, item] })
      return attempt(clientId)
    },
    /** Sends a failed message again with the same `clientId`: the desk answers the stored one if it arrived. */
    retry: attempt,
    async loadOlder() {
      if (!state.hasMore || state.loadingOlder || state.messages.length === 0) return
      set({ loadingOlder: true })
      try {
        const page = await api.messages({ before: state.messages[0].id })
        set({ messages: mergeMessages(state.messages, page.messages), hasMore: page.hasMore, loadingOlder: false })
      } catch {
        set({ loadingOlder: false })
      }
    },
    /** Leaves an address for the reply; answers the one the desk keeps (an address already stored stays). */
    async saveContact(email: string) {
      const kept = await api.contact({ email })
      set({ contactSaved: true })
      return kept.email ?? email
    },
    quickAnswers: (search: string) => api.quickAnswers(search),
    stop() {
      generation++
      socket?.disconnect()
    },
  }
}
export type WidgetStore = ReturnType<typeof createWidgetStore>
