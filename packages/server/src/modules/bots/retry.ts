import type { BotCallResult } from './transport'

export interface BotRetryOptions {
  /** Posts of one batch before the bot is marked failed (default 4: the first and three retries). */
  attempts?: number
  /** The wait before the first retry, doubled after each next failure (default 5 s). */
  retryMs?: number
}

/**
 * Whether a failed post is worth trying again: no answer (network, timeout) or a server-side
 * trouble (5xx, 408, 429). A refused address or an answer the desk cannot read is not: the same
 * post would fail the same way.
 */
export const isRetryable = (result: Pick<BotCallResult, 'ok' | 'status' | 'refused'>) =>
  !result.ok &&
  !result.refused &&
  (result.status === null || result.status >= 500 || result.status === 408 || result.status === 429)

/**
 * When a batch that failed for the `failed`-th time is tried again, or null when it has had its
 * attempts (or the failure is not worth a retry): 5 s, 10 s, 20 s … after the failure.
 */
export const nextBotAttempt = (
  result: Pick<BotCallResult, 'ok' | 'status' | 'refused'>,
  failed: number,
  now: number,
  { attempts = 4, retryMs = 5_000 }: BotRetryOptions = {},
): Date | null => (isRetryable(result) && failed < attempts ? new Date(now + retryMs * 2 ** (failed - 1)) : null)
