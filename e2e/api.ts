/**
 * What an end-to-end test does outside the browser: calls the desk's API as the administrator, plays the
 * phone through the simulator's control endpoints and waits for the server to reach a state.
 */
import type { Desk } from './support'

export interface Account {
  name: string
  email: string
  password: string
}

export const admin: Account = { name: 'Ada Admin', email: 'ada@example.com', password: 'ada-secret-1' }
export const agent: Account = { name: 'Bruno Agent', email: 'bruno@example.com', password: 'bruno-secret-1' }

/** One API call; an answer other than 2xx throws with its status and body. */
export type Api = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>

async function postJson(desk: Pick<Desk, 'url'>, path: string, body: unknown) {
  return fetch(`${desk.url}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** Signs `who` up; on a fresh desk the first account is the administrator. */
export async function signUp(desk: Pick<Desk, 'url'>, who: Account) {
  const res = await postJson(desk, '/auth/signup', who)
  if (res.status >= 300) throw new Error(`signup of ${who.email} → ${res.status} ${await res.text()}`)
}

/** The access token of `who`, from the API's login. */
export async function tokenOf(desk: Pick<Desk, 'url'>, who: Pick<Account, 'email' | 'password'>) {
  const res = await postJson(desk, '/auth/login', { email: who.email, password: who.password })
  if (res.status !== 200) throw new Error(`login of ${who.email} → ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

/** API calls with `token` (`Authorization: Bearer …`). */
export function apiWith(desk: Pick<Desk, 'url'>, token: string): Api {
  return async <T>(method: string, path: string, body?: unknown) => {
    const res = await fetch(`${desk.url}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    })
    const text = await res.text()
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`)
    return (text ? JSON.parse(text) : undefined) as T
  }
}

/** Signs the administrator up on a fresh desk and answers API calls made as them. */
export async function adminApi(desk: Pick<Desk, 'url'>, who: Account = admin): Promise<Api> {
  await signUp(desk, who)
  return apiWith(desk, await tokenOf(desk, who))
}

/** Waits until `check` holds, polling the server (the state the UI claims must be the real one). */
export async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000
  let last: T | undefined
  while (Date.now() < deadline) {
    last = await read()
    if (check(last)) return last
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`)
}

/** Adds the default simulator connection "Main line" and pairs it: waits for its QR code, then scans it. */
export async function pairedSimulator(api: Api): Promise<number> {
  const { id } = await api<{ id: number }>('POST', '/whatsapp', {
    name: 'Main line',
    driver: 'simulator',
    isDefault: true,
  })
  await eventually(
    () => api<{ status: string }>('GET', `/whatsapp/${id}`),
    (c) => c.status === 'qrcode',
    'the QR code',
  )
  await api('POST', `/simulator/${id}/scan`)
  return id
}
