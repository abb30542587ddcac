import type { Kysely } from 'kysely'
import { dialectOf, idColumn } from '../dialect'

/**
 * Tags on contacts:
 * - `tags`: the catalogue an administrator keeps, a name and a colour. `tagKey` is the name in
 *   lower case and unique, so `VIP` and `vip` are one tag.
 * - `contact_tags`: which tags a contact carries, in the order they were set (`position`). Rows
 *   go with their contact and with their tag (cascade), so deleting a catalogue tag takes it
 *   off every contact.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('tags')
    .addColumn('id', ...idColumn(db))
    .addColumn('tag', 'varchar(50)', (c) => c.notNull())
    .addColumn('tagKey', 'varchar(50)', (c) => c.notNull())
    .addColumn('color', 'varchar(9)', (c) => c.notNull())
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addColumn('updatedAt', timestamp, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('tags_key_uq').on('tags').column('tagKey').unique().execute()

  await db.schema
    .createTable('contact_tags')
    .addColumn('contactId', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('tagId', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('contact_tags_pk', ['contactId', 'tagId'])
    .execute()
  // The ticket list's filter reads contacts by tag.
  await db.schema.createIndex('contact_tags_tag_idx').on('contact_tags').columns(['tagId', 'contactId']).execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('contact_tags').execute()
  await db.schema.dropTable('tags').execute()
}
