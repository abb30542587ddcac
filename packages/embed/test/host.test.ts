import { envelope } from '@desk/api-client/widget-protocol'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWidgetHost, type WidgetHost } from '../src/host'
import { installApi, type QueuedCall } from '../src/loader/api'

const desk = 'https://desk.example'
const config = (allowedOrigins = [location.origin]) => ({
  connectionId: 7,
  name: 'Acme support',
  allowedOrigins,
  verifiedOnly: false,
  offlineEmail: true,
  theme: { primaryColor: '#2563eb', mode: 'light', position: 'left', launcherText: 'Help', launcherIcon: 'help' },
  online: true,
})

let host: WidgetHost | undefined
const shadow = () => document.querySelector('[data-limedesk-widget]')?.shadowRoot ?? null
const launcher = () => shadow()?.querySelector<HTMLButtonElement>('[data-testid="limedesk-launcher"]') ?? null
const frame = () => shadow()?.querySelector<HTMLIFrameElement>('iframe') ?? null
/**
 * jsdom gives no window to a frame inside a shadow root (browsers do): the frame borrows the window of a
 * frame outside one, so the widget's checks of `event.source` meet a real window.
 */
const frameWindow = async () => {
  await until(frame)
  const stand = document.createElement('iframe')
  document.body.append(stand)
  Object.defineProperty(frame(), 'contentWindow', { value: stand.contentWindow })
  return stand.contentWindow as Window
}
const fromFrame = (message: unknown, origin = desk, source: Window | null = frame()?.contentWindow ?? null) =>
  window.dispatchEvent(new MessageEvent('message', { origin, source, data: envelope(message) }))
const until = (check: () => unknown) => vi.waitFor(() => expect(check()).toBeTruthy(), { timeout: 4000 })

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(config())),
  )
  vi.stubGlobal('requestIdleCallback', (fn: () => void) => setTimeout(fn, 0))
})
afterEach(() => {
  document.body.replaceChildren()
  host?.destroy()
  host = undefined
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the floating widget', () => {
  it('asks the desk for the connection’s config and shows its launcher in a shadow root', async () => {
    host = createWidgetHost({ deskUrl: `${desk}/embed.js`, connectionId: 7 })
    await until(launcher)
    expect(fetch).toHaveBeenCalledWith(`${desk}/api/widget/7/config`)
    expect(launcher()?.querySelector('.text')?.textContent).toBe('Help')
    expect(launcher()?.getAttribute('aria-expanded')).toBe('false')
    expect(shadow()?.querySelector('.left')).not.toBeNull()
    // The conversation app waits for the first open.
    expect(frame()).toBeNull()
  })

  it('refuses to start on a page whose origin the connection does not allow', async () => {
    vi.mocked(fetch).mockResolvedValue(Response.json(config(['https://portal.example'])))
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const errors: string[] = []
    host = createWidgetHost({ deskUrl: desk, connectionId: 7 })
    host.on('error', ({ code }) => errors.push(code))
    await until(() => errors.length)
    expect(errors).toEqual(['ERR_WIDGET_ORIGIN_NOT_ALLOWED'])
    expect(logged.mock.calls[0][0]).toMatch(/not among the allowed origins/)
    expect(document.querySelector('[data-limedesk-widget]')).toBeNull()
  })

  it('reports the desk’s refusal of this page as ERR_WIDGET_ORIGIN_NOT_ALLOWED, and a proxy’s error as unavailable', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const startWith = async (answer: Response) => {
      vi.mocked(fetch).mockResolvedValueOnce(answer)
      const errors: string[] = []
      const widget = createWidgetHost({ deskUrl: desk, connectionId: 7 })
      widget.on('error', ({ code }) => errors.push(code))
      await until(() => errors.length)
      widget.destroy()
      return errors
    }
    // What the desk answers a page whose origin the connection does not allow (readable across origins).
    const refusal = Response.json({ error: 'ERR_WIDGET_ORIGIN_NOT_ALLOWED', message: 'no' }, { status: 403 })
    expect(await startWith(refusal)).toEqual(['ERR_WIDGET_ORIGIN_NOT_ALLOWED'])
    expect(logged.mock.calls.at(-1)?.[0]).toMatch(/not among the allowed origins of connection 7/)
    expect(document.querySelector('[data-limedesk-widget]')).toBeNull()
    // Not the desk's words: a proxy in front of it answering with its own error.
    const proxy = Response.json({ error: 'Bad Gateway' }, { status: 502 })
    expect(await startWith(proxy)).toEqual(['ERR_WIDGET_UNAVAILABLE'])
    expect(await startWith(new Response('<h1>502</h1>', { status: 502 }))).toEqual(['ERR_WIDGET_UNAVAILABLE'])
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const errors: string[] = []
    createWidgetHost({ deskUrl: desk, connectionId: 7 }).on('error', ({ code }) => errors.push(code))
    await until(() => errors.length)
    expect(errors).toEqual(['ERR_WIDGET_UNAVAILABLE'])
  })

  it('opens the frame on the desk with a sandbox, a title and the token only in the fragment', async () => {
    host = createWidgetHost({ deskUrl: desk, connectionId: 7, locale: 'es', user: { token: 'abc.def' } })
    await until(launcher)
    launcher()?.click()
    const src = new URL(frame()?.src ?? '')
    expect(`${src.origin}${src.pathname}`).toBe(`${desk}/widget/7`)
    expect(Object.fromEntries(src.searchParams)).toEqual({ mode: 'floating', locale: 'es', parent: location.origin })
    expect(src.hash).toBe('#token=abc.def')
    expect(frame()?.getAttribute('sandbox')).toContain('allow-scripts')
    expect(frame()?.getAttribute('sandbox')).not.toContain('allow-top-navigation')
    expect(frame()?.getAttribute('allow')).toBe('clipboard-write')
    expect(frame()?.title).toBe('Chat con Acme support')
    expect(launcher()?.getAttribute('aria-expanded')).toBe('true')
  })

  it('talks to the frame once it is ready, and only to the desk origin', async () => {
    host = createWidgetHost({ deskUrl: desk, connectionId: 7, load: 'idle' })
    host.setTheme({ primaryColor: '#000000' })
    const post = vi.spyOn(await frameWindow(), 'postMessage').mockImplementation(() => undefined)
    const ready = vi.fn()
    host.on('ready', ready)
    fromFrame({ type: 'ready', mode: 'customer' }, 'https://evil.example')
    expect(ready).not.toHaveBeenCalled()
    fromFrame({ type: 'ready', mode: 'customer' })
    expect(ready).toHaveBeenCalledWith({ mode: 'customer' })
    expect(post).toHaveBeenCalledWith(envelope({ type: 'setTheme', theme: { primaryColor: '#000000' } }), desk)
    host.open()
    expect(post).toHaveBeenLastCalledWith(envelope({ type: 'open' }), desk)
    expect(post.mock.calls.map((call) => call[1] as unknown)).toEqual(post.mock.calls.map(() => desk))
  })

  it('passes the frame’s events on, shows the unread badge and closes when the frame says so', async () => {
    host = createWidgetHost({ deskUrl: desk, connectionId: 7, load: 'idle' })
    await frameWindow()
    const seen: string[] = []
    for (const name of ['opened', 'closed', 'unread', 'message:received'] as const)
      host.on(name, (detail) => seen.push(`${name} ${JSON.stringify(detail ?? '')}`))
    fromFrame({ type: 'ready', mode: 'customer' })
    fromFrame({ type: 'unread', count: 3 })
    const badge = shadow()?.querySelector<HTMLElement>('[data-testid="limedesk-unread"]')
    expect(badge?.hidden).toBe(false)
    expect(badge?.textContent).toBe('3')
    host.open()
    fromFrame({ type: 'opened' })
    fromFrame({ type: 'closed' })
    expect(launcher()?.getAttribute('aria-expanded')).toBe('false')
    expect(seen).toEqual(['unread {"count":3}', 'opened ""', 'closed ""'])
  })
})

describe('window.LimeDeskWidget', () => {
  it('runs the calls queued before the loader arrived, in order', async () => {
    host = createWidgetHost({ deskUrl: desk, connectionId: 7 })
    const opened = vi.fn()
    const queued: QueuedCall[] = [
      ['on', ['opened', opened]],
      ['setLocale', ['pt-BR']],
      ['open', []],
    ]
    const api = installApi(host, queued)
    await frameWindow()
    expect(new URL(frame()!.src).searchParams.get('locale')).toBe('pt-BR')
    expect(launcher()?.getAttribute('aria-label')).toBe('Fechar conversa')
    fromFrame({ type: 'ready', mode: 'customer' })
    fromFrame({ type: 'opened' })
    expect(opened).toHaveBeenCalledOnce()
    api.toggle()
    expect(launcher()?.getAttribute('aria-expanded')).toBe('false')
  })
})
