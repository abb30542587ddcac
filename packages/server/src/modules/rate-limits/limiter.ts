import type { RateLimitStore } from './repository'

/** At most `max` attempts in a fixed window of `windowMs`; `max` 0 turns the limit off. */
export interface Limit {
  windowMs: number
  max: number
}

/** A counter and the limit it answers to. */
export interface LimitedKey {
  key: string
  limit: Limit
}

const secondsUntil = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 1000))

/**
 * Fixed-window counting over a store. Every answer is the seconds to wait (for Retry-After), 0
 * when the caller may go on. When several keys are past their limit, the longest wait wins.
 */
export const createRateLimiter = (store: RateLimitStore, clock: () => number = Date.now) => {
  const active = (keys: readonly LimitedKey[]) => keys.filter((k) => k.limit.max > 0)

  /** Counts one attempt against every key, then judges it: past any limit means wait. */
  const consume = async (keys: readonly LimitedKey[]): Promise<number> => {
    const limited = active(keys)
    const now = clock()
    const windows = await store.hit(
      limited.map(({ key, limit }) => ({ key, windowMs: limit.windowMs })),
      now,
    )
    let wait = 0
    for (const { key, limit } of limited) {
      const w = windows.get(key)
      if (w && w.count > limit.max) wait = Math.max(wait, secondsUntil(w.resetAt, now))
    }
    return wait
  }

  /** Judges without counting: a key that already holds `max` attempts means wait. */
  const check = async (keys: readonly LimitedKey[]): Promise<number> => {
    const limited = active(keys)
    const now = clock()
    const windows = await store.peek(
      limited.map((k) => k.key),
      now,
    )
    let wait = 0
    for (const { key, limit } of limited) {
      const w = windows.get(key)
      if (w && w.count >= limit.max) wait = Math.max(wait, secondsUntil(w.resetAt, now))
    }
    return wait
  }

  /** Takes back one attempt counted by `consume` (one that turned out not to count, as a successful login). */
  const giveBack = async (keys: readonly LimitedKey[]): Promise<void> => {
    const limited = active(keys)
    await store.hit(
      limited.map(({ key, limit }) => ({ key, windowMs: limit.windowMs, amount: -1 })),
      clock(),
    )
  }

  const clear = (key: string) => store.clear(key)
  const sweep = () => store.sweep(clock())

  return { consume, check, giveBack, clear, sweep }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
