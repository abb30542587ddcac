import type { Kysely } from 'kysely'

/**
 * What a telephony provider reports on each recipient of an SMS or voice job: the SMS's delivery
 * (`queued` … `undelivered`), a call's outcome and duration (seconds), and the provider's error
 * code. Callbacks find the recipient by its `providerMessageId`, which gets an index.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('job_recipients').addColumn('delivery', 'varchar(16)').execute()
  await db.schema.alterTable('job_recipients').addColumn('callOutcome', 'varchar(16)').execute()
  await db.schema.alterTable('job_recipients').addColumn('callDuration', 'integer').execute()
  await db.schema.alterTable('job_recipients').addColumn('providerError', 'varchar(32)').execute()
  await db.schema
    .createIndex('job_recipients_by_provider_id')
    .on('job_recipients')
    .column('providerMessageId')
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('job_recipients_by_provider_id').execute()
  for (const column of ['providerError', 'callDuration', 'callOutcome', 'delivery']) {
    await db.schema.alterTable('job_recipients').dropColumn(column).execute()
  }
}
