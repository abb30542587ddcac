import { DRIVERS, type Driver, isUnassignedPending, replyWindowPolicy, type Ticket } from '@desk/api-client'
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import { jsonArrayFrom as postgresJsonArray } from 'kysely/helpers/postgres'
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite'
import { type DB, dialectOf, type Executor } from '../../../db'
import { reusableQuery } from '../../../db/reusable'
import type { Audience, TicketSight } from '../../../realtime/publisher'
import { toTag } from '../../tags/repository'

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
      'tickets.protocol',
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
      'whatsapps.driver as whatsappDriver',
    ])

type TicketQueryRow = Awaited<ReturnType<ReturnType<typeof ticketQuery>['executeTakeFirstOrThrow']>>

const isDriver = (driver: string | null): driver is Driver => (DRIVERS as readonly (string | null)[]).includes(driver)

/**
 * `more`: what a list or a lookup adds (the contact's tags, when the customer last wrote), set in the same
 * literal: added to a copy made by spreading, each ticket would get a shape of its own (see "Object
 * shapes" in the server README).
 */
export const toTicket = (r: TicketQueryRow, more?: Pick<Ticket, 'tags' | 'lastCustomerMessageAt'>): Ticket => ({
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
  whatsapp:
    r.whatsappId !== null && r.whatsappName !== null
      ? { id: r.whatsappId, name: r.whatsappName, ...(isDriver(r.whatsappDriver) ? { driver: r.whatsappDriver } : {}) }
      : null,
  isGroup: r.isGroup === 1,
  lastMessage: r.lastMessage,
  unreadMessages: r.unreadMessages,
  ...(r.protocol ? { protocol: r.protocol } : {}),
  updatedAt: r.updatedAt,
  createdAt: r.createdAt,
  ...more,
})

const jsonArrayOf = (db: Executor) => (dialectOf(db) === 'postgres' ? postgresJsonArray : sqliteJsonArray)

/** One ticket, and its contact's tags in their order as a JSON array, in one statement. */
const ticketWithTags = (db: Executor) =>
  ticketQuery(db).select((eb) =>
    jsonArrayOf(db)(
      eb
        .selectFrom('contact_tags')
        .innerJoin('tags', 'tags.id', 'contact_tags.tagId')
        .select(['tags.id', 'tags.tag', 'tags.color'])
        .whereRef('contact_tags.contactId', '=', 'tickets.contactId')
        .orderBy('contact_tags.position'),
    ).as('tags'),
  )

const ticketById = reusableQuery(['id'], (db, p) => ticketWithTags(db).where('tickets.id', '=', p.id))

/** `ticketWithTags`, with the members of the ticket's queue (a JSON array of user ids). */
const ticketWithMembers = (db: Executor) =>
  ticketWithTags(db).select((eb) =>
    jsonArrayOf(db)(
      eb.selectFrom('user_queues').select('user_queues.userId').whereRef('user_queues.queueId', '=', 'tickets.queueId'),
    ).as('queueMembers'),
  )

/** As `ticketById`, with the members of the ticket's queue. */
const ticketAndMembersById = reusableQuery(['id'], (db, p) => ticketWithMembers(db).where('tickets.id', '=', p.id))

/**
 * `findTicketAndAudience`'s statement as text, its one value (the ticket's id) `$1`, for a statement that runs it
 * over a "tickets" of its own (PostgreSQL's `appendToLiveTicket`: the ticket row its update returns).
 */
export const ticketAndMembersText = (db: Executor): string => {
  const { sql: text, parameters } = ticketWithMembers(db).where('tickets.id', '=', 0).compile()
  if (parameters.length !== 1) throw new Error('ticketAndMembersText: the statement takes more than the id')
  return text
}

/**
 * What `findTicketAndAudience` makes of its row, for a statement that read it itself; `lastCustomerMessageAt`:
 * when the customer last wrote, which a channel with a reply window shows.
 */
export const sightOfRow = (row: Record<string, unknown>, lastCustomerMessageAt: string | null) => {
  const read = row as TicketRowRead & { queueMembers: MembersRead }
  const ticket = ticketFromRow(read, lastCustomerMessageAt)
  return { ticket, audience: audienceWith(ticket, membersOf(read.queueMembers)) }
}

/** SQLite answers JSON as text, PostgreSQL's driver parses it. */
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)
const tagsOf = (value: Array<{ id: number; tag: string; color: string }> | string) => parsed(value).map(toTag)

const lastCustomerMessage = reusableQuery(['contactId', 'whatsappId'], (db, p) =>
  db
    .selectFrom('messages')
    .innerJoin('tickets', 'tickets.id', 'messages.ticketId')
    .select((eb) => eb.fn.max('messages.createdAt').as('at'))
    .where('tickets.contactId', '=', p.contactId)
    .where('tickets.whatsappId', '=', p.whatsappId)
    .where('messages.fromMe', '=', 0),
)

/**
 * When the customer last wrote on the connection, in any of their tickets on it: what a reply window
 * (`replyWindowState`) is measured from. Each ticket's messages are read newest first through
 * `messages_ticket_idx`.
 */
export const lastCustomerMessageAt = async (db: Executor, contactId: number, whatsappId: number) =>
  ((await lastCustomerMessage(db, { contactId, whatsappId }))[0]?.at as string | null | undefined) ?? null

type TicketRowRead = TicketQueryRow & { tags: Parameters<typeof tagsOf>[0] }
type MembersRead = Array<{ userId: number }> | string

/** A ticket's connection has a reply window (`replyWindowPolicy`): its ticket shows when the customer last wrote. */
const hasReplyWindow = (row: TicketQueryRow) => row.whatsappId !== null && replyWindowPolicy(row.whatsappDriver)

/** The ticket of a row of `ticketById`, with when the customer last wrote where that shows. */
const ticketFromRow = (row: TicketRowRead, lastAt: string | null): Ticket =>
  toTicket(
    row,
    hasReplyWindow(row) ? { tags: tagsOf(row.tags), lastCustomerMessageAt: lastAt } : { tags: tagsOf(row.tags) },
  )

const membersOf = (read: MembersRead) => parsed(read).map((m) => m.userId)

/** The ticket of a row of `ticketById`, and on a channel with a reply window when the customer last wrote. */
const ticketOf = async (db: Executor, row: TicketRowRead) =>
  ticketFromRow(row, hasReplyWindow(row) ? await lastCustomerMessageAt(db, row.contactId, row.whatsappId!) : null)

/** One ticket with its contact's tags, and on a channel with a reply window when the customer last wrote. */
export const findTicket = async (db: Executor, id: number): Promise<Ticket | undefined> => {
  const [row] = await ticketById(db, { id })
  return row && ticketOf(db, row)
}

/** As `findTicket`, with who hears about it (see `audienceOf`), read in the same statement. */
export const findTicketAndAudience = async (
  db: Executor,
  id: number,
): Promise<{ ticket: Ticket; audience: Audience } | undefined> => {
  const [row] = await ticketAndMembersById(db, { id })
  if (!row) return undefined
  const ticket = await ticketOf(db, row)
  return { ticket, audience: audienceWith(ticket, membersOf(row.queueMembers)) }
}

const queuesOfUser = reusableQuery(['userId'], (db, p) =>
  db.selectFrom('user_queues').select('queueId').where('userId', '=', p.userId),
)

/**
 * A user's queues: read before every list an agent asks for, compiled once (and prepared on PostgreSQL,
 * so a list request sends no unprepared statement with values and its connection keeps the list's plan
 * mode, see `PreparingClient`).
 */
export const queueIdsOf = async (db: Executor, userId: number): Promise<number[]> =>
  (await queuesOfUser(db, { userId })).map((r) => r.queueId)

export type Visible = Pick<Ticket, 'userId' | 'status' | 'queueId'>

const queueMembers = reusableQuery(['queueId'], (db, p) =>
  db.selectFrom('user_queues').select('userId').where('queueId', '=', p.queueId),
)

/** Whether the members of the ticket's queue hear about it: while it waits in that queue for an agent. */
const heardByQueue = (t: Visible) => isUnassignedPending(t) && t.queueId !== null

/** `audienceOf`, given the members of the ticket's queue. */
const audienceWith = (
  t: Visible,
  queueMembers: readonly number[],
  formerUserIds: Array<number | null> = [],
): Audience => {
  if (isUnassignedPending(t) && t.queueId === null) return { everyone: true, userIds: [] }
  const ids = new Set<number>(formerUserIds.filter((id): id is number => id !== null))
  if (t.userId !== null) ids.add(t.userId)
  if (heardByQueue(t)) for (const id of queueMembers) ids.add(id)
  return { everyone: false, userIds: [...ids] }
}

/** Who hears about a ticket's changes and messages; `formerUserIds` keep a ticket they lost in sync. */
export const audienceOf = async (
  db: Executor,
  t: Visible,
  formerUserIds: Array<number | null> = [],
): Promise<Audience> => {
  const members = heardByQueue(t) ? (await queueMembers(db, { queueId: t.queueId! })).map((m) => m.userId) : []
  return audienceWith(t, members, formerUserIds)
}

/** A ticket's status and audience, as the live events need them. */
export const sightOf = async (db: Executor, t: Visible): Promise<TicketSight> => ({
  status: t.status,
  audience: await audienceOf(db, t),
})

export type TicketsEb = ExpressionBuilder<DB, 'tickets'>
/** One part of a ticket scope: conditions on `tickets` columns, joined with `and`. */
export type ScopePart = (eb: TicketsEb) => Array<Expression<SqlBool>>
