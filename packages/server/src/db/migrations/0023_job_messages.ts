import type { Kysely } from 'kysely'

/**
 * `messages.jobId`: the outreach job that sent a message, for the copy of a bulk message kept in the
 * customer's conversation (null for everything else). A deleted job leaves its messages unmarked.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('messages')
    .addColumn('jobId', 'integer', (c) => c.references('jobs.id').onDelete('set null'))
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('messages').dropColumn('jobId').execute()
}
