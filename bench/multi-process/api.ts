import { routeOf } from './proxies'

/** One answer of the API through the load balancer; status 0 when none came (timeout, reset). */
export interface Answer<T> {
  status: number
  body: T | undefined
  /** The backend that answered (the load balancer's `x-mp-backend`). */
  backend: number | undefined
}

export type Call = <T>(method: string, path: string, body?: unknown, token?: string) => Promise<Answer<T>>

/**
 * Calls `/api` through the load balancer with a JSON body; never throws. Calls that got no answer
 * within `timeoutMs` (or lost their connection) are counted in `unanswered` by route: the load
 * balancer cannot see those.
 */
export const apiClient = (baseUrl: string, timeoutMs: number) => {
  const unanswered = new Map<string, number>()
  const call: Call = async <T>(method: string, path: string, body?: unknown, token?: string) => {
    try {
      const res = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      })
      const text = await res.text()
      let parsed: T | undefined
      try {
        parsed = text ? (JSON.parse(text) as T) : undefined
      } catch {
        parsed = undefined
      }
      const backend = res.headers.get('x-mp-backend')
      return { status: res.status, body: parsed, backend: backend === null ? undefined : Number(backend) }
    } catch {
      const route = routeOf(method, `/api${path}`)
      unanswered.set(route, (unanswered.get(route) ?? 0) + 1)
      return { status: 0, body: undefined, backend: undefined }
    }
  }

  /** Calls until a 2xx answer, at most `tries` times half a second apart; throws with the last answer. */
  const must = async <T>(method: string, path: string, body?: unknown, token?: string, tries = 20) => {
    let last: Answer<T> | undefined
    for (let i = 0; i < tries; i++) {
      last = await call<T>(method, path, body, token)
      if (last.status >= 200 && last.status < 300) return last
      await sleep(500)
    }
    throw new Error(`${method} ${path}: ${last?.status} ${JSON.stringify(last?.body)}`)
  }

  return { call, must, unanswered }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Polls `check` every 100 ms until it holds or `ms` pass; answers whether it held. */
export const waitFor = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) return false
    await sleep(100)
  }
  return true
}
