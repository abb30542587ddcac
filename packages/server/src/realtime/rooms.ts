import { Id, TicketStatus } from '@desk/api-client'
import { type ZodType, z } from 'zod'
import type { Actor } from '../modules/users/repository'

/** Rooms the server puts every socket in; clients cannot join these themselves. */
export const rooms = {
  user: (id: number) => `user:${id}`,
  admins: 'admins',
  signedIn: 'signed-in',
} as const

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

/** Policies of the spine. Tickets do not exist yet, so no conversation room can be entered. */
export const createRoomAuthorizer = () =>
  new RoomAuthorizer()
    .define('notification', { arg: z.undefined(), room: () => 'notification', authorize: () => true })
    .define('tickets', { arg: TicketStatus, room: (status) => `tickets:${status}`, authorize: () => true })
    .define('chatBox', { arg: Id, room: (ticketId) => `ticket:${ticketId}`, authorize: () => false })
