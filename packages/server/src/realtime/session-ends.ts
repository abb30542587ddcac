import type { SessionEnd, SessionLiveness } from '../modules/auth/liveness'
import type { Publisher } from './publisher'
import type { DeskIo } from './socket'

/**
 * Sessions that end reach every server process: what one process ended (logout, reuse, a password
 * change) is forgotten by the others' session caches at once, through socket.io's server-side events
 * (Redis pub/sub with `REDIS_URL`). With one process there is no one else to tell.
 */
export const shareSessionEnds = (io: DeskIo, shared: boolean) => ({
  /** Tells the other processes; undefined when there are none. */
  announce: shared ? (end: SessionEnd) => io.serverSideEmit('sessionEnded', end) : undefined,
  /** Hears the other processes. */
  listen: (liveness: SessionLiveness) => io.on('sessionEnded', liveness.forget),
})

/** The publisher, whose `sessionsEnded` (a password change) also ends the user's sessions in every cache. */
export const endingSessions = (publisher: Publisher, liveness: SessionLiveness): Publisher => ({
  ...publisher,
  sessionsEnded(userId, keepSessionId) {
    liveness.ended({ userId })
    publisher.sessionsEnded(userId, keepSessionId)
  },
})
