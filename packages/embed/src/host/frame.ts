import type { WidgetKeptKey, WidgetLocale, WidgetUser } from '@desk/api-client/contract'

export type WidgetMode = 'floating' | 'inline'

/**
 * The frame's address: `/widget/:connectionId?mode=&locale=&parent=` on the desk, with the partner's
 * token in the fragment (`#token=`), which browsers never send to a server, so it stays out of logs. What
 * the host keeps for a frame whose own storage is refused (`kept`) travels in the fragment too.
 */
export function frameUrl(
  deskOrigin: string,
  connectionId: string,
  mode: WidgetMode,
  locale: WidgetLocale,
  user: WidgetUser | null,
  kept: Partial<Record<WidgetKeptKey, string>> = {},
) {
  const query = new URLSearchParams({ mode, locale, parent: location.origin })
  const hash = new URLSearchParams(kept)
  if (user?.token) hash.set('token', user.token)
  const fragment = hash.size > 0 ? `#${hash}` : ''
  return `${deskOrigin}/widget/${encodeURIComponent(connectionId)}?${query}${fragment}`
}

/**
 * The host page's storage of what its frames asked it to keep (`keep`), per connection. Browsers that
 * block third-party storage refuse the frame its own; the host page is first-party and keeps it instead.
 */
export function hostKeeping(connectionId: string) {
  const key = (name: WidgetKeptKey) => `limedesk:${connectionId}:${name}`
  return {
    read(): Partial<Record<WidgetKeptKey, string>> {
      const out: Partial<Record<WidgetKeptKey, string>> = {}
      try {
        for (const name of ['visitor', 'read'] as const) {
          const value = localStorage.getItem(key(name))
          if (value) out[name] = value
        }
      } catch {
        // The page's storage is refused too: the conversation lasts the visit.
      }
      return out
    },
    keep(name: WidgetKeptKey, value: string | null) {
      try {
        if (value === null) localStorage.removeItem(key(name))
        else localStorage.setItem(key(name), value.slice(0, 4096))
      } catch {
        // Refused: kept for this visit only.
      }
    },
  }
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
