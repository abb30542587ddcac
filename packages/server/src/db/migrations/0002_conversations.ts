import type { Kysely } from 'kysely'
import { idColumn } from '../dialect'

/**
 * Conversations: driver settings on connections, contacts (with extra info), tickets and
 * messages. `messages` has a unique index on (whatsappId, providerMessageId) so a message the
 * network delivers twice is stored once; rows the desk writes before the network names them
 * keep a null id, which both dialects allow any number of times.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const id = idColumn(db)

  // Driver settings (secrets included) as JSON; never returned as they are.
  await db.schema.alterTable('whatsapps').addColumn('config', 'text').execute()

  await db.schema
    .createTable('contacts')
    .addColumn('id', ...id)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('number', 'varchar(100)')
    .addColumn('email', 'varchar(320)')
    .addColumn('profilePicUrl', 'text')
    .addColumn('isGroup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'varchar(32)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('contacts_number_uq').on('contacts').column('number').unique().execute()
  await db.schema.createIndex('contacts_name_idx').on('contacts').column('name').execute()

  await db.schema
    .createTable('contact_extra_info')
    .addColumn('id', ...id)
    .addColumn('contactId', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(32)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('contact_extra_info_contact_idx').on('contact_extra_info').column('contactId').execute()

  await db.schema
    .createTable('tickets')
    .addColumn('id', ...id)
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('contactId', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('queueId', 'integer', (c) => c.references('queues.id').onDelete('set null'))
    .addColumn('whatsappId', 'integer', (c) => c.references('whatsapps.id').onDelete('set null'))
    .addColumn('isGroup', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lastMessage', 'text')
    .addColumn('unreadMessages', 'integer', (c) => c.notNull().defaultTo(0))
    // Set once the connection's numbered queue menu went out for this ticket.
    .addColumn('queueMenuSent', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'varchar(32)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('tickets_status_updated_idx').on('tickets').columns(['status', 'updatedAt']).execute()
  await db.schema.createIndex('tickets_updated_idx').on('tickets').column('updatedAt').execute()
  await db.schema.createIndex('tickets_contact_idx').on('tickets').columns(['contactId', 'whatsappId']).execute()
  await db.schema.createIndex('tickets_user_idx').on('tickets').column('userId').execute()
  await db.schema.createIndex('tickets_queue_idx').on('tickets').column('queueId').execute()

  await db.schema
    .createTable('messages')
    .addColumn('id', ...id)
    .addColumn('ticketId', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    // The customer (or group member) who wrote it; null for what the desk sent.
    .addColumn('contactId', 'integer', (c) => c.references('contacts.id').onDelete('set null'))
    // The agent who sent it; null for inbound and automatic messages.
    .addColumn('userId', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('whatsappId', 'integer', (c) => c.references('whatsapps.id').onDelete('set null'))
    .addColumn('providerMessageId', 'varchar(200)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('fromMe', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mediaType', 'varchar(16)', (c) => c.notNull().defaultTo('chat'))
    // A file name under the media folder; served through signed URLs.
    .addColumn('mediaPath', 'varchar(255)')
    .addColumn('mediaMime', 'varchar(128)')
    .addColumn('ack', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('isDeleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('quotedMsgId', 'integer', (c) => c.references('messages.id').onDelete('set null'))
    .addColumn('error', 'text')
    .addColumn('createdAt', 'varchar(32)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('messages_provider_uq')
    .on('messages')
    .columns(['whatsappId', 'providerMessageId'])
    .unique()
    .execute()
  await db.schema.createIndex('messages_ticket_idx').on('messages').columns(['ticketId', 'createdAt']).execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of ['messages', 'tickets', 'contact_extra_info', 'contacts']) {
    await db.schema.dropTable(table).execute()
  }
  await db.schema.alterTable('whatsapps').dropColumn('config').execute()
}
