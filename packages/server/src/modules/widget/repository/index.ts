import { sql } from 'kysely'
import { type Db, type Executor, isUniqueViolation, nowIso } from '../../../db'
import { isLive } from '../../../db/expressions'
import { parseConfig } from '../../connections/repository'
import { insertContact } from '../../contacts/repository'
import { visitorKey, widgetRooms } from '../rooms'
import { readWebChat, type StoredWebChat } from '../settings'

export * from './conversation'

/** Every query of the widget: its connections, visitors' identities, conversations (`./conversation`) and presence. */

/** A web chat connection with its settings (secret included); undefined for any other id. */
export const findWebChatConnection = async (db: Executor, id: number) => {
  const row = await db
    .selectFrom('whatsapps')
    .select(['id', 'name', 'driver', 'status', 'config'])
    .where('id', '=', id)
    .executeTakeFirst()
  if (row?.driver !== 'webchat') return undefined
  return { id: row.id, name: row.name, status: row.status, webChat: readWebChat(parseConfig(row.config).webChat) }
}
export type WebChatConnection = NonNullable<Awaited<ReturnType<typeof findWebChatConnection>>>

/** Writes a connection's web chat settings back into its config JSON (a rotated secret). */
export const saveWebChat = async (db: Executor, id: number, webChat: StoredWebChat) => {
  const row = await db.selectFrom('whatsapps').select('config').where('id', '=', id).executeTakeFirst()
  const config = { ...parseConfig(row?.config ?? null), webChat }
  await db
    .updateTable('whatsapps')
    .set({ config: JSON.stringify(config), updatedAt: nowIso() })
    .where('id', '=', id)
    .execute()
}

/** The contact of an identity on a connection, if the visitor came before (and the contact still exists). */
export const contactOfIdentity = async (db: Executor, connectionId: number, identity: string) =>
  db
    .selectFrom('webchat_identities')
    .innerJoin('contacts', 'contacts.id', 'webchat_identities.contactId')
    .select(['contacts.id', 'contacts.name', 'contacts.email'])
    .where('webchat_identities.whatsappId', '=', connectionId)
    .where('webchat_identities.identity', '=', identity)
    .executeTakeFirst()

/** The socket rooms of a contact's widget frames on a connection (by their identities). */
export const visitorRoomsOf = async (db: Executor, connectionId: number, contactId: number) =>
  (await identitiesOfContact(db, connectionId, contactId)).map((identity) =>
    widgetRooms.visitor(connectionId, visitorKey(identity)),
  )

/** The identities of a contact on a connection (one, unless the desk joined visitors): the rooms of their frames. */
export const identitiesOfContact = async (db: Executor, connectionId: number, contactId: number) =>
  (
    await db
      .selectFrom('webchat_identities')
      .select('identity')
      .where('whatsappId', '=', connectionId)
      .where('contactId', '=', contactId)
      .execute()
  ).map((r) => r.identity)

/**
 * The visitor's contact, made with their first message (or the first name or e-mail they leave): a contact without a number and its identity
 * row, together. Two first visits at once make one: the loser's insert is refused by the
 * identity's unique key, its contact rolls back with it, and it reads the winner's.
 */
export const findOrCreateVisitor = async (
  db: Db,
  connectionId: number,
  identity: string,
  seed: { name: string; email: string | null },
): Promise<{ contact: { id: number; name: string; email: string | null }; created: boolean }> => {
  const known = await contactOfIdentity(db, connectionId, identity)
  if (known) return { contact: known, created: false }
  try {
    const id = await db.transaction().execute(async (trx) => {
      const contactId = await insertContact(trx, { name: seed.name, number: null, email: seed.email })
      await trx
        .insertInto('webchat_identities')
        .values({ whatsappId: connectionId, identity, contactId, createdAt: nowIso() })
        .execute()
      return contactId
    })
    return { contact: { id, ...seed }, created: true }
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    const raced = await contactOfIdentity(db, connectionId, identity)
    if (!raced) throw error
    return { contact: raced, created: false }
  }
}

/**
 * A visitor fills their contact's empty fields, each in one conditional write (two calls at once fill
 * once): the name only while it is still `madeUpName`, the e-mail only while there is none. Answers
 * whether anything changed.
 */
export const fillVisitorContact = async (
  db: Db,
  id: number,
  fill: { name?: string; madeUpName?: string; email?: string | null },
) =>
  db.transaction().execute(async (trx) => {
    let changed = 0n
    if (fill.name !== undefined && fill.madeUpName !== undefined) {
      const named = await trx
        .updateTable('contacts')
        .set({ name: fill.name, updatedAt: nowIso() })
        .where('id', '=', id)
        .where('name', '=', fill.madeUpName)
        .executeTakeFirst()
      changed += named.numUpdatedRows
    }
    if (fill.email) {
      const mailed = await trx
        .updateTable('contacts')
        .set({ email: fill.email, updatedAt: nowIso() })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('email', 'is', null), eb('email', '=', '')]))
        .executeTakeFirst()
      changed += mailed.numUpdatedRows
    }
    return changed > 0n
  })

/** A contact's stored row (what the visitor's call answers and the desk hears). */
export const visitorContactRow = (db: Executor, id: number) =>
  db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst()

/** The visitor's live ticket on the connection, if any. */
export const liveTicketOf = async (db: Executor, connectionId: number, contactId: number) =>
  (
    await db
      .selectFrom('tickets')
      .select('id')
      .where('contactId', '=', contactId)
      .where('whatsappId', '=', connectionId)
      .where(isLive)
      .executeTakeFirst()
  )?.id ?? null

/** A desk user by e-mail (any case): the partner user of an agent-mode token. */
export const userByEmail = (db: Executor, email: string) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'profile'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst()

/**
 * Who answers the connection: the users of its queues; everyone when it has none (its tickets
 * then wait without a queue, which every agent sees). Null means everyone.
 */
export const answeringUserIds = async (db: Executor, connectionId: number): Promise<Set<number> | null> => {
  const queues = await db
    .selectFrom('whatsapp_queues')
    .select('queueId')
    .where('whatsappId', '=', connectionId)
    .execute()
  if (queues.length === 0) return null
  const users = await db
    .selectFrom('user_queues')
    .select('userId')
    .where(
      'queueId',
      'in',
      queues.map((q) => q.queueId),
    )
    .execute()
  return new Set(users.map((u) => u.userId))
}

/** Every web chat connection's id (presence goes to each). */
export const webChatConnectionIds = async (db: Executor) =>
  (await db.selectFrom('whatsapps').select('id').where('driver', '=', 'webchat').execute()).map((r) => r.id)
