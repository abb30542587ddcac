import type { Executor } from '../../db'
import { type Actor, findActor } from '../users/repository'
import { familyIsLive } from './repository'

/** Sessions that ended: one session (logout, reuse), or every session of a user (a password change). */
export interface SessionEnd {
  sessionId?: string
  userId?: number
}

/** Sessions remembered at once; the oldest goes first when full. */
const SESSIONS_KEPT = 10_000
/** Users remembered at once (see `actor`); the oldest goes first when full. */
const USERS_KEPT = 10_000

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
  const users = new Map<number, { actor: Actor | undefined; until: number }>()
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

  /**
   * The user a live session's request acts as (id, name, profile), or undefined when the user is gone:
   * remembered as the sessions are, and forgotten with them when the user changes (`changed`), is
   * deleted, or has every session ended. Every authenticated request needs it; reading it each time was
   * a statement a request (the busiest routes, such as a customer's message through the simulator, take
   * a few more).
   */
  const actor = async (userId: number): Promise<Actor | undefined> => {
    const hit = users.get(userId)
    if (hit && hit.until > Date.now()) return hit.actor
    const seenAt = epoch
    const found = await findActor(db, userId)
    if (seenAt === epoch && cacheMs > 0) {
      users.delete(userId)
      if (users.size >= USERS_KEPT) users.delete(users.keys().next().value as number)
      users.set(userId, { actor: found, until: Date.now() + cacheMs })
    }
    return found
  }

  /** Forgets what this process remembers of the sessions that ended (and of their user, when named). */
  const forget = (end: SessionEnd) => {
    epoch++
    if (end.sessionId) known.delete(end.sessionId)
    if (typeof end.userId === 'number') {
      users.delete(end.userId)
      for (const [sessionId, entry] of known) if (entry.userId === end.userId) known.delete(sessionId)
    }
  }

  /** Sessions ended here: forgotten in this process and announced to the others. */
  const ended = (end: SessionEnd) => {
    forget(end)
    announce?.(end)
  }

  /**
   * A user's name or profile changed, or the user was deleted: forgotten here and in the other processes
   * (the same notice as a session's end naming only the user, which closes no socket), so the next
   * request reads them afresh.
   */
  const changed = (userId: number) => {
    forget({ userId })
    announce?.({ userId })
  }

  return { isLive, actor, forget, ended, changed }
}

export type SessionLiveness = ReturnType<typeof createSessionLiveness>
