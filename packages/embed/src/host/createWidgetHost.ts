import type { HostToFrame, WidgetConfig, WidgetTheme, WidgetThemeOverride } from '@desk/api-client/contract'
import { fromFrame, originOf, postTo } from '../shared/protocol'
import { FALLBACK_THEME } from '../shared/theme'
import { createEmitter } from './events'
import { whenFirstVisitor } from './firstVisitor'
import { FRAME_ALLOW, FRAME_SANDBOX, frameUrl, hostKeeping, whenIdle } from './frame'
import { createShell, type Shell } from './shell'
import { pickLocale, say } from './strings'
import type { WidgetHost, WidgetHostOptions } from './types'

/** The desk's error code in an answer (`ERR_…`), else undefined. */
const deskCode = (value: unknown) => (typeof value === 'string' && /^ERR_[A-Z_]+$/.test(value) ? value : undefined)

/** The host page's side of the widget, shared by the script tag and the React components. */
export function createWidgetHost(options: WidgetHostOptions): WidgetHost {
  const events = createEmitter()
  const deskOrigin = originOf(options.deskUrl)
  const connectionId = String(options.connectionId)
  const floating = options.mode !== 'inline'
  let config: WidgetConfig | null = null
  let shell: Shell | null = null
  let frame: HTMLIFrameElement | null = null
  let ready = false
  let open = !floating
  let destroyed = false
  /** The frame is made or waiting for its turn (`whenFirstVisitor`). */
  let framing = false
  /** Lets other frames of this connection start: this one is ready (or gone). */
  let started: () => void = () => undefined
  let user = options.user ?? null
  let chosenLocale = options.locale
  let themeOverride: WidgetThemeOverride = options.theme ?? {}
  const locale = () => pickLocale(chosenLocale)
  const theme = (): WidgetTheme => ({ ...FALLBACK_THEME, ...config?.theme, ...themeOverride })
  const frameOrigin = options.frameSrc ? originOf(new URL(options.frameSrc, location.href).href) : deskOrigin

  const send = (message: HostToFrame) => {
    if (ready && frame?.contentWindow) postTo(frame.contentWindow, frameOrigin, message)
  }
  const fail = (code: string, explanation?: string) => {
    if (explanation) console.error(`LimeDesk widget: ${explanation}`)
    events.emit('error', { code })
  }
  const repaint = () => shell?.setTheme(theme(), locale())

  const kept = hostKeeping(connectionId)

  const onMessage = (event: MessageEvent) => {
    const message = fromFrame(event, frameOrigin ?? '', frame?.contentWindow)
    if (!message) return
    if (message.type === 'ready') {
      ready = true
      started()
      if (user) send({ type: 'setUser', user })
      if (chosenLocale) send({ type: 'setLocale', locale: locale() })
      if (Object.keys(themeOverride).length > 0) send({ type: 'setTheme', theme: themeOverride })
      if (open) {
        send({ type: 'open' })
        if (floating) frame?.focus()
      }
      events.emit('ready', { mode: message.mode })
    } else if (message.type === 'opened') events.emit('opened', undefined)
    else if (message.type === 'closed') setClosed()
    else if (message.type === 'unread') {
      shell?.setUnread(message.count)
      events.emit('unread', { count: message.count })
    } else if (message.type === 'error') events.emit('error', { code: message.code })
    else if (message.type === 'keep') {
      if (message.key === 'visitor' || message.key === 'read') kept.keep(message.key, message.value)
    } else events.emit(message.type, message.message)
  }

  const ensureFrame = () => {
    if (framing || !shell || !config || destroyed) return
    framing = true
    // An anonymous frame starts once no other of this connection on the page is starting, so that they
    // share one visitor (see `firstVisitor.ts`). A frame from elsewhere (`frameSrc`, stories) is none of them.
    whenFirstVisitor(`${deskOrigin} ${connectionId}`, !user?.token && !options.frameSrc, (done) => {
      started = done
      if (destroyed) done()
      else makeFrame()
    })
  }

  const makeFrame = () => {
    if (!shell || !config) return
    frame = document.createElement('iframe')
    frame.title = say(locale(), 'title', { name: config.name })
    frame.setAttribute('sandbox', FRAME_SANDBOX)
    frame.setAttribute('allow', FRAME_ALLOW)
    frame.setAttribute('data-testid', 'limedesk-frame')
    frame.referrerPolicy = 'origin'
    frame.src =
      options.frameSrc ??
      frameUrl(deskOrigin ?? '', connectionId, floating ? 'floating' : 'inline', locale(), user, kept.read())
    shell.panel.append(frame)
  }

  const setClosed = () => {
    if (!floating || !open) return
    open = false
    shell?.setOpen(false)
    send({ type: 'close' })
    events.emit('closed', undefined)
    shell?.launcher?.focus()
  }

  const start = async () => {
    if (!deskOrigin) return fail('ERR_WIDGET_DESK_URL', `${options.deskUrl} is not the address of a desk`)
    const notAllowed = () =>
      fail(
        'ERR_WIDGET_ORIGIN_NOT_ALLOWED',
        `${location.origin} is not among the allowed origins of connection ${connectionId}; the widget does not start`,
      )
    try {
      const response = await fetch(`${deskOrigin}/api/widget/${encodeURIComponent(connectionId)}/config`)
      const body = await response.json().catch(() => null)
      if (!response.ok) {
        // The desk refuses a page it does not allow with a code this page may read; anything else that
        // is not the desk's own code (a proxy's error page) means the desk is not available.
        const code = deskCode(body?.error)
        if (code === 'ERR_WIDGET_ORIGIN_NOT_ALLOWED') return notAllowed()
        return fail(code ?? 'ERR_WIDGET_UNAVAILABLE', `the desk answered ${response.status}`)
      }
      config = body as WidgetConfig
    } catch {
      return fail('ERR_WIDGET_UNAVAILABLE', `${deskOrigin} could not be reached`)
    }
    if (destroyed) return
    if (!config.allowedOrigins.some((o) => originOf(o) === location.origin.toLowerCase())) return notAllowed()
    if (!document.body) await new Promise((resolve) => addEventListener('DOMContentLoaded', resolve, { once: true }))
    shell = createShell({ floating, container: options.container ?? document.body, onLauncher: () => api.toggle() })
    shell.setOpen(open)
    repaint()
    addEventListener('message', onMessage)
    if (open || !floating) ensureFrame()
    else if (options.load === 'idle') whenIdle(ensureFrame)
  }

  const api: WidgetHost = {
    open() {
      if (!floating || open || destroyed) return
      open = true
      shell?.setOpen(true)
      ensureFrame()
      send({ type: 'open' })
      if (ready) frame?.focus()
    },
    close: setClosed,
    toggle: () => (open && floating ? api.close() : api.open()),
    setUser(next) {
      user = next
      send({ type: 'setUser', user: next })
    },
    setLocale(next) {
      chosenLocale = next
      repaint()
      if (frame && config) frame.title = say(locale(), 'title', { name: config.name })
      send({ type: 'setLocale', locale: locale() })
    },
    setTheme(next) {
      themeOverride = { ...themeOverride, ...next }
      repaint()
      send({ type: 'setTheme', theme: themeOverride })
    },
    on: events.on,
    off: events.off,
    destroy() {
      destroyed = true
      started()
      removeEventListener('message', onMessage)
      shell?.destroy()
    },
  }
  void start()
  return api
}
