import type { SessionEnd, SessionLiveness } from '../modules/auth/liveness'
import type { Publisher } from './publisher'
import { rooms } from './rooms'
import type { DeskIo } from './socket'

/**
 * Sessions that end reach every server process: what one process ended (logout, reuse, a password
 * change) is forgotten by the others' session caches at once, through socket.io's server-side events
 * (Redis pub/sub with `REDIS_URL`; with one process there is no one else to tell), and the ended
 * session's sockets, wherever they are connected, are closed (a password change closes the user's
 * through the publisher).
 */
export const shareSessionEnds = (io: DeskIo, shared: boolean) => ({
  /** Tells the other processes, and closes the ended session's sockets. */
  announce: (end: SessionEnd) => {
    if (end.sessionId) io.in(rooms.session(end.sessionId)).disconnectSockets(true)
    if (shared) io.serverSideEmit('sessionEnded', end)
  },
  /** Hears the other processes. */
  listen: (liveness: SessionLiveness) => io.on('sessionEnded', liveness.forget),
})

/**
 * The publisher, whose `sessionsEnded` (a password change) also ends the user's sessions in every cache,
 * and whose `user` events (a user changed or deleted) make every process read that user afresh.
 */
export const endingSessions = (publisher: Publisher, liveness: SessionLiveness): Publisher => ({
  ...publisher,
  user(event) {
    if (event.action !== 'create') liveness.changed(event.action === 'delete' ? event.userId : event.user.id)
    publisher.user(event)
  },
  sessionsEnded(userId, keepSessionId) {
    liveness.ended({ userId })
    publisher.sessionsEnded(userId, keepSessionId)
  },
})
