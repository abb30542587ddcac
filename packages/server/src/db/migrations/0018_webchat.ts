import { type Kysely, sql } from 'kysely'
import { dialectOf, idColumn } from '../dialect'

/**
 * The web chat connection (issue 14):
 * - `webchat_identities`: who a widget visitor is on one connection. `identity` is namespaced:
 *   `id:<partner identifier>` for visitors a partner vouched for with a signed token, and
 *   `anon:<random>` for anonymous visitors (the server makes the random part), so no anonymous
 *   visitor can ever name a verified identifier. Unique per connection; the contact is the
 *   desk's contact for that visitor (its tickets, messages and drawer). Deleting the contact or
 *   the connection deletes the identity, and the visitor's next session starts a new one.
 * - `messages.clientId`: the id the widget gave a message it sent, so a retry answers the stored
 *   message. Unique per ticket (agent mode); a visitor's messages are also kept apart per contact
 *   by their provider id (`webchat:<contactId>:<clientId>`, unique per connection since 0002).
 * The connection's signing secret and when it was last rotated live in the connection's config
 * JSON (`webChat.secret`, `webChat.secretRotatedAt`), which the API never answers.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema
    .createTable('webchat_identities')
    .addColumn('id', ...idColumn(db))
    .addColumn('whatsappId', 'integer', (c) => c.notNull().references('whatsapps.id').onDelete('cascade'))
    .addColumn('identity', 'varchar(200)', (c) => c.notNull())
    .addColumn('contactId', 'integer', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('createdAt', timestamp, (c) => c.notNull())
    .addUniqueConstraint('webchat_identities_identity_key', ['whatsappId', 'identity'])
    .execute()
  await db.schema
    .createIndex('webchat_identities_contact_idx')
    .on('webchat_identities')
    .columns(['contactId'])
    .execute()

  await db.schema.alterTable('messages').addColumn('clientId', 'varchar(64)').execute()
  await db.schema
    .createIndex('messages_client_id_uq')
    .on('messages')
    .columns(['ticketId', 'clientId'])
    .unique()
    .where(sql.ref('clientId'), 'is not', null)
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('messages_client_id_uq').execute()
  await db.schema.alterTable('messages').dropColumn('clientId').execute()
  await db.schema.dropTable('webchat_identities').execute()
}
