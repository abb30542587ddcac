import type { LoginRateLimit } from '../../config'

interface Window {
  count: number
  resetAt: number
}

/**
 * Counts failed logins in fixed windows, per address and per address + e-mail, in memory.
 * Good for one process; a cluster would keep the counters in Redis instead.
 */
export class LoginLimiter {
  private readonly windows = new Map<string, Window>()
  private readonly sweeper: NodeJS.Timeout

  constructor(
    private readonly limits: LoginRateLimit,
    private readonly now: () => number = Date.now,
  ) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(limits.windowMs, 60_000))
    this.sweeper.unref()
  }

  private keys(ip: string, email: string) {
    return [
      { key: `ip:${ip}`, max: this.limits.maxPerIp },
      { key: `ipmail:${ip}:${email.trim().toLowerCase()}`, max: this.limits.maxPerIpAndEmail },
    ]
  }

  private current(key: string): Window | undefined {
    const w = this.windows.get(key)
    if (w && w.resetAt <= this.now()) {
      this.windows.delete(key)
      return undefined
    }
    return w
  }

  /** Seconds to wait when either counter is exhausted, else 0. */
  retryAfter(ip: string, email: string): number {
    let wait = 0
    for (const { key, max } of this.keys(ip, email)) {
      const w = this.current(key)
      if (w && w.count >= max) wait = Math.max(wait, Math.ceil((w.resetAt - this.now()) / 1000))
    }
    return wait
  }

  fail(ip: string, email: string): void {
    for (const { key } of this.keys(ip, email)) {
      const w = this.current(key) ?? { count: 0, resetAt: this.now() + this.limits.windowMs }
      w.count += 1
      this.windows.set(key, w)
    }
  }

  /** A successful login clears the address + e-mail counter (not the per-address one). */
  succeed(ip: string, email: string): void {
    this.windows.delete(this.keys(ip, email)[1].key)
  }

  private sweep() {
    const now = this.now()
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key)
  }

  dispose() {
    clearInterval(this.sweeper)
    this.windows.clear()
  }
}
