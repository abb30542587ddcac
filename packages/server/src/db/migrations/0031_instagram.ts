import type { Kysely } from 'kysely'
import { dialectOf, idColumn } from '../dialect'

/**
 * Instagram direct messages (issue 31):
 * - `instagram_accounts`: who a customer is on one Instagram connection. `igsid` is the
 *   Instagram-scoped id Meta gives the customer for this professional account (the only address a
 *   reply may go to); `username` is their user name as last seen, lower-cased, which a direct job
 *   (`/sendDirect`) resolves its lines through. Unique per connection; the contact has no number,
 *   as web chat visitors have none. Deleting the contact or the connection deletes the account.
 * - `messages.storyKind` / `messages.storyUrl`: a customer's reply to the business's story
 *   (`reply`) or a mention of the business in their own story (`mention`), with the story's link.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('instagram_accounts')
    .addColumn('id', ...idColumn(db))
    .addColumn('whatsappId', 'integer', (c) => c.notNull().references('whatsapps.id').onDelete('cascade'))
    .addColumn('igsid', 'varchar(64)', (c) => c.notNull())
    .addColumn('username', 'varchar(64)')
    .addColumn('contactId', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .addUniqueConstraint('instagram_accounts_igsid_key', ['whatsappId', 'igsid'])
    .execute()
  await db.schema
    .createIndex('instagram_accounts_username_idx')
    .on('instagram_accounts')
    .columns(['whatsappId', 'username'])
    .execute()
  await db.schema
    .createIndex('instagram_accounts_contact_idx')
    .on('instagram_accounts')
    .columns(['contactId'])
    .execute()
  await db.schema.alterTable('messages').addColumn('storyKind', 'varchar(16)').execute()
  await db.schema.alterTable('messages').addColumn('storyUrl', 'text').execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('messages').dropColumn('storyUrl').execute()
  await db.schema.alterTable('messages').dropColumn('storyKind').execute()
  await db.schema.dropTable('instagram_accounts').execute()
}
