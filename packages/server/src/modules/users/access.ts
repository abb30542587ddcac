import type { Profile, User } from '@desk/api-client'
import { AppError } from '../../http/errors'

/** The signed-in caller as the rules see it: always read fresh from the database. */
export interface Actor {
  id: number
  name: string
  profile: Profile
  /** The session the caller's token belongs to, when it names one. */
  sessionId?: string
}

export const isAdmin = (actor: Pick<Actor, 'profile'>) => actor.profile === 'admin'

export const noPermission = () => new AppError('ERR_NO_PERMISSION', 403)

/** The admin-only guard every module uses (queues, settings, connections, contacts, simulator …). */
export const requireAdmin = (actor: Pick<Actor, 'profile'>): void => {
  if (!isAdmin(actor)) throw noPermission()
}

const sameSet = (a: readonly number[], b: readonly number[]) => {
  const sa = new Set(a)
  const sb = new Set(b)
  return sa.size === sb.size && [...sa].every((x) => sb.has(x))
}

/** Users: an admin edits anyone; everyone else only themselves. */
export const requireSelfOrAdmin = (actor: Actor, userId: number): void => {
  if (!isAdmin(actor) && actor.id !== userId) throw noPermission()
}

/**
 * Users: profile, queues and default connection are for admins. Clients send the whole form
 * back, so only an actual change of these fields is refused.
 */
export const requireAdminForAssignments = (
  actor: Actor,
  current: User,
  input: { profile?: Profile; queueIds?: number[]; whatsappId?: number | null },
): void => {
  if (isAdmin(actor)) return
  const profileChanged = input.profile !== undefined && input.profile !== current.profile
  const queuesChanged =
    input.queueIds !== undefined &&
    !sameSet(
      input.queueIds,
      current.queues.map((q) => q.id),
    )
  const whatsappChanged = input.whatsappId !== undefined && input.whatsappId !== current.whatsappId
  if (profileChanged || queuesChanged || whatsappChanged) throw noPermission()
}
