/**
 * What the frame keeps between visits, per connection, in the desk origin's storage: the anonymous
 * visitor's token (to come back as the same visitor) and how far they have read. Storage may be refused
 * (private modes, blocked third-party storage): the widget then works for the visit only.
 */
export function createVisitorStorage(connectionId: number | string, storage: Storage | null = safeStorage()) {
  const key = (name: string) => `limedesk:${connectionId}:${name}`
  const get = (name: string) => {
    try {
      return storage?.getItem(key(name)) ?? null
    } catch {
      return null
    }
  }
  const set = (name: string, value: string | null) => {
    try {
      if (value === null) storage?.removeItem(key(name))
      else storage?.setItem(key(name), value)
    } catch {
      // Refused: kept for this visit only.
    }
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
    return window.localStorage
  } catch {
    return null
  }
}
