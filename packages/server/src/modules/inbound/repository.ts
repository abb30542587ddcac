import { type AliasableExpression, CompiledQuery, type ExpressionBuilder, sql } from 'kysely'
import { type ContactRow, type DB, type Db, type Executor, nowIso, type TicketRow } from '../../db'
import { type Dialect, dialectOf } from '../../db/dialect'
import { isLive } from '../../db/expressions'
import { PREPARED_MARK } from '../../db/prepared'
import { reusableQuery } from '../../db/reusable'
import { CONTACT_COLUMNS, TICKET_COLUMNS } from '../../db/schema'
import type { InboundMessageValues } from '../messages/repository'
import { sightOfRow, ticketAndMembersText } from '../tickets/repository/rows'

/** Every query of an arriving message (the contacts' are the contacts service's). */

// The queries every arriving message runs, compiled once (see reusableQuery).
const settingByKey = reusableQuery(['key'], (db, p) =>
  db.selectFrom('settings').select('value').where('key', '=', p.key),
)
const messageByProviderId = reusableQuery(['connectionId', 'providerMessageId'], (db, p) =>
  db
    .selectFrom('messages')
    .select(['id', 'ticketId'])
    .where('whatsappId', '=', p.connectionId)
    .where('providerMessageId', '=', p.providerMessageId),
)
const liveTicket = reusableQuery(['contactId', 'connectionId'], (db, p) =>
  db
    .selectFrom('tickets')
    .select(TICKET_COLUMNS)
    .where('contactId', '=', p.contactId)
    .where('whatsappId', '=', p.connectionId)
    // At most one: the one-live-ticket index, which this condition lets the database use.
    .where(isLive)
    // Written into the text: with the limit a bound value SQLite took 3–4 times as long over the same
    // index (42 against 11 µs), the longest read of an arriving message.
    .limit(sql.lit(1)),
)
export const insertMessage = reusableQuery(
  [
    'ticketId',
    'contactId',
    'whatsappId',
    'providerMessageId',
    'body',
    'mediaType',
    'mediaPath',
    'mediaMime',
    'mediaSize',
    'mediaName',
    'quotedMsgId',
    'storyKind',
    'storyUrl',
    'now',
  ],
  (db, p) =>
    db
      .insertInto('messages')
      .values({
        ticketId: p.ticketId,
        contactId: p.contactId,
        userId: null,
        whatsappId: p.whatsappId,
        providerMessageId: p.providerMessageId,
        body: p.body,
        fromMe: 0,
        read: 0,
        mediaType: p.mediaType,
        mediaPath: p.mediaPath,
        mediaMime: p.mediaMime,
        mediaSize: p.mediaSize,
        mediaName: p.mediaName,
        ack: 0,
        isDeleted: 0,
        quotedMsgId: p.quotedMsgId,
        error: null,
        storyKind: p.storyKind,
        storyUrl: p.storyUrl,
        createdAt: p.now,
        updatedAt: p.now,
      })
      .returning('id'),
)
/**
 * Raises the ticket's unread count and sets its preview (a null preview keeps the one it has), in the
 * transaction that inserted the message: this takes the
 * ticket's row, which a read holds while it marks and recounts (messages' `markTicketRead`), so the
 * increment lands after that read's recount or the read sees this message.
 */
export const countUnread = reusableQuery(['id', 'preview', 'now'], (db, p) =>
  db
    .updateTable('tickets')
    .set((eb) => ({
      lastMessage: eb.fn.coalesce(eb.val<string | null>(p.preview), eb.ref('lastMessage')),
      unreadMessages: eb('unreadMessages', '+', 1),
      updatedAt: p.now,
    }))
    .where('id', '=', p.id),
)

const senderAndLiveTicket = reusableQuery(['number', 'connectionId'], (db, p) =>
  db
    .selectFrom('contacts')
    .leftJoin('tickets', (join) =>
      join.onRef('tickets.contactId', '=', 'contacts.id').on('tickets.whatsappId', '=', p.connectionId).on(isLive),
    )
    .select([
      ...CONTACT_COLUMNS.map((c) => `contacts.${c} as c_${c}` as const),
      ...TICKET_COLUMNS.map((c) => `tickets.${c} as t_${c}` as const),
    ] as unknown as ['contacts.id'])
    .select((eb) =>
      eb
        .selectFrom('whatsapp_queues')
        .select(eb.fn.countAll().as('n'))
        .where('whatsapp_queues.whatsappId', '=', p.connectionId)
        .as('connectionQueues'),
    )
    .where('contacts.number', '=', p.number)
    .limit(sql.lit(1)),
)

/** Each column of the joined read with the name it was read as (`c_name`, `t_status`). */
const CONTACT_READ = CONTACT_COLUMNS.map((column) => [column, `c_${column}`] as const)
const TICKET_READ = TICKET_COLUMNS.map((column) => [column, `t_${column}`] as const)

/** One table's columns of the joined row, under their own names. */
const columnsOf = (row: Record<string, unknown>, read: ReadonlyArray<readonly [string, string]>) => {
  const out: Record<string, unknown> = {}
  for (const [column, as] of read) out[column] = row[as]
  return out
}

/**
 * The contact with this number and its live ticket on the connection, in one read: undefined when no
 * contact has the number; `ticket` undefined when the contact has no live ticket there. `fewQueues`: the
 * connection has fewer than two queues, so the message leads to no queue menu (see `createQueueRouting`).
 */
export const senderAndLiveTicketOn = async (
  db: Executor,
  number: string,
  connectionId: number,
): Promise<{ contact: ContactRow; ticket: TicketRow | undefined; fewQueues: boolean } | undefined> => {
  const [row] = (await senderAndLiveTicket(db, { number, connectionId })) as unknown as Array<Record<string, unknown>>
  if (!row) return undefined
  const fewQueues = Number(row.connectionQueues) < 2
  const contact = columnsOf(row, CONTACT_READ) as unknown as ContactRow
  const ticket = row.t_id === null ? undefined : (columnsOf(row, TICKET_READ) as unknown as TicketRow)
  return { contact, ticket, fewQueues }
}

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ')

/**
 * PostgreSQL: a message on a ticket that is live, with the ticket's counters and the marker of its steps
 * (`inbound_pending`), as one statement, atomic on its own: the ticket's update comes first and takes its
 * row (as `countUnread` does in the transaction), and only a ticket still open or pending is updated —
 * when another request closed it since it was read, nothing is written. Answers the message's id, the
 * ticket's row as it now stands, and the ticket as its live event shows it, with its contact's tags and the
 * members of its queue: `findTicketAndAudience`'s statement, reading the update's row ("t") as "tickets"
 * (the statement's other parts see the table as it was before the update). Built once, on first use.
 */
let appendText: string | undefined
const appendToLiveText = (db: Executor) => {
  if (appendText) return appendText
  const select = ticketAndMembersText(db)
  const from = ' from "tickets" '
  if (!select.startsWith('select ') || select.split(from).length !== 2 || select.split('$1').length !== 2) {
    throw new Error('appendToLiveText: the ticket statement is not the shape it reads over the update')
  }
  const own = TICKET_COLUMNS.map((column) => `"tickets"."${column}" as "row_${column}"`).join(', ')
  const event = select
    .replace('select ', `select "m"."messageId", ${own}, `)
    .replace(from, ' from "m", "t" as "tickets" ')
    .replace('$1', '$3::integer')
  appendText = `${PREPARED_MARK}with "t" as (
  update "tickets" set "lastMessage" = coalesce($1::text, "lastMessage"), "unreadMessages" = "unreadMessages" + 1,
    "updatedAt" = $2::timestamptz
  where "id" = $3::integer and "status" in ('open', 'pending')
  returning ${quoted(TICKET_COLUMNS)}
), "m" as (
  insert into "messages" ("ticketId", "contactId", "userId", "whatsappId", "providerMessageId", "body", "fromMe",
    "read", "mediaType", "mediaPath", "mediaMime", "mediaSize", "mediaName", "ack", "isDeleted", "quotedMsgId",
    "error", "storyKind", "storyUrl", "createdAt", "updatedAt")
  select "t"."id", $4::integer, null, "t"."whatsappId", $5::text, $6::text, 0, 0, $7::text, $8::text, $9::text,
    $10::integer, $11::text, 0, 0, null, null, $12::text, $13::text, $2::timestamptz, $2::timestamptz from "t"
  returning "id" as "messageId"
), "p" as (
  insert into "inbound_pending" ("messageId", "context", "holder", "leaseUntil")
  select "m"."messageId", $14::text, $15::text, $16::timestamptz from "m"
)
${event}`
  return appendText
}

/** The message (quoting none, on the ticket's own connection), the ticket's preview and the marker's row. */
export interface AppendToLiveTicket extends Omit<InboundMessageValues, 'whatsappId' | 'quotedMsgId'> {
  /** The ticket's new preview; null keeps the one it has. */
  preview: string | null
  context: string
  holder: string
  leaseUntil: string
}

/** See APPEND_TO_LIVE_TICKET (PostgreSQL only); undefined when the ticket is no longer live (nothing written). */
export const appendToLiveTicket = async (
  db: Db,
  p: AppendToLiveTicket,
): Promise<{ ticket: TicketRow; messageId: number; sight: Sight } | undefined> => {
  const { rows } = await db.executeQuery<Record<string, unknown> & { messageId: number }>(
    CompiledQuery.raw(appendToLiveText(db), [
      p.preview,
      p.now,
      p.ticketId,
      p.contactId,
      p.providerMessageId,
      p.body,
      p.mediaType,
      p.mediaPath,
      p.mediaMime,
      p.mediaSize,
      p.mediaName,
      p.storyKind,
      p.storyUrl,
      p.context,
      p.holder,
      p.leaseUntil,
    ]),
  )
  const row = rows[0]
  if (!row) return undefined
  const ticket = Object.fromEntries(TICKET_COLUMNS.map((column) => [column, row[`row_${column}`]])) as TicketRow
  // The customer last wrote now: this message.
  return { ticket, messageId: row.messageId, sight: sightOfRow(row, p.now) }
}

/** A ticket as its live event shows it, and who hears it (see `findTicketAndAudience`). */
export type Sight = ReturnType<typeof sightOfRow>

/** A setting's value (`CheckMsgIsGroup`, `timeCreateNewTicket`). */
export const settingValue = async (db: Executor, key: string) => (await settingByKey(db, { key }))[0]?.value

/** The message a connection already stored under a provider id. */
export const messageOfProvider = async (db: Executor, connectionId: number, providerMessageId: string) =>
  (await messageByProviderId(db, { connectionId, providerMessageId }))[0]

/** The contact's live (open or pending) ticket on the connection. */
export const liveTicketOn = async (db: Executor, contactId: number, connectionId: number) =>
  (await liveTicket(db, { contactId, connectionId }))[0]

/** The contact's ticket on the connection updated since `since`, the latest first. */
export const recentTicketOn = (db: Executor, contactId: number, connectionId: number, since: string) =>
  db
    .selectFrom('tickets')
    .selectAll()
    .where('contactId', '=', contactId)
    .where('whatsappId', '=', connectionId)
    .where('updatedAt', '>=', since)
    .orderBy('updatedAt', 'desc')
    .executeTakeFirst()

/**
 * Brings a recent ticket back pending and unassigned, only while it is still closed; undefined
 * when it is not (or when the one-live-ticket index refuses, which throws).
 */
export const reopenClosed = (db: Executor, recent: TicketRow, now: string) =>
  db
    .updateTable('tickets')
    // A new conversation on it: one still without a queue gets the menu again.
    .set({
      status: 'pending',
      userId: null,
      queueMenuSent: recent.queueId === null ? 0 : recent.queueMenuSent,
      updatedAt: now,
    })
    .where('id', '=', recent.id)
    .where('status', '=', 'closed')
    .returningAll()
    .executeTakeFirst()

// A stored message's steps after the commit (`inbound_pending`, migration 0021): the hot path writes
// the row with the message, records at most one stage and takes it when done, each compiled once.
export const insertPending = reusableQuery(['messageId', 'context', 'holder', 'leaseUntil'], (db, p) =>
  db.insertInto('inbound_pending').values({
    messageId: p.messageId,
    context: p.context,
    holder: p.holder,
    leaseUntil: p.leaseUntil,
  }),
)
const advancePendingQuery = reusableQuery(['messageId', 'holder', 'stage', 'leaseUntil'], (db, p) =>
  db
    .updateTable('inbound_pending')
    .set({ stage: p.stage, leaseUntil: p.leaseUntil })
    .where('messageId', '=', p.messageId)
    .where('holder', '=', p.holder)
    .returning('messageId'),
)
const claimPendingQuery = reusableQuery(['messageId', 'holder', 'now', 'leaseUntil'], (db, p) =>
  db
    .updateTable('inbound_pending')
    .set((eb) => ({ holder: p.holder, leaseUntil: p.leaseUntil, attempts: eb('attempts', '+', 1) }))
    .where('messageId', '=', p.messageId)
    .where('leaseUntil', '<', p.now)
    .returning(['stage', 'context', 'attempts']),
)

/** Records how far the holder got (and renews its lease); false when another process has taken the message over. */
export const advancePending = async (
  db: Executor,
  messageId: number,
  holder: string,
  stage: number,
  leaseUntil: string,
) => (await advancePendingQuery(db, { messageId, holder, stage, leaseUntil })).length === 1

/**
 * A value the steps after a message's marker read (the after-store hooks): a scalar subquery, taken in the
 * statement that removes the marker, that may refer to the marker's row (`inbound_pending.messageId`).
 */
export type HookRead = (eb: ExpressionBuilder<DB, 'inbound_pending'>, dialect: Dialect) => AliasableExpression<unknown>

/** A setting's value (null when never stored) as a hook read. */
export const settingRead =
  (key: string): HookRead =>
  (eb) =>
    eb.selectFrom('settings').select('value').where('key', '=', key)

/**
 * Removes the holder's row, and in the same statement takes the hooks' `reads` (null where a read finds
 * nothing). Undefined when the row was no longer the holder's; else the steps left are the holder's own.
 */
export const takePendingWith = (reads: Readonly<Record<string, HookRead>>) => {
  const names = Object.keys(reads)
  const query = reusableQuery(['messageId', 'holder'], (db, p) =>
    db
      .deleteFrom('inbound_pending')
      .where('messageId', '=', p.messageId)
      .where('holder', '=', p.holder)
      .returning((eb) => ['messageId', ...names.map((name, i) => reads[name]!(eb, dialectOf(db)).as(`read${i}`))]),
  )
  return async (db: Executor, messageId: number, holder: string) => {
    const [row] = (await query(db, { messageId, holder })) as Array<Record<string, unknown>>
    if (!row) return undefined
    return Object.fromEntries(names.map((name, i) => [name, (row[`read${i}`] as string | null) ?? null])) as Record<
      string,
      string | null
    >
  }
}

/** Takes over a row whose lease has run out (one process wins); undefined when it is gone or still held. */
export const claimPending = async (db: Executor, messageId: number, holder: string, now: string, leaseUntil: string) =>
  (await claimPendingQuery(db, { messageId, holder, now, leaseUntil }))[0]

/** Lets go of the holder's lease at once (a step failed): the redelivery or a sweep may try again. */
export const releasePending = (db: Executor, messageId: number, holder: string, now: string) =>
  db
    .updateTable('inbound_pending')
    .set({ leaseUntil: now })
    .where('messageId', '=', messageId)
    .where('holder', '=', holder)
    .execute()

/** Messages whose steps nobody holds any more, the longest waiting first. */
export const abandonedPending = async (db: Executor, now: string, limit: number) =>
  (
    await db
      .selectFrom('inbound_pending')
      .select('messageId')
      .where('leaseUntil', '<', now)
      .orderBy('leaseUntil')
      .limit(limit)
      .execute()
  ).map((r) => r.messageId)

/** A ticket's row as stored (the queue menu reads `queueMenuSent`, which the API's ticket has not). */
export const ticketRowOf = (db: Executor, id: number) =>
  db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst()

/** What the steps of a stored message start from: its ticket, connection and text. */
export const storedInbound = (db: Executor, messageId: number) =>
  db
    .selectFrom('messages')
    .select(['id', 'ticketId', 'whatsappId', 'body'])
    .where('id', '=', messageId)
    .executeTakeFirst()

/** The greeting a connection sends before its queue menu. */
export const greetingOf = async (db: Executor, connectionId: number) =>
  (await db.selectFrom('whatsapps').select('greetingMessage').where('id', '=', connectionId).executeTakeFirst())
    ?.greetingMessage ?? null

/** Marks the queue menu sent while the ticket has no queue and no agent; false when someone else did first. */
export const markQueueMenuSent = async (db: Executor, ticketId: number) => {
  const marked = await db
    .updateTable('tickets')
    .set({ queueMenuSent: 1 })
    .where('id', '=', ticketId)
    .where('queueMenuSent', '=', 0)
    .where('queueId', 'is', null)
    .where('userId', 'is', null)
    .executeTakeFirst()
  return Number(marked.numUpdatedRows) === 1
}

/** Puts the ticket in the queue the customer chose, only while it still has no queue and no agent. */
export const chooseQueue = async (db: Executor, ticketId: number, queueId: number) => {
  const chosen = await db
    .updateTable('tickets')
    .set({ queueId, updatedAt: nowIso() })
    .where('id', '=', ticketId)
    .where('queueId', 'is', null)
    .where('userId', 'is', null)
    .executeTakeFirst()
  return Number(chosen.numUpdatedRows) === 1
}

/** Runs `work` in one transaction: everything it writes commits together or not at all. */
export const inTransaction = <T>(db: Db, work: (trx: Executor) => Promise<T>): Promise<T> =>
  db.transaction().execute(work)
