import type { Kysely } from 'kysely'

/**
 * The ticket list reads a user's own tickets newest first, with or without a status: these
 * indexes hand them over already in order, so the first page never sorts every ticket the
 * user ever had. They replace the plain `userId` index, a prefix of both.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('tickets_user_idx').execute()
  await db.schema.createIndex('tickets_user_updated_idx').on('tickets').columns(['userId', 'updatedAt']).execute()
  await db.schema
    .createIndex('tickets_user_status_updated_idx')
    .on('tickets')
    .columns(['userId', 'status', 'updatedAt'])
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('tickets_user_status_updated_idx').execute()
  await db.schema.dropIndex('tickets_user_updated_idx').execute()
  await db.schema.createIndex('tickets_user_idx').on('tickets').column('userId').execute()
}
