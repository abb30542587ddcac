import type { WidgetKeptKey } from '@desk/api-client/widget-protocol'

/** What the host page keeps for a frame whose own storage is refused: handed in, and asked to keep more. */
export interface HostKeeping {
  /** The values the host gave the frame in its address (`#visitor=…&read=…`). */
  kept: Partial<Record<WidgetKeptKey, string>>
  /** Asks the host to keep a value (the `keep` message). */
  keep(key: WidgetKeptKey, value: string | null): void
}

/**
 * What the frame keeps between visits, per connection: the anonymous visitor's token (to come back as the
 * same visitor) and how far they have read. It lives in the desk origin's storage when the browser allows
 * it. Browsers that block third-party storage refuse a frame on a partner's site its own storage; the
 * frame then asks its host page (first-party) to keep the values and gets them back in its next address.
 * Without either, the widget works for the visit only.
 */
export function createVisitorStorage(
  connectionId: number | string,
  storage: Storage | null = safeStorage(),
  host: HostKeeping | null = null,
) {
  const key = (name: WidgetKeptKey) => `limedesk:${connectionId}:${name}`
  const memory = new Map<WidgetKeptKey, string>(Object.entries(host?.kept ?? {}) as Array<[WidgetKeptKey, string]>)
  let own = storage !== null
  const get = (name: WidgetKeptKey) => {
    if (own) {
      try {
        const value = storage?.getItem(key(name)) ?? null
        if (value !== null) return value
      } catch {
        own = false
      }
    }
    return memory.get(name) ?? null
  }
  const set = (name: WidgetKeptKey, value: string | null) => {
    if (value === null) memory.delete(name)
    else memory.set(name, value)
    if (own) {
      try {
        if (value === null) storage?.removeItem(key(name))
        else storage?.setItem(key(name), value)
        return
      } catch {
        own = false
      }
    }
    host?.keep(name, value)
  }
  return {
    visitorToken: () => get('visitor'),
    setVisitorToken: (token: string | null) => set('visitor', token),
    readUpTo: () => Number(get('read') ?? 0) || 0,
    setReadUpTo: (id: number) => set('read', String(id)),
  }
}
export type VisitorStorage = ReturnType<typeof createVisitorStorage>

function safeStorage(): Storage | null {
  try {
    const storage = window.localStorage
    // Reading can be allowed while writing is refused; find out once.
    storage.setItem('limedesk:probe', '1')
    storage.removeItem('limedesk:probe')
    return storage
  } catch {
    return null
  }
}
