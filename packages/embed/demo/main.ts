import type { WidgetLocale, WidgetThemeMode, WidgetThemeOverride } from '@desk/api-client/contract'
import { createWidgetHost, type WidgetEventName, type WidgetHost } from '../src/host'
import './demo.css'

/**
 * The demo host page (`/embed-demo/?connection=<id>`): the floating widget from the script tag, as a
 * partner pastes it, and an inline panel, with controls for the theme and the language and a box that
 * lists the widget's events as they arrive.
 */
type Api = Pick<WidgetHost, 'open' | 'close' | 'toggle' | 'setUser' | 'setLocale' | 'setTheme' | 'on'>
declare global {
  interface Window {
    LimeDeskWidget?: Api | { q: unknown[] }
  }
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const EVENTS: WidgetEventName[] = ['ready', 'opened', 'closed', 'message:received', 'message:sent', 'unread', 'error']
const connection = new URLSearchParams(location.search).get('connection')
document.querySelector('[data-testid="demo-origin"]')!.textContent = location.origin

const log = (source: string, event: string, detail: unknown) => {
  const item = document.createElement('li')
  const shown =
    detail && typeof detail === 'object' && 'body' in detail
      ? { id: (detail as { id: number }).id, body: (detail as { body: string }).body }
      : detail
  item.textContent = `${source} ${event}${shown === undefined ? '' : ` ${JSON.stringify(shown)}`}`
  item.dataset.event = `${source}:${event}`
  $('events').append(item)
  item.scrollIntoView({ block: 'nearest' })
}

if (!connection) {
  $('pick').hidden = false
} else {
  $('demo').hidden = false
  // The snippet partners paste before the script tag: calls made before embed.js arrives wait in a queue.
  const stub = { q: [] as unknown[][] } as Record<string, unknown> & { q: unknown[][] }
  for (const m of ['open', 'close', 'toggle', 'setUser', 'setLocale', 'setTheme', 'on', 'off'])
    stub[m] = (...args: unknown[]) => stub.q.push([m, args])
  window.LimeDeskWidget = stub as unknown as Api
  const widget = () => window.LimeDeskWidget as Api
  for (const event of EVENTS) widget().on(event, (detail) => log('floating', event, detail))

  const script = document.createElement('script')
  script.src = '/embed.js'
  script.async = true
  script.dataset.connection = connection
  script.dataset.load = 'idle'
  document.body.append(script)

  const inline = createWidgetHost({
    deskUrl: location.origin,
    connectionId: connection,
    mode: 'inline',
    container: $('inline'),
  })
  for (const event of EVENTS) inline.on(event, (detail) => log('inline', event, detail))

  const theme = (patch: WidgetThemeOverride) => {
    widget().setTheme(patch)
    inline.setTheme(patch)
  }
  $<HTMLSelectElement>('mode').onchange = (e) =>
    theme({ mode: (e.target as HTMLSelectElement).value as WidgetThemeMode })
  $<HTMLInputElement>('color').onchange = (e) => theme({ primaryColor: (e.target as HTMLInputElement).value })
  $<HTMLSelectElement>('position').onchange = (e) =>
    theme({ position: (e.target as HTMLSelectElement).value as 'left' | 'right' })
  $<HTMLSelectElement>('locale').onchange = (e) => {
    const locale = (e.target as HTMLSelectElement).value as WidgetLocale
    widget().setLocale(locale)
    inline.setLocale(locale)
  }
  $('set-user').onclick = () => {
    const token = $<HTMLInputElement>('token').value.trim()
    const user = token ? { token } : null
    widget().setUser(user)
    inline.setUser(user)
  }
  $('open').onclick = () => widget().open()
  $('close').onclick = () => widget().close()
  $('toggle').onclick = () => widget().toggle()
}
