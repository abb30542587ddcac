import { CHATBOT_URL_SETTING, INTERNAL_CHAT_URL_SETTING } from '@desk/api-client'
import type { Db } from '../../db'

/** The origins the app may frame (the CSP's `frame-src`), read from the settings and kept for a moment. */
export interface FrameOrigins {
  /** What the last read found (no origin before the first). */
  current(): readonly string[]
  /**
   * Reads the settings again when the last read is older than the cache allows (or was invalidated);
   * undefined when it is not (most requests: nothing to wait for).
   */
  refresh(): Promise<void> | undefined
  /** A setting changed here: the next request reads them again. */
  invalidate(): void
}

const originOf = (value: string | undefined) => {
  if (!value) return null
  try {
    const url = new URL(value)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null
  } catch {
    return null
  }
}

/**
 * The internal-chat and chatbot addresses' origins. Each process reads them at most every `ttlMs`
 * (another process's change reaches its pages within that), and at once after a change made here.
 * A database not migrated yet (or unreachable) frames nothing.
 */
export const createFrameOrigins = (db: Db, ttlMs = 2000): FrameOrigins => {
  let origins: readonly string[] = []
  let readAt = Number.NEGATIVE_INFINITY
  let reading: Promise<void> | null = null
  const read = async () => {
    try {
      const rows = await db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'in', [INTERNAL_CHAT_URL_SETTING, CHATBOT_URL_SETTING])
        .execute()
      origins = [...new Set(rows.map((r) => originOf(r.value)).filter((o): o is string => o !== null))]
    } catch {
      origins = []
    }
    readAt = Date.now()
  }
  return {
    current: () => origins,
    refresh() {
      if (Date.now() - readAt < ttlMs) return undefined
      reading ??= read().finally(() => {
        reading = null
      })
      return reading
    },
    invalidate() {
      readAt = Number.NEGATIVE_INFINITY
    },
  }
}
