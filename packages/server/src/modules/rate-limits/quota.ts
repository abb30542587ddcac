import { AppError } from '../../http/errors'
import type { RateLimitStore } from './repository'

/** Bytes anonymous and verified visitors may upload through the widget in each window; 0 turns a quota off. */
export interface WidgetUploadQuota {
  windowMs: number
  /** One visitor (their identity on the connection). */
  perVisitorBytes: number
  /** One client address, whoever it claims to be. */
  perAddressBytes: number
  /** Every visitor of one web chat connection together. */
  perConnectionBytes: number
}

/** 429 `ERR_WIDGET_QUOTA_EXCEEDED` with the seconds until the fullest quota's window ends (Retry-After). */
export class QuotaExceededError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('ERR_WIDGET_QUOTA_EXCEEDED', 429, undefined, 'Upload quota reached, try again later')
  }
}

/** Who an upload counts against: the visitor, the address it came from, and the web chat connection. */
export interface UploadParties {
  visitor: string
  ip: string
  connectionId: number
}

// Counted in KiB (rounded up), so a quota of several gigabytes fits the counter's integer column.
const KIB = 1024
const kib = (bytes: number) => Math.ceil(bytes / KIB)

/**
 * Byte quotas of anonymous uploads through the widget, per visitor, per address and per connection,
 * in fixed windows of `windowMs`, kept in the shared `rate_limits` table (every process counts the
 * same bytes). A send asks for its `budget` before reading any file (the reader stops at it), then
 * `claim`s the bytes it read, one atomic increment a counter: two uploads racing for the last bytes
 * cannot both pass, the one that went over gives its bytes back. A send that fails after its claim
 * `release`s them. A quota of 0 is off.
 */
export const createUploadQuota = (store: RateLimitStore, quota: WidgetUploadQuota, clock: () => number = Date.now) => {
  const keys = (p: UploadParties) =>
    [
      { key: `widget-bytes:visitor:${p.connectionId}:${p.visitor}`, max: kib(quota.perVisitorBytes) },
      { key: `widget-bytes:ip:${p.ip}`, max: kib(quota.perAddressBytes) },
      { key: `widget-bytes:connection:${p.connectionId}`, max: kib(quota.perConnectionBytes) },
    ].filter((k) => k.max > 0)
  const wait = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000))

  /** Bytes the parties may still upload now; refuses at once when a quota is used up. */
  const budget = async (parties: UploadParties): Promise<number> => {
    const limited = keys(parties)
    const now = clock()
    const windows = await store.peek(
      limited.map((k) => k.key),
      now,
    )
    let left = Number.POSITIVE_INFINITY
    let retry = 0
    for (const { key, max } of limited) {
      const w = windows.get(key)
      const remaining = (max - (w?.count ?? 0)) * KIB
      if (remaining <= 0 && w) retry = Math.max(retry, wait(w.resetAt, now))
      left = Math.min(left, remaining)
    }
    if (retry > 0) throw new QuotaExceededError(retry)
    return left
  }

  /** The seconds until the latest-ending window of the parties' counters ends (a refused upload's wait). */
  const retryAfter = async (parties: UploadParties) => {
    const now = clock()
    const windows = await store.peek(
      keys(parties).map((k) => k.key),
      now,
    )
    return Math.max(1, ...[...windows.values()].map((w) => wait(w.resetAt, now)))
  }

  const add = (parties: UploadParties, amount: number) =>
    store.hit(
      keys(parties).map(({ key }) => ({ key, windowMs: quota.windowMs, amount })),
      clock(),
    )

  /** Counts `bytes` against every quota; past any of them, gives them back and refuses. */
  const claim = async (parties: UploadParties, bytes: number) => {
    if (bytes <= 0) return
    const now = clock()
    const windows = await add(parties, kib(bytes))
    let retry = 0
    for (const { key, max } of keys(parties)) {
      const w = windows.get(key)
      if (w && w.count > max) retry = Math.max(retry, wait(w.resetAt, now))
    }
    if (retry === 0) return
    await add(parties, -kib(bytes))
    throw new QuotaExceededError(retry)
  }

  /** Gives back what a failed send had claimed. */
  const release = async (parties: UploadParties, bytes: number) => {
    if (bytes > 0) await add(parties, -kib(bytes))
  }

  return { budget, claim, release, retryAfter }
}

export type UploadQuota = ReturnType<typeof createUploadQuota>
