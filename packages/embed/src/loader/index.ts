/**
 * `embed.js`: the script tag partners paste.
 *
 *   <script src="https://desk.example/embed.js" data-connection="12" async></script>
 *
 * Optional attributes: `data-load="open|idle"` (when the conversation app loads; `open` by default),
 * `data-locale="en|pt-BR|es"`, `data-mode="inline"` with `data-container="#css-selector"` for a panel
 * inside the page instead of the floating launcher.
 *
 * It defines `window.LimeDeskWidget`. Calls made before it arrives wait in the stub's queue (`QUEUE_STUB`)
 * and run in order once it does.
 */
import type { WidgetLocale } from '@desk/api-client/contract'
import { createWidgetHost } from '../host/createWidgetHost'
import { installApi, type QueuedCall } from './api'

interface Stub {
  q?: QueuedCall[]
}

declare global {
  interface Window {
    LimeDeskWidget?: Stub | ReturnType<typeof installApi>
  }
}

const script = (document.currentScript ??
  document.querySelector('script[data-connection][src*="embed.js"]')) as HTMLScriptElement | null
const connectionId = script?.dataset.connection
if (!script || !connectionId) {
  console.error('LimeDesk widget: the script tag needs data-connection="<connection id>"')
} else {
  const data = script.dataset
  const queued = (window.LimeDeskWidget as Stub | undefined)?.q ?? []
  const host = createWidgetHost({
    deskUrl: script.src,
    connectionId,
    load: data.load === 'idle' ? 'idle' : 'open',
    locale: data.locale as WidgetLocale | undefined,
    mode: data.mode === 'inline' ? 'inline' : 'floating',
    container: (data.container && document.querySelector<HTMLElement>(data.container)) || undefined,
  })
  window.LimeDeskWidget = installApi(host, queued)
}
