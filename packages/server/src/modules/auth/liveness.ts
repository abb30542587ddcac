import type { Executor } from '../../db'
import { familyIsLive } from './repository'

/** Sessions that ended: one session (logout, reuse), or every session of a user (a password change). */
export interface SessionEnd {
  sessionId?: string
  userId?: number
}

/** Sessions remembered at once; the oldest goes first when full. */
const SESSIONS_KEPT = 10_000

export interface SessionLivenessDeps {
  db: Executor
  /** How long an answer is remembered in this process (an ended session is also forgotten at once). */
  cacheMs: number
  /** Tells the other server processes, and closes the ended session's sockets. */
  announce?: (end: SessionEnd) => void
}

/**
 * Whether the session an access token names is still live (its family holds a token that is
 * neither revoked nor expired), asked on every authenticated request. Answers are remembered in
 * this process for `cacheMs`; when a session ends, `ended` forgets it here and announces it to the
 * other processes, which `forget` it too, so an ended session's token is refused everywhere at once.
 * A process that misses the announcement (Redis down, a password set from the command line)
 * refuses it at the latest `cacheMs` later.
 */
export const createSessionLiveness = ({ db, cacheMs, announce }: SessionLivenessDeps) => {
  const known = new Map<string, { userId: number; live: boolean; until: number }>()
  // Bumped by every forget: an answer read before it is not remembered (it may predate the end).
  let epoch = 0

  const isLive = async (sessionId: string, userId: number): Promise<boolean> => {
    const hit = known.get(sessionId)
    if (hit && hit.userId === userId && hit.until > Date.now()) return hit.live
    const seenAt = epoch
    const live = await familyIsLive(db, sessionId, userId)
    if (seenAt === epoch && cacheMs > 0) {
      known.delete(sessionId)
      if (known.size >= SESSIONS_KEPT) known.delete(known.keys().next().value as string)
      known.set(sessionId, { userId, live, until: Date.now() + cacheMs })
    }
    return live
  }

  /** Forgets what this process remembers of the sessions that ended. */
  const forget = (end: SessionEnd) => {
    epoch++
    if (end.sessionId) known.delete(end.sessionId)
    if (typeof end.userId === 'number') {
      for (const [sessionId, entry] of known) if (entry.userId === end.userId) known.delete(sessionId)
    }
  }

  /** Sessions ended here: forgotten in this process and announced to the others. */
  const ended = (end: SessionEnd) => {
    forget(end)
    announce?.(end)
  }

  return { isLive, forget, ended }
}

export type SessionLiveness = ReturnType<typeof createSessionLiveness>
