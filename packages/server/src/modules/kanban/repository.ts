import { sql } from 'kysely'
import { type Executor, type LaneRow, nowIso } from '../../db'
import { ticketQuery, toTicket } from '../tickets/repository'

/** Lanes in board order (position, then id). */
export const listLaneRows = (db: Executor): Promise<LaneRow[]> =>
  db.selectFrom('lanes').selectAll().orderBy('position').orderBy('id').execute()

export const findLaneRow = (db: Executor, id: number): Promise<LaneRow | undefined> =>
  db.selectFrom('lanes').selectAll().where('id', '=', id).executeTakeFirst()

/** The first lane, where a ticket without a placement sits. */
export const firstLaneRow = (db: Executor): Promise<LaneRow | undefined> =>
  db.selectFrom('lanes').selectAll().orderBy('position').orderBy('id').limit(1).executeTakeFirst()

export interface LaneValues {
  title: string
  color: string
  entryQueueId: number | null
  entryQuickAnswerId: number | null
}

/** A new lane at the end of the board (two racing creates may share a position; ties go by id). */
export const insertLane = (db: Executor, values: LaneValues): Promise<LaneRow> => {
  const now = nowIso()
  return db
    .insertInto('lanes')
    .values({
      ...values,
      position: sql<number>`(select coalesce(max(${sql.ref('position')}), -1) + 1 from ${sql.table('lanes')})`,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export const updateLane = (db: Executor, id: number, changes: Partial<LaneValues>) =>
  db
    .updateTable('lanes')
    .set({ ...changes, updatedAt: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()

/** Numbers the lanes 0, 1, 2 … in the order given (run in a transaction). */
export const setLanePositions = async (db: Executor, ids: readonly number[]) => {
  const now = nowIso()
  for (const [position, id] of ids.entries()) {
    await db.updateTable('lanes').set({ position, updatedAt: now }).where('id', '=', id).execute()
  }
}

/** Open tickets whose card sits in the lane (`first`: the first lane also holds every unplaced ticket). */
export const openCardsIn = async (db: Executor, laneId: number, first: boolean): Promise<number> => {
  const row = await db
    .selectFrom('tickets')
    .leftJoin('ticket_lanes', 'ticket_lanes.ticketId', 'tickets.id')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('tickets.status', '=', 'open')
    .where((eb) =>
      first
        ? eb.or([eb('ticket_lanes.laneId', '=', laneId), eb('ticket_lanes.laneId', 'is', null)])
        : eb('ticket_lanes.laneId', '=', laneId),
    )
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Deletes a lane and the placements of its tickets that are no longer open (they come back to
 * the first lane if reopened). A placement of an open ticket made meanwhile by another request
 * makes the database refuse the delete (`restrict`), so a card is never left without its lane.
 */
export const deleteLaneRow = async (db: Executor, id: number): Promise<boolean> => {
  await db
    .deleteFrom('ticket_lanes')
    .where('laneId', '=', id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('tickets')
            .select('tickets.id')
            .whereRef('tickets.id', '=', 'ticket_lanes.ticketId')
            .where('tickets.status', '=', 'open'),
        ),
      ),
    )
    .execute()
  const { numDeletedRows } = await db.deleteFrom('lanes').where('id', '=', id).executeTakeFirst()
  return Number(numDeletedRows) > 0
}

/** The lane a ticket's placement names, or undefined when it has none (then it sits in the first lane). */
export const placementOf = async (db: Executor, ticketId: number): Promise<number | undefined> =>
  (await db.selectFrom('ticket_lanes').select('laneId').where('ticketId', '=', ticketId).executeTakeFirst())?.laneId

/**
 * Puts a ticket's card in a lane, and answers whether it moved. One conditional statement each
 * way, so of two requests (or two server processes) moving the same card to the same lane only
 * one sees it enter (and runs the lane's entry actions); moves to different lanes end with one of
 * them, whole.
 */
export const placeCard = async (
  db: Executor,
  ticketId: number,
  laneId: number,
  userId: number | null,
  unplacedLaneId: number | undefined,
): Promise<boolean> => {
  const now = nowIso()
  const moved = await db
    .updateTable('ticket_lanes')
    .set({ laneId, movedBy: userId, updatedAt: now })
    .where('ticketId', '=', ticketId)
    .where('laneId', '!=', laneId)
    .executeTakeFirst()
  if (Number(moved.numUpdatedRows) > 0) return true
  const inserted = await db
    .insertInto('ticket_lanes')
    .values({ ticketId, laneId, movedBy: userId, updatedAt: now })
    .onConflict((oc) => oc.column('ticketId').doNothing())
    .executeTakeFirst()
  // A ticket without a placement already sat in the first lane: placing it there is no move.
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0 && laneId !== unplacedLaneId
}

/** Open tickets with their placement; `userId` narrows to one agent's tickets, `laneId`/`ticketId` to one lane or card. */
export const openTicketsWithLanes = async (
  db: Executor,
  filter: { userId?: number; ticketId?: number; laneIds?: { lane: number; first: boolean } },
) => {
  const rows = await ticketQuery(db)
    .leftJoin('ticket_lanes', 'ticket_lanes.ticketId', 'tickets.id')
    .select('ticket_lanes.laneId as placedLaneId')
    .where('tickets.status', '=', 'open')
    .$if(filter.userId !== undefined, (q) => q.where('tickets.userId', '=', filter.userId as number))
    .$if(filter.ticketId !== undefined, (q) => q.where('tickets.id', '=', filter.ticketId as number))
    .$if(filter.laneIds !== undefined, (q) =>
      q.where((eb) => {
        const { lane, first } = filter.laneIds!
        return first
          ? eb.or([eb('ticket_lanes.laneId', '=', lane), eb('ticket_lanes.laneId', 'is', null)])
          : eb('ticket_lanes.laneId', '=', lane)
      }),
    )
    .orderBy('tickets.updatedAt')
    .orderBy('tickets.id')
    .execute()
  return rows.map((row) => ({ ticket: toTicket(row), placedLaneId: row.placedLaneId }))
}
