import { DEFAULT_WIDGET_RATE_LIMIT } from '../../config'
import { RateLimitedError } from '../../http/errors'
import type { Limit, LimitedKey, RateLimiter } from './limiter'

/** Failure counters for `POST /auth/login`. Tests shrink them; production keeps the defaults. */
export interface LoginRateLimit {
  /** Length of the counting window. */
  windowMs: number
  /** Failed logins allowed for one address and one e-mail inside the window. */
  maxPerIpAndEmail: number
  /** Failed logins allowed for one address, whatever the e-mail, inside the window. */
  maxPerIp: number
}

/** Signup attempts allowed from one address in a fixed window; a `max` of 0 turns the limit off. */
export type SignupRateLimit = Limit

/** Messages one user may send: `max` a window, and at most `burstMax` in any short burst window. */
export interface SendRateLimit {
  windowMs: number
  /** 0 turns the limit off. */
  max: number
  burstWindowMs: number
  /** 0 turns the burst limit off. */
  burstMax: number
}

/** The widget's limits: sessions opened per address a minute, and visitor messages per conversation. */
export interface WidgetRateLimit {
  /** Sessions one address may open a minute; 0 turns it off. */
  sessionsPerMinute: number
  /** Messages one visitor (their conversation) may send a minute, and at most `sendBurst` in 10 seconds; 0 turns each off. */
  sendsPerMinute: number
  sendBurst: number
  /** New anonymous visitors (sessions without a visitor token) one address may start an hour; 0 turns it off. */
  newVisitorsPerHour: number
}

export interface RateLimitsOptions {
  login: LoginRateLimit
  signup: SignupRateLimit
  send: SendRateLimit
  /** Default: `DEFAULT_WIDGET_RATE_LIMIT`. */
  widget?: WidgetRateLimit
}

const normalEmail = (email: string) => email.trim().toLowerCase()

/**
 * The desk's limits, all counted by one limiter (in the database by default, so several
 * processes share the counts):
 * - login attempts per address and per address + e-mail, counted before the password is checked (a success
 *   gives its count back and clears the latter);
 * - signup attempts per address;
 * - messages sent per user, over a minute and over a short burst window.
 * Past a limit the caller gets 429 ERR_RATE_LIMITED with Retry-After.
 */
export const createRateLimits = (limiter: RateLimiter, options: RateLimitsOptions) => {
  const { login, signup, send, widget = DEFAULT_WIDGET_RATE_LIMIT } = options
  const loginKeys = (ip: string, email: string): [LimitedKey, LimitedKey] => [
    { key: `login:ip:${ip}`, limit: { windowMs: login.windowMs, max: login.maxPerIp } },
    {
      key: `login:ipmail:${ip}:${normalEmail(email)}`,
      limit: { windowMs: login.windowMs, max: login.maxPerIpAndEmail },
    },
  ]
  const refuse = (wait: number) => {
    if (wait > 0) throw new RateLimitedError(wait)
  }

  return {
    login: {
      /**
       * Counts an attempt before its password is checked, and refuses it past either limit: attempts sent
       * together are each counted before any is judged, so a burst cannot slip under the limit.
       */
      attempt: async (ip: string, email: string) => {
        const keys = loginKeys(ip, email)
        const wait = await limiter.consume(keys)
        // A refused attempt checks no password, so it is not counted as a failure.
        if (wait > 0) await limiter.giveBack(keys)
        refuse(wait)
      },
      /**
       * A successful login was no failure: its count is given back to the address, and the address + e-mail
       * counter is cleared.
       */
      succeed: async (ip: string, email: string) => {
        const [perIp, perIpAndEmail] = loginKeys(ip, email)
        await limiter.giveBack([perIp])
        await limiter.clear(perIpAndEmail.key)
      },
    },
    /** Counts a signup attempt from an address; refuses it past the limit. */
    signup: async (ip: string) => refuse(await limiter.consume([{ key: `signup:ip:${ip}`, limit: signup }])),
    /**
     * Counts a send by a user (chat messages and single outreach sends alike; `null`: a call made with the
     * API token, counted as one sender); refuses it past either the per-minute or the burst limit.
     */
    send: async (userId: number | null) => {
      const who = userId === null ? 'token' : `user:${userId}`
      refuse(
        await limiter.consume([
          { key: `send:${who}`, limit: { windowMs: send.windowMs, max: send.max } },
          { key: `send-burst:${who}`, limit: { windowMs: send.burstWindowMs, max: send.burstMax } },
        ]),
      )
    },
    /** The widget: sessions and new visitors from an address, and messages sent in one visitor's conversation. */
    widget: {
      session: async (ip: string) =>
        refuse(
          await limiter.consume([
            { key: `widget-session:ip:${ip}`, limit: { windowMs: 60_000, max: widget.sessionsPerMinute } },
          ]),
        ),
      /** A new anonymous visitor identity started from an address. */
      newVisitor: async (ip: string) =>
        refuse(
          await limiter.consume([
            { key: `widget-visitor:ip:${ip}`, limit: { windowMs: 60 * 60_000, max: widget.newVisitorsPerHour } },
          ]),
        ),
      send: async (conversation: string) =>
        refuse(
          await limiter.consume([
            { key: `widget-send:${conversation}`, limit: { windowMs: 60_000, max: widget.sendsPerMinute } },
            { key: `widget-burst:${conversation}`, limit: { windowMs: 10_000, max: widget.sendBurst } },
          ]),
        ),
      /** Whether a visitor may get another offline e-mail now: one every ten minutes (counted when true). */
      mailDue: async (visitor: string) =>
        (await limiter.consume([{ key: `widget-mail:${visitor}`, limit: { windowMs: 10 * 60_000, max: 1 } }])) === 0,
    },
    sweep: limiter.sweep,
  }
}

export type RateLimits = ReturnType<typeof createRateLimits>
