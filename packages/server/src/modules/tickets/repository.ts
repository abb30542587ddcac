import type { Ticket } from '@desk/api-client'
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { DB, Executor } from '../../db'
import { reusableQuery } from '../../db/reusable'
import type { Audience, TicketSight } from '../../realtime/publisher'
import { type Actor, isAdmin } from '../users/repository'

/** Tickets with their contact, user, queue and connection in one query. */
export const ticketQuery = (db: Executor) =>
  db
    .selectFrom('tickets')
    .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
    .leftJoin('users', 'users.id', 'tickets.userId')
    .leftJoin('queues', 'queues.id', 'tickets.queueId')
    .leftJoin('whatsapps', 'whatsapps.id', 'tickets.whatsappId')
    .select([
      'tickets.id',
      'tickets.status',
      'tickets.contactId',
      'tickets.userId',
      'tickets.queueId',
      'tickets.whatsappId',
      'tickets.isGroup',
      'tickets.lastMessage',
      'tickets.unreadMessages',
      'tickets.createdAt',
      'tickets.updatedAt',
      'contacts.name as contactName',
      'contacts.number as contactNumber',
      'contacts.email as contactEmail',
      'contacts.profilePicUrl as contactPicture',
      'contacts.isGroup as contactIsGroup',
      'contacts.createdAt as contactCreatedAt',
      'contacts.updatedAt as contactUpdatedAt',
      'users.name as userName',
      'queues.name as queueName',
      'queues.color as queueColor',
      'whatsapps.name as whatsappName',
    ])

type TicketQueryRow = Awaited<ReturnType<ReturnType<typeof ticketQuery>['executeTakeFirstOrThrow']>>

export const toTicket = (r: TicketQueryRow): Ticket => ({
  id: r.id,
  status: r.status,
  contactId: r.contactId,
  contact: {
    id: r.contactId,
    name: r.contactName,
    number: r.contactNumber,
    email: r.contactEmail,
    profilePicUrl: r.contactPicture,
    isGroup: r.contactIsGroup === 1,
    createdAt: r.contactCreatedAt,
    updatedAt: r.contactUpdatedAt,
  },
  userId: r.userId,
  user: r.userId !== null && r.userName !== null ? { id: r.userId, name: r.userName } : null,
  queueId: r.queueId,
  queue:
    r.queueId !== null && r.queueName !== null ? { id: r.queueId, name: r.queueName, color: r.queueColor ?? '' } : null,
  whatsappId: r.whatsappId,
  whatsapp: r.whatsappId !== null && r.whatsappName !== null ? { id: r.whatsappId, name: r.whatsappName } : null,
  isGroup: r.isGroup === 1,
  lastMessage: r.lastMessage,
  unreadMessages: r.unreadMessages,
  updatedAt: r.updatedAt,
  createdAt: r.createdAt,
})

const ticketById = reusableQuery(['id'], (db, p) => ticketQuery(db).where('tickets.id', '=', p.id))

export const findTicket = async (db: Executor, id: number): Promise<Ticket | undefined> => {
  const [row] = await ticketById(db, { id })
  return row ? toTicket(row) : undefined
}

export const queueIdsOf = async (db: Executor, userId: number): Promise<number[]> =>
  (await db.selectFrom('user_queues').select('queueId').where('userId', '=', userId).execute()).map((r) => r.queueId)

type Visible = Pick<Ticket, 'userId' | 'status' | 'queueId'>

const isUnassignedPending = (t: Visible) => t.userId === null && t.status === 'pending'

/**
 * Who sees a ticket: admins see every ticket (their list narrows it unless show-all is on);
 * a user sees their own tickets, and unassigned pending ones in their queues or without a queue.
 */
export const canSeeTicket = (actor: Actor, actorQueueIds: readonly number[], t: Visible): boolean =>
  isAdmin(actor) ||
  t.userId === actor.id ||
  (isUnassignedPending(t) && (t.queueId === null || actorQueueIds.includes(t.queueId)))

export const actorCanSee = async (db: Executor, actor: Actor, t: Visible) =>
  isAdmin(actor) || t.userId === actor.id || canSeeTicket(actor, await queueIdsOf(db, actor.id), t)

const queueMembers = reusableQuery(['queueId'], (db, p) =>
  db.selectFrom('user_queues').select('userId').where('queueId', '=', p.queueId),
)

/** Who hears about a ticket's changes and messages; `formerUserIds` keep a ticket they lost in sync. */
export const audienceOf = async (
  db: Executor,
  t: Visible,
  formerUserIds: Array<number | null> = [],
): Promise<Audience> => {
  if (isUnassignedPending(t) && t.queueId === null) return { everyone: true, userIds: [] }
  const ids = new Set<number>(formerUserIds.filter((id): id is number => id !== null))
  if (t.userId !== null) ids.add(t.userId)
  if (isUnassignedPending(t) && t.queueId !== null) {
    const members = await queueMembers(db, { queueId: t.queueId })
    for (const m of members) ids.add(m.userId)
  }
  return { everyone: false, userIds: [...ids] }
}

/** A ticket's status and audience, as the live events need them. */
export const sightOf = async (db: Executor, t: Visible): Promise<TicketSight> => ({
  status: t.status,
  audience: await audienceOf(db, t),
})

export type TicketsEb = ExpressionBuilder<DB, 'tickets'>
/** One part of a ticket scope: conditions on `tickets` columns, joined with `and`. */
export type ScopePart = (eb: TicketsEb) => Array<Expression<SqlBool>>

/**
 * The tickets a list covers for a caller, before its other filters (status, search, date …):
 * the one rule behind `GET /tickets` and the dashboard's counters, so a counter always equals
 * its list's `count`.
 * - `showAll` (admins only): every ticket; anyone else: their own tickets, and unassigned
 *   pending ones in their queues (`myQueues`) or without a queue. The two parts never overlap,
 *   so their counts add up.
 * - `queueIds` narrows to those queues, tickets without a queue always included; an empty list
 *   narrows nothing (the app sends none when the user has no queue).
 */
export const ticketScope = (
  actor: Actor,
  myQueues: readonly number[],
  { showAll, queueIds }: { showAll: boolean; queueIds: readonly number[] },
): ScopePart[] => {
  const selected = (eb: TicketsEb) =>
    queueIds.length ? [eb.or([eb('tickets.queueId', 'in', [...queueIds]), eb('tickets.queueId', 'is', null)])] : []
  if (showAll && isAdmin(actor)) return [selected]
  return [
    (eb) => [eb('tickets.userId', '=', actor.id), ...selected(eb)],
    (eb) => [
      eb('tickets.userId', 'is', null),
      eb('tickets.status', '=', 'pending'),
      myQueues.length
        ? eb.or([eb('tickets.queueId', 'is', null), eb('tickets.queueId', 'in', [...myQueues])])
        : eb('tickets.queueId', 'is', null),
      ...selected(eb),
    ],
  ]
}
