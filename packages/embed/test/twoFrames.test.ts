import type { WidgetConfig } from '@desk/api-client/contract'
import { envelope, type FrameToHost } from '@desk/api-client/widget-protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { WidgetApi } from '../src/frame/model/api'
import { createVisitorStorage } from '../src/frame/model/storage'
import { createWidgetStore, type WidgetStore } from '../src/frame/model/store'
import { createWidgetHost, type WidgetHost } from '../src/host'

/**
 * Two frames of one connection on one page, both started at once by their hosts (an inline panel and an
 * open floating widget) with no visitor stored anywhere, as the partner's page and the desk's frame app
 * run them: each frame a real store over a desk in memory that makes a new anonymous visitor for every
 * session asked without a visitor token.
 */
const desk = 'https://desk.example'
const config: WidgetConfig = {
  connectionId: 7,
  name: 'Acme support',
  allowedOrigins: [location.origin],
  verifiedOnly: false,
  offlineEmail: false,
  theme: { primaryColor: '#2563eb', mode: 'light', position: 'right', launcherText: 'Help', launcherIcon: 'help' },
  online: true,
}

/** The desk: the anonymous visitors it made, in order. */
let visitors: string[] = []
/** The desk origin's storage, shared by its frames on one page (when the browser allows them storage). */
let deskStorage: Map<string, string>
let hosts: WidgetHost[] = []
let frames: Map<HTMLIFrameElement, WidgetStore>

const deskApi = () =>
  ({
    setSession: () => undefined,
    config: async () => config,
    // The desk answers after the other frame has had its chance to ask too.
    session: async ({ visitorToken }: { visitorToken?: string }) => {
      await new Promise((resolve) => setTimeout(resolve, 0))
      const visitor = visitorToken && visitors.includes(visitorToken) ? visitorToken : `visitor-${visitors.length + 1}`
      if (!visitors.includes(visitor)) visitors.push(visitor)
      return {
        sessionToken: `session-of-${visitor}`,
        expiresAt: '',
        mode: 'customer',
        visitorToken: visitor,
        contact: { id: visitors.indexOf(visitor) + 1, name: 'Visitor' },
        ticketId: null,
        canReply: true,
        user: null,
      }
    },
    messages: async () => ({ messages: [], hasMore: false }),
    read: async () => undefined,
  }) as unknown as WidgetApi

const memoryStorage = (): Storage =>
  ({
    getItem: (key: string) => deskStorage.get(key) ?? null,
    setItem: (key: string, value: string) => void deskStorage.set(key, value),
    removeItem: (key: string) => void deskStorage.delete(key),
  }) as Storage

/**
 * Starts the frame app in `iframe` as the desk's `main.tsx` does: what the host handed it in the address's
 * fragment, its own storage (or none, the browser refusing it), and `ready` once its conversation is shown.
 * (jsdom gives a frame inside a shadow root no window: it borrows one of a frame outside.)
 */
function bootFrame(iframe: HTMLIFrameElement, ownStorage: boolean) {
  const stand = document.createElement('iframe')
  document.body.append(stand)
  const win = stand.contentWindow as Window
  Object.defineProperty(iframe, 'contentWindow', { value: win })
  vi.spyOn(win, 'postMessage').mockImplementation(() => undefined)
  const post = (message: FrameToHost) =>
    window.dispatchEvent(new MessageEvent('message', { origin: desk, source: win, data: envelope(message) }))
  const fragment = new URLSearchParams(new URL(iframe.src).hash.slice(1))
  const visitor = fragment.get('visitor')
  const store = createWidgetStore(
    {
      api: deskApi(),
      storage: createVisitorStorage(7, ownStorage ? memoryStorage() : null, {
        kept: visitor ? { visitor } : {},
        keep: (key, value) => post({ type: 'keep', key, value }),
      }),
      connect: async () => ({ on: () => undefined, disconnect: () => undefined }),
      post,
      isVisible: () => true,
    },
    { locale: 'en', open: true, token: null, config },
  )
  let told = false
  store.subscribe(() => {
    if (told || store.getState().phase === 'loading') return
    told = true
    post({ type: 'ready', mode: 'customer' })
  })
  frames.set(iframe, store)
  void store.start()
}

/** Boots every frame the hosts have made so far, until there are `count`, all with their conversation. */
async function framesStarted(count: number, ownStorage: boolean) {
  await vi.waitFor(
    () => {
      for (const widget of document.querySelectorAll('[data-limedesk-widget]')) {
        const iframe = widget.shadowRoot?.querySelector('iframe')
        if (iframe && !frames.has(iframe)) bootFrame(iframe, ownStorage)
      }
      expect([...frames.values()].map((store) => store.getState().phase)).toEqual(Array(count).fill('ready'))
    },
    { timeout: 4000 },
  )
  return [...frames.values()].map((store) => store.getState().session?.visitorToken)
}

/** An inline panel and a floating widget opened at once, of one connection, on one page. */
function twoWidgets() {
  const box = document.createElement('div')
  document.body.append(box)
  hosts = [
    createWidgetHost({ deskUrl: desk, connectionId: 7, mode: 'inline', container: box }),
    createWidgetHost({ deskUrl: desk, connectionId: 7 }),
  ]
  hosts[1].open()
}

beforeEach(() => {
  visitors = []
  deskStorage = new Map()
  frames = new Map()
  localStorage.clear()
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(config)),
  )
})
afterEach(() => {
  for (const host of hosts) host.destroy()
  hosts = []
  document.body.replaceChildren()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('two frames of one connection on one page', () => {
  it('are one anonymous visitor when the frames keep the visitor in their own storage', async () => {
    twoWidgets()
    expect(await framesStarted(2, true)).toEqual(['visitor-1', 'visitor-1'])
    expect(visitors).toEqual(['visitor-1'])
  })

  it('are one anonymous visitor when the browser refuses the frames storage and the page keeps it', async () => {
    twoWidgets()
    expect(await framesStarted(2, false)).toEqual(['visitor-1', 'visitor-1'])
    expect(visitors).toEqual(['visitor-1'])
    expect(localStorage.getItem('limedesk:7:visitor')).toBe('visitor-1')
  })

  it('do not wait for each other when the page names the visitor with a partner token', async () => {
    const box = document.createElement('div')
    document.body.append(box)
    hosts = [
      createWidgetHost({ deskUrl: desk, connectionId: 7, mode: 'inline', container: box, user: { token: 'a.b.c' } }),
      createWidgetHost({ deskUrl: desk, connectionId: 7, user: { token: 'a.b.c' } }),
    ]
    hosts[1].open()
    // Both frames are made before either is ready.
    await vi.waitFor(() =>
      expect(
        [...document.querySelectorAll('[data-limedesk-widget]')].filter((w) => w.shadowRoot?.querySelector('iframe')),
      ).toHaveLength(2),
    )
  })

  it('let the next frame start when the first is removed before it is ready', async () => {
    twoWidgets()
    const shells = () => [...document.querySelectorAll('[data-limedesk-widget]')]
    const withFrame = () => shells().filter((shell) => shell.shadowRoot?.querySelector('iframe'))
    await vi.waitFor(() => expect(shells()).toHaveLength(2))
    // The second frame waits for the first, which never reports ready: its widget is removed instead.
    expect(withFrame()).toHaveLength(1)
    const first = withFrame()[0]
    hosts[shells().indexOf(first)].destroy()
    await vi.waitFor(() => expect(withFrame()).toHaveLength(1))
    expect(withFrame()[0]).not.toBe(first)
  })
})
