import type { TicketStatus } from '@desk/api-client'
import type { Expression, ExpressionBuilder, Insertable, SqlBool } from 'kysely'
import { type DB, type Executor, nowIso, type TicketRow, type TicketsTable } from '../../../db'

/** The part of a ticket that its transitions move. */
export interface TicketState {
  status: TicketStatus
  userId: number | null
  queueId: number | null
  whatsappId: number | null
}

/** What a ticket must still look like for a transition to apply. */
export interface Expected extends Partial<TicketState> {
  /** Only while it has had no activity since then (the idle auto-close). */
  idleSince?: string
}

const matches = (eb: ExpressionBuilder<DB, 'tickets'>, expected: Expected): Array<Expression<SqlBool>> => {
  const all: Array<Expression<SqlBool>> = []
  for (const key of ['status', 'userId', 'queueId', 'whatsappId'] as const) {
    const value = expected[key]
    if (value === undefined) continue
    all.push(value === null ? eb(key, 'is', null) : eb(key, '=', value))
  }
  if (expected.idleSince !== undefined) all.push(eb('updatedAt', '<', expected.idleSince))
  return all
}

/**
 * A conditional write: moves the ticket to `next` only if it still is as `expected`, in one
 * statement, so of two agents (or two server processes) racing for the same ticket exactly one
 * moves it. False when someone changed it first. A move that would make a second live ticket
 * for the contact and connection throws the database's unique violation (migration 0006).
 */
export const moveTicket = async (
  db: Executor,
  id: number,
  expected: Expected,
  next: Partial<TicketState>,
): Promise<boolean> => {
  const result = await db
    .updateTable('tickets')
    .set({ ...next, updatedAt: nowIso() })
    .where('id', '=', id)
    .where((eb) => eb.and(matches(eb, expected)))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/**
 * Inserts a live ticket unless the contact already has one on that connection (the partial
 * unique index of migration 0006): undefined then, without an error, so the caller can read
 * the winner's ticket, even inside a transaction.
 */
export const insertLiveTicket = (db: Executor, values: Insertable<TicketsTable>): Promise<TicketRow | undefined> =>
  db
    .insertInto('tickets')
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst()

/** Deletes a ticket and its messages. */
export const deleteTicket = async (db: Executor, id: number): Promise<void> => {
  await db.deleteFrom('messages').where('ticketId', '=', id).execute()
  await db.deleteFrom('tickets').where('id', '=', id).execute()
}
