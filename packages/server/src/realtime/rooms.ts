import { Id, TicketStatus } from '@desk/api-client'
import { type ZodType, z } from 'zod'
import type { Actor } from '../modules/users/repository'
import type { Audience } from './publisher'

/** Rooms the server puts every socket in; clients cannot join these themselves. */
export const rooms = {
  user: (id: number) => `user:${id}`,
  /** The sockets of one session (refresh-token family), so a password change can spare it. */
  session: (id: string) => `session:${id}`,
  admins: 'admins',
  signedIn: 'signed-in',
} as const

/**
 * What a client may ask to follow (seed: `joinNotification`, `joinTickets`, `joinChatBox`).
 * Ticket and message events reach a topic only for the people who may see the ticket, so a
 * socket in topic T also sits in one scoped room: `T:admins` for admins, `T:u:<userId>` for
 * anyone else. An event for everyone signed in goes to `T`; one for admins and some users to
 * `T:admins` and their `T:u:<id>` rooms. Nothing is remembered per process, so this holds
 * across several server processes sharing an adapter.
 */
export const topics = {
  notification: 'notification',
  tickets: (status: TicketStatus) => `tickets:${status}`,
  chatBox: (ticketId: number) => `ticket:${ticketId}`,
} as const

const ADMINS_SUFFIX = ':admins'
const userSuffix = (userId: number) => `:u:${userId}`

/** The scoped room of a topic that a socket of this user joins beside the topic itself. */
export const scopedRoom = (topic: string, actor: Pick<Actor, 'id' | 'profile'>) =>
  topic + (actor.profile === 'admin' ? ADMINS_SUFFIX : userSuffix(actor.id))

/** The scoped room of a topic for one (non-admin) user. */
export const userRoom = (topic: string, userId: number) => topic + userSuffix(userId)

/** Every scoped room of a topic a socket of this user could be in (for leaving). */
export const scopedRoomsOf = (topic: string, userId: number) => [topic + ADMINS_SUFFIX, topic + userSuffix(userId)]

/** The rooms of a topic that reach exactly an audience (admins are part of every audience). */
export const audienceRooms = (topic: string, audience: Audience): string[] =>
  audience.everyone ? [topic] : [topic + ADMINS_SUFFIX, ...audience.userIds.map((id) => topic + userSuffix(id))]

/**
 * A user's scoped rooms after a profile change: each `T:u:<id>` becomes `T:admins` on promotion,
 * and the other way round on demotion. Answers the rooms to leave and to join.
 */
export const rescopedRooms = (socketRooms: Iterable<string>, userId: number, admin: boolean) => {
  const [from, to] = admin ? [userSuffix(userId), ADMINS_SUFFIX] : [ADMINS_SUFFIX, userSuffix(userId)]
  const leave = [...socketRooms].filter((r) => r.endsWith(from) && r.length > from.length)
  return { leave, join: leave.map((r) => r.slice(0, -from.length) + to) }
}

/** How a client-requested room is checked: argument shape, room name, and who may join. */
export interface RoomPolicy<A> {
  arg: ZodType<A>
  room: (arg: A) => string
  authorize: (actor: Actor, arg: A) => boolean | Promise<boolean>
}

/**
 * The one place that decides which client-requested rooms a socket may enter. Features
 * register a policy per kind (`tickets`, `chatBox` …); a later policy replaces an earlier
 * one, so the tickets feature narrows `tickets` and opens `chatBox` for visible tickets.
 */
export class RoomAuthorizer {
  private readonly policies = new Map<string, RoomPolicy<unknown>>()

  define<A>(kind: string, policy: RoomPolicy<A>): this {
    this.policies.set(kind, policy as RoomPolicy<unknown>)
    return this
  }

  /** The room name for a valid argument, whatever the caller's rights (for leaving). */
  roomFor(kind: string, rawArg: unknown): string | null {
    const policy = this.policies.get(kind)
    const parsed = policy?.arg.safeParse(rawArg)
    return policy && parsed?.success ? policy.room(parsed.data) : null
  }

  /** The room to join, or null when the argument is invalid or the actor may not join. */
  async authorize(actor: Actor, kind: string, rawArg: unknown): Promise<string | null> {
    const policy = this.policies.get(kind)
    if (!policy) return null
    const parsed = policy.arg.safeParse(rawArg)
    if (!parsed.success) return null
    return (await policy.authorize(actor, parsed.data)) ? policy.room(parsed.data) : null
  }
}

/**
 * Policies of the spine: anyone signed in may follow notifications and a status (each event
 * still reaches only the people who may see its ticket); no conversation can be followed until
 * the tickets feature says which ones are visible.
 */
export const createRoomAuthorizer = () =>
  new RoomAuthorizer()
    .define('notification', { arg: z.undefined(), room: () => topics.notification, authorize: () => true })
    .define('tickets', { arg: TicketStatus, room: topics.tickets, authorize: () => true })
    .define('chatBox', { arg: Id, room: topics.chatBox, authorize: () => false })
