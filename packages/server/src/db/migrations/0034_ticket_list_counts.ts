import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect'

/**
 * Every ticket list counts its tickets, and every list of the app names a status and narrows by
 * queue and by group or not. The status and own-ticket indexes now also hold the columns those
 * filters and the visibility rule read (queue, user, group), after the order they serve (newest
 * first, the id breaking ties, so that a page is read in order and needs no sort): a count
 * or a list that reads `status = 'open'` with a queue filter is answered from the index alone,
 * without visiting the tickets themselves (on PostgreSQL an index-only scan; on SQLite a covering
 * index), and a page reads only the tickets it shows. They replace migration 0002's
 * `(status, updatedAt)` and 0003's `(userId, status, updatedAt)`, prefixes of these.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('tickets_status_updated_idx').execute()
  await db.schema
    .createIndex('tickets_status_updated_cover_idx')
    .on('tickets')
    .columns(['status', 'updatedAt', 'id', 'queueId', 'userId', 'isGroup'])
    .execute()
  await db.schema.dropIndex('tickets_user_status_updated_idx').execute()
  await db.schema
    .createIndex('tickets_user_status_updated_cover_idx')
    .on('tickets')
    .columns(['userId', 'status', 'updatedAt', 'id', 'queueId', 'isGroup'])
    .execute()
  if (dialectOf(db) === 'sqlite') {
    // SQLite counts by stepping through entries: one that holds only what a count reads, status,
    // group and owner first, steps through half the entries or fewer for the app's lists (which ask
    // for one status, not groups; an agent's own part and the waiting part name the owner, or none).
    // Without `updatedAt` it changes only when a ticket changes status, group, owner or queue.
    // PostgreSQL's index-only scan of the indexes above costs the same.
    await db.schema
      .createIndex('tickets_status_count_idx')
      .on('tickets')
      .columns(['status', 'isGroup', 'userId', 'queueId'])
      .execute()
  }
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  if (dialectOf(db) === 'sqlite') await db.schema.dropIndex('tickets_status_count_idx').execute()
  await db.schema.dropIndex('tickets_user_status_updated_cover_idx').execute()
  await db.schema
    .createIndex('tickets_user_status_updated_idx')
    .on('tickets')
    .columns(['userId', 'status', 'updatedAt'])
    .execute()
  await db.schema.dropIndex('tickets_status_updated_cover_idx').execute()
  await db.schema.createIndex('tickets_status_updated_idx').on('tickets').columns(['status', 'updatedAt']).execute()
}
