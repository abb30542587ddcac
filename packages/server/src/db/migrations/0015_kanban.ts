import type { Kysely } from 'kysely'
import { dialectOf, idColumn } from '../dialect'

type Seeded = {
  settings: { key: string; value: string; createdAt: string; updatedAt: string }
  lanes: { title: string; color: string; position: number; createdAt: string; updatedAt: string }
}

/**
 * The kanban of open tickets (seed 001):
 * - `lanes`: the board's columns, in `position` order (ties by id), with a colour and optional actions run when a card enters: move the ticket to
 *   `entryQueueId`, send the quick answer `entryQuickAnswerId`.
 * - `ticket_lanes`: where a ticket's card sits. One row per ticket (the primary key), so two moves
 *   of the same card race to one answer; a ticket without a row sits in the first lane. A lane
 *   with cards cannot be deleted (`restrict`); a deleted ticket takes its row with it.
 * - A new install has one lane, and the setting `kanbanWaitMinutes` (how long a card may wait
 *   before it is coloured as late).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('lanes')
    .addColumn('id', ...idColumn(db))
    .addColumn('title', 'varchar(50)', (c) => c.notNull())
    .addColumn('color', 'varchar(16)', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('entryQueueId', 'integer', (c) => c.references('queues.id').onDelete('set null'))
    .addColumn('entryQuickAnswerId', 'integer', (c) => c.references('quick_answers.id').onDelete('set null'))
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('lanes_position_idx').on('lanes').column('position').execute()

  await db.schema
    .createTable('ticket_lanes')
    .addColumn('ticketId', 'integer', (c) => c.primaryKey().references('tickets.id').onDelete('cascade'))
    .addColumn('laneId', 'integer', (c) => c.notNull().references('lanes.id').onDelete('restrict'))
    .addColumn('movedBy', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('ticket_lanes_lane_idx').on('ticket_lanes').column('laneId').execute()

  const now = new Date().toISOString()
  const seeded = db as Kysely<Seeded>
  await seeded
    .insertInto('lanes')
    .values({ title: 'Open', color: '#84cc16', position: 0, createdAt: now, updatedAt: now })
    .execute()
  await seeded
    .insertInto('settings')
    .values({ key: 'kanbanWaitMinutes', value: '30', createdAt: now, updatedAt: now })
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await (db as Kysely<Seeded>).deleteFrom('settings').where('key', '=', 'kanbanWaitMinutes').execute()
  await db.schema.dropTable('ticket_lanes').execute()
  await db.schema.dropTable('lanes').execute()
}
