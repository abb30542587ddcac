import type { WidgetMessage, WidgetServerToClientEvents } from '@desk/api-client/contract'
import type { FrameToHost } from '@desk/api-client/widget-protocol'
import { describe, expect, it, vi } from 'vitest'
import { type WidgetApi, WidgetApiError } from '../src/frame/model/api'
import type { WidgetSocket } from '../src/frame/model/state'
import { createVisitorStorage } from '../src/frame/model/storage'
import { createWidgetStore } from '../src/frame/model/store'
import { message } from './fixtures'

/** A desk in memory behind the frame's api: its messages, and the calls it received. */
function fakeDesk(initial: WidgetMessage[] = []) {
  const desk = { messages: [...initial], sends: [] as string[], failNextSend: false }
  const api = {
    setSession: vi.fn(),
    config: vi.fn(async () => ({
      connectionId: 7,
      name: 'Acme',
      allowedOrigins: [],
      verifiedOnly: false,
      offlineEmail: false,
      theme: {},
      online: true,
    })),
    session: vi.fn(async () => ({
      sessionToken: 'session-1',
      expiresAt: '',
      mode: 'customer',
      visitorToken: 'visitor-1',
      contact: { id: 1, name: 'Visitor' },
      ticketId: 1,
      canReply: true,
      user: null,
    })),
    messages: vi.fn(async ({ after = 0 }: { after?: number }) => ({
      messages: desk.messages.filter((m) => m.id > after),
      hasMore: false,
    })),
    send: vi.fn(async (clientId: string, body: string) => {
      desk.sends.push(clientId)
      if (desk.failNextSend) {
        desk.failNextSend = false
        throw new WidgetApiError(0, 'ERR_NETWORK')
      }
      const stored =
        desk.messages.find((m) => m.clientId === clientId) ??
        message(desk.messages.length + 100, { clientId, body, fromCustomer: true })
      if (!desk.messages.includes(stored)) desk.messages.push(stored)
      return stored
    }),
    read: vi.fn(async () => undefined),
    contact: vi.fn(async () => undefined),
    quickAnswers: vi.fn(async () => []),
  }
  return { desk, api: api as unknown as WidgetApi & typeof api }
}

function fakeSocket() {
  const handlers = new Map<string, (...args: unknown[]) => void>()
  const socket: WidgetSocket = {
    on: (event: string, fn: (...args: never[]) => void) => handlers.set(event, fn as (...args: unknown[]) => void),
    disconnect: vi.fn(),
  } as WidgetSocket
  return {
    socket,
    connect: () => handlers.get('connect')?.(),
    emit: <E extends keyof WidgetServerToClientEvents>(event: E, ...args: Parameters<WidgetServerToClientEvents[E]>) =>
      handlers.get(event)?.(...args),
  }
}

function setup(initial: WidgetMessage[], open = false) {
  const { desk, api } = fakeDesk(initial)
  const live = fakeSocket()
  const posted: FrameToHost[] = []
  const storage = createVisitorStorage(7, window.localStorage)
  const store = createWidgetStore(
    { api, storage, connect: () => live.socket, post: (m) => posted.push(m), isVisible: () => true },
    { locale: 'en', open, token: null },
  )
  return { desk, api, live, posted, store, storage }
}

describe('the frame’s conversation', () => {
  it('opens a session, keeps the visitor token and shows the conversation', async () => {
    localStorage.clear()
    const { store, storage, api } = setup([message(1), message(2)])
    await store.start()
    expect(store.getState().phase).toBe('ready')
    expect(store.getState().messages.map((m) => m.id)).toEqual([1, 2])
    expect(storage.visitorToken()).toBe('visitor-1')
    expect(api.setSession).toHaveBeenLastCalledWith('session-1')
  })

  it('after a reconnect asks for what came since the last message and merges it without doubles', async () => {
    localStorage.clear()
    const { store, live, desk, posted } = setup([message(1)])
    await store.start()
    live.connect()
    live.emit('widget:message', { action: 'create', message: message(2) })
    // Cut off: 3 and 4 arrive while the socket is away; 2 is delivered again by the catch-up.
    desk.messages.push(message(2), message(3), message(4))
    live.connect()
    await vi.waitFor(() => expect(store.getState().messages.map((m) => m.id)).toEqual([1, 2, 3, 4]))
    const received = posted
      .filter((m) => m.type === 'message:received')
      .map((m) => m.type === 'message:received' && m.message.id)
    expect(received).toEqual([2, 3, 4])
  })

  it('shows a sent message at once and replaces it with the desk’s copy', async () => {
    localStorage.clear()
    const { store, posted } = setup([])
    await store.start()
    const sending = store.send('hello')
    expect(store.getState().pending).toMatchObject([{ body: 'hello', status: 'sending' }])
    await sending
    expect(store.getState().pending).toEqual([])
    expect(store.getState().messages).toMatchObject([{ body: 'hello', fromCustomer: true }])
    expect(posted.some((m) => m.type === 'message:sent')).toBe(true)
  })

  it('retries a failed send with the same clientId, so the desk never stores it twice', async () => {
    localStorage.clear()
    const { store, desk } = setup([])
    await store.start()
    desk.failNextSend = true
    await store.send('are you there?')
    const [failed] = store.getState().pending
    expect(failed).toMatchObject({ status: 'failed', error: 'ERR_NETWORK' })
    await store.retry(failed.clientId)
    expect(desk.sends).toEqual([failed.clientId, failed.clientId])
    expect(store.getState().messages.filter((m) => m.body === 'are you there?')).toHaveLength(1)
    expect(store.getState().pending).toEqual([])
  })

  it('counts unread messages while closed, tells the host, and marks them read on open', async () => {
    localStorage.clear()
    const { store, live, posted, api } = setup([message(1)])
    await store.start()
    live.emit('widget:message', { action: 'create', message: message(2) })
    expect(store.getState().unread).toBe(2)
    expect(posted.filter((m) => m.type === 'unread').at(-1)).toEqual({ type: 'unread', count: 2 })
    store.setOpen(true)
    expect(api.read).toHaveBeenCalledWith(2)
    expect(posted.slice(-2)).toEqual([{ type: 'unread', count: 0 }, { type: 'opened' }])
  })

  it('shows the desk’s error code when the session cannot be had', async () => {
    localStorage.clear()
    const { store, api, posted } = setup([])
    api.session.mockRejectedValueOnce(new WidgetApiError(403, 'ERR_WIDGET_VERIFIED_ONLY'))
    await store.start()
    expect(store.getState()).toMatchObject({ phase: 'error', error: 'ERR_WIDGET_VERIFIED_ONLY' })
    expect(posted).toContainEqual({ type: 'error', code: 'ERR_WIDGET_VERIFIED_ONLY' })
  })

  it('pages back with `before` and keeps what it held', async () => {
    localStorage.clear()
    const { store, api } = setup([])
    api.messages.mockResolvedValueOnce({ messages: [message(5), message(6)], hasMore: true })
    await store.start()
    api.messages.mockResolvedValueOnce({ messages: [message(3), message(4)], hasMore: false })
    await store.loadOlder()
    expect(api.messages).toHaveBeenLastCalledWith({ before: 5 })
    expect(store.getState()).toMatchObject({ hasMore: false, loadingOlder: false })
    expect(store.getState().messages.map((m) => m.id)).toEqual([3, 4, 5, 6])
  })

  it('opens a new session with the partner’s token when the host signs the visitor in', async () => {
    localStorage.clear()
    const { store, api } = setup([])
    await store.start()
    await store.setUser({ token: 'partner.jwt', name: 'Maria' })
    expect(api.session).toHaveBeenLastCalledWith({ token: 'partner.jwt' })
    // The same token again changes nothing.
    await store.setUser({ token: 'partner.jwt' })
    expect(api.session).toHaveBeenCalledTimes(2)
  })

  it('when the session ends, opens a new one for an anonymous visitor but asks a partner’s visitor for a new token', async () => {
    localStorage.clear()
    const anonymous = setup([])
    await anonymous.store.start()
    anonymous.live.emit('widget:expired')
    await vi.waitFor(() => expect(anonymous.api.session).toHaveBeenCalledTimes(2))
    expect(anonymous.api.session).toHaveBeenLastCalledWith(expect.objectContaining({ visitorToken: 'visitor-1' }))

    const partner = setup([])
    await partner.store.setUser({ token: 'partner.jwt' })
    partner.live.emit('widget:expired')
    expect(partner.store.getState()).toMatchObject({ phase: 'error', error: 'ERR_WIDGET_TOKEN_EXPIRED' })
    expect(partner.posted).toContainEqual({ type: 'error', code: 'ERR_WIDGET_TOKEN_EXPIRED' })
  })

  it('answers the address the desk keeps when the visitor leaves one (an address already stored stays)', async () => {
    localStorage.clear()
    const { store, api } = setup([])
    await store.start()
    api.contact.mockResolvedValueOnce({ name: 'Visitor', email: 'kept@shop.example' } as never)
    expect(await store.saveContact('typed@mail.example')).toBe('kept@shop.example')
    expect(api.contact).toHaveBeenLastCalledWith({ email: 'typed@mail.example' })
    expect(store.getState().contactSaved).toBe(true)
  })
})
