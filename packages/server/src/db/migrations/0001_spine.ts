import { randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import { idColumn } from '../dialect'

/**
 * The spine: users, queues, connections ("whatsapps"), settings and refresh tokens.
 * Portable across SQLite and PostgreSQL: ISO-string timestamps, 0/1 booleans, camelCase
 * columns. Later features add their own tables in their own migrations.
 */

interface SeedDb {
  settings: { key: string; value: string; createdAt: string; updatedAt: string }
}

export const up = async (db: Kysely<unknown>): Promise<void> => {
  const id = idColumn(db)

  await db.schema
    .createTable('queues')
    .addColumn('id', ...id)
    .addColumn('name', 'varchar(255)', (c) => c.notNull().unique())
    .addColumn('color', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('greetingMessage', 'text')
    .addColumn('createdAt', 'varchar(32)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(32)', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('whatsapps')
    .addColumn('id', ...id)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull().defaultTo('DISCONNECTED'))
    .addColumn('qrcode', 'text')
    .addColumn('retries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('isDefault', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('greetingMessage', 'text')
    .addColumn('farewellMessage', 'text')
    .addColumn('driver', 'varchar(32)', (c) => c.notNull().defaultTo('simulator'))
    .addColumn('createdAt', 'varchar(32)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(32)', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('whatsapp_queues')
    .addColumn('whatsappId', 'integer', (c) => c.notNull().references('whatsapps.id').onDelete('cascade'))
    .addColumn('queueId', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
    .addColumn('createdAt', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('whatsapp_queues_pk', ['whatsappId', 'queueId'])
    .execute()
  await db.schema.createIndex('whatsapp_queues_queue_idx').on('whatsapp_queues').column('queueId').execute()

  await db.schema
    .createTable('users')
    .addColumn('id', ...id)
    .addColumn('name', 'varchar(255)', (c) => c.notNull())
    // Stored lower-cased by the contract, so a plain unique index is case-insensitive in effect.
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('passwordHash', 'varchar(255)', (c) => c.notNull())
    .addColumn('profile', 'varchar(16)', (c) => c.notNull().defaultTo('user'))
    .addColumn('whatsappId', 'integer', (c) => c.references('whatsapps.id').onDelete('set null'))
    .addColumn('language', 'varchar(16)')
    .addColumn('createdAt', 'varchar(32)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('users_profile_idx').on('users').column('profile').execute()

  await db.schema
    .createTable('user_queues')
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('queueId', 'integer', (c) => c.notNull().references('queues.id').onDelete('cascade'))
    .addColumn('createdAt', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_queues_pk', ['userId', 'queueId'])
    .execute()
  await db.schema.createIndex('user_queues_queue_idx').on('user_queues').column('queueId').execute()

  await db.schema
    .createTable('settings')
    .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'varchar(32)', (c) => c.notNull())
    .addColumn('updatedAt', 'varchar(32)', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', ...id)
    .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tokenHash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('familyId', 'varchar(64)', (c) => c.notNull())
    .addColumn('expiresAt', 'varchar(32)', (c) => c.notNull())
    .addColumn('revokedAt', 'varchar(32)')
    .addColumn('createdAt', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('refresh_tokens_user_idx').on('refresh_tokens').column('userId').execute()
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('familyId').execute()

  const now = new Date().toISOString()
  const seed = (key: string, value: string) => ({ key, value, createdAt: now, updatedAt: now })
  await (db as Kysely<SeedDb>)
    .insertInto('settings')
    .values([
      seed('userCreation', 'enabled'),
      seed('timeCreateNewTicket', '3600'),
      seed('call', 'enabled'),
      // "disabled" means group messages are not ignored.
      seed('CheckMsgIsGroup', 'disabled'),
      seed('userApiToken', randomBytes(32).toString('base64url')),
    ])
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of [
    'refresh_tokens',
    'settings',
    'user_queues',
    'users',
    'whatsapp_queues',
    'whatsapps',
    'queues',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
