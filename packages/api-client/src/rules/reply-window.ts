/**
 * The reply window of channels whose provider lets a business write freely only for a while after the
 * customer's last message: the WhatsApp Cloud API (24 hours; afterwards only an approved template goes
 * through) and Instagram direct (24 hours; a human agent's reply, tagged `HUMAN_AGENT`, for 7 days). Other
 * channels (the web session, the simulator, web chat, SMS) have no window. Shared by the server, which
 * refuses or skips what the provider would refuse, and the app, which shows the window before the agent types.
 */

export const REPLY_WINDOW_HOURS = 24
export const HUMAN_AGENT_WINDOW_DAYS = 7
/** The notice turns to "closing soon" this many minutes before the window closes. */
export const REPLY_WINDOW_CLOSING_SOON_MINUTES = 60

const HOUR = 60 * 60 * 1000

export interface ReplyWindowPolicy {
  /** How long after the customer's last message anyone may write freely. */
  standardHours: number
  /** How long a human agent may still answer (Instagram's `HUMAN_AGENT` tag); null where there is no such grace. */
  humanAgentHours: number | null
}

/** The policy of a connection's driver; null for channels without a reply window. */
export function replyWindowPolicy(driver: string | null | undefined): ReplyWindowPolicy | null {
  if (driver === 'cloud-api') return { standardHours: REPLY_WINDOW_HOURS, humanAgentHours: null }
  if (driver === 'instagram') {
    return { standardHours: REPLY_WINDOW_HOURS, humanAgentHours: HUMAN_AGENT_WINDOW_DAYS * 24 }
  }
  return null
}

export type ReplyWindowState =
  /** The channel has no window: free text always goes. */
  | { state: 'none' }
  /** Anyone may write freely until `until`; a human agent until `humanAgentUntil` where the channel allows it. */
  | { state: 'open'; until: string; closingSoon: boolean; humanAgentUntil: string | null }
  /** The standard window has closed, but a human agent may still answer until `until` (Instagram). */
  | { state: 'human-agent'; until: string; closingSoon: boolean }
  /** Free text is refused; `closedAt` is null when the customer never wrote on this connection. */
  | { state: 'closed'; closedAt: string | null }

const toMs = (at: string | Date) => (typeof at === 'string' ? Date.parse(at) : at.getTime())

/**
 * The window of a conversation on `driver` whose customer last wrote at `lastCustomerMessageAt` (null or
 * undefined: never), as seen at `now`.
 */
export function replyWindowState(
  driver: string | null | undefined,
  lastCustomerMessageAt: string | Date | null | undefined,
  now: string | Date = new Date(),
): ReplyWindowState {
  const policy = replyWindowPolicy(driver)
  if (!policy) return { state: 'none' }
  if (lastCustomerMessageAt === null || lastCustomerMessageAt === undefined) return { state: 'closed', closedAt: null }
  const last = toMs(lastCustomerMessageAt)
  const at = toMs(now)
  const soon = REPLY_WINDOW_CLOSING_SOON_MINUTES * 60 * 1000
  const until = last + policy.standardHours * HOUR
  const humanUntil = policy.humanAgentHours === null ? null : last + policy.humanAgentHours * HOUR
  if (at < until) {
    return {
      state: 'open',
      until: new Date(until).toISOString(),
      closingSoon: until - at <= soon && humanUntil === null,
      humanAgentUntil: humanUntil === null ? null : new Date(humanUntil).toISOString(),
    }
  }
  if (humanUntil !== null && at < humanUntil) {
    return { state: 'human-agent', until: new Date(humanUntil).toISOString(), closingSoon: humanUntil - at <= soon }
  }
  return { state: 'closed', closedAt: new Date(humanUntil ?? until).toISOString() }
}

/**
 * Whether free text (or media) may go now: always on channels without a window; inside the standard window;
 * in the human-agent grace only for a person's reply (`byHumanAgent`), never for a bot or a bulk job.
 */
export function canSendFreeText(window: ReplyWindowState, byHumanAgent: boolean): boolean {
  if (window.state === 'none' || window.state === 'open') return true
  if (window.state === 'human-agent') return byHumanAgent
  return false
}

/** When the state next changes on its own (closing soon, closing): for a live notice's timer; null when never. */
export function replyWindowNextChange(window: ReplyWindowState, now: string | Date = new Date()): string | null {
  const at = toMs(now)
  if (window.state === 'open' || window.state === 'human-agent') {
    const until = toMs(window.until)
    const soonAt = until - REPLY_WINDOW_CLOSING_SOON_MINUTES * 60 * 1000
    return new Date(!window.closingSoon && soonAt > at ? soonAt : until).toISOString()
  }
  return null
}
