import type { WidgetLocale, WidgetUser } from '@desk/api-client/contract'

export type WidgetMode = 'floating' | 'inline'

/**
 * The frame's address: `/widget/:connectionId?mode=&locale=&parent=` on the desk, with the partner's
 * token in the fragment (`#token=`), which browsers never send to a server, so it stays out of logs.
 */
export function frameUrl(
  deskOrigin: string,
  connectionId: string,
  mode: WidgetMode,
  locale: WidgetLocale,
  user: WidgetUser | null,
) {
  const query = new URLSearchParams({ mode, locale, parent: location.origin })
  const fragment = user?.token ? `#${new URLSearchParams({ token: user.token })}` : ''
  return `${deskOrigin}/widget/${encodeURIComponent(connectionId)}?${query}${fragment}`
}

/** What the frame may do: scripts, its own storage (visitor token), forms, opening links and attachments in a new tab. */
export const FRAME_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads'
/** Features the frame may use: copying a message. Nothing else (no camera, microphone, location). */
export const FRAME_ALLOW = 'clipboard-write'

/** Runs `fn` when the browser is idle (or soon, where it cannot say). */
export const whenIdle = (fn: () => void) => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: 4000 })
  else setTimeout(fn, 1500)
}
