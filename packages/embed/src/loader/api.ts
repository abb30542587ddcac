import type { WidgetHost } from '../host/types'

/** The methods of `window.LimeDeskWidget`. */
export const API_METHODS = ['open', 'close', 'toggle', 'setUser', 'setLocale', 'setTheme', 'on', 'off'] as const
export type ApiMethod = (typeof API_METHODS)[number]
export type QueuedCall = [ApiMethod, unknown[]] | IArguments

/**
 * The snippet that defines `window.LimeDeskWidget` before the loader arrives: every call is queued and
 * runs, in order, once `embed.js` has loaded. Paste it before the script tag.
 */
export const QUEUE_STUB = `<script>
window.LimeDeskWidget=window.LimeDeskWidget||{q:[]};
['open','close','toggle','setUser','setLocale','setTheme','on','off'].forEach(function(m){
  window.LimeDeskWidget[m]=window.LimeDeskWidget[m]||function(){window.LimeDeskWidget.q.push([m,[].slice.call(arguments)])}});
</script>`

/** `window.LimeDeskWidget`: the host's methods, after running the calls the stub queued. */
export function installApi(host: WidgetHost, queued: readonly QueuedCall[]) {
  const api = {
    version: 1,
    open: () => host.open(),
    close: () => host.close(),
    toggle: () => host.toggle(),
    setUser: host.setUser,
    setLocale: host.setLocale,
    setTheme: host.setTheme,
    on: host.on,
    off: host.off,
  } satisfies Record<ApiMethod, unknown> & { version: number }
  for (const call of queued) {
    const [method, args] = Array.isArray(call) ? call : [call[0], Array.prototype.slice.call(call, 1)]
    const fn = (api as Record<string, unknown>)[method]
    if (typeof fn === 'function') (fn as (...a: unknown[]) => void)(...(args as unknown[]))
    else console.error(`LimeDesk widget: unknown method ${String(method)}`)
  }
  return api
}
