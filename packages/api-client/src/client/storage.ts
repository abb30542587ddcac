/** The subset of the Web Storage API the client needs; `localStorage` satisfies it. */
export interface TokenStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Local storage key of the access token (stored JSON-stringified, as earlier clients did). */
export const TOKEN_KEY = 'token'

export const readToken = (storage: TokenStorage | undefined): string | null => {
  const raw = safe(() => storage?.getItem(TOKEN_KEY) ?? null, null)
  if (!raw) return null
  try {
    const value = JSON.parse(raw)
    return typeof value === 'string' && value ? value : null
  } catch {
    // A bare token written by some other client still counts.
    return raw
  }
}

export const writeToken = (storage: TokenStorage | undefined, token: string | null) => {
  safe(() => {
    if (token) storage?.setItem(TOKEN_KEY, JSON.stringify(token))
    else storage?.removeItem(TOKEN_KEY)
  }, undefined)
}

/** In-memory storage for tests, stories and non-browser callers. */
export const createMemoryStorage = (initial: Record<string, string> = {}): TokenStorage => {
  const map = new Map(Object.entries(initial))
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  }
}

/** Storage can throw (private mode, disabled cookies): treat that as "nothing stored". */
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn()
  } catch {
    return fallback
  }
}

export const defaultStorage = (): TokenStorage | undefined =>
  safe(() => (typeof localStorage === 'undefined' ? undefined : localStorage), undefined)
