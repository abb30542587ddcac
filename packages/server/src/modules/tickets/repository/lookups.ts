import type { Executor } from '../../../db'
import { isLive } from '../../../db/expressions'

/** The contact's live (open or pending) ticket on any connection, other than `exceptId`. */
export const liveTicketOf = (db: Executor, contactId: number, exceptId?: number) => {
  let query = db
    .selectFrom('tickets')
    .select(['id', 'userId', 'status', 'queueId'])
    .where('contactId', '=', contactId)
    .where(isLive)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  return query.executeTakeFirst()
}

/** The contact a new ticket is opened for. */
export const contactOf = (db: Executor, contactId: number) =>
  db.selectFrom('contacts').selectAll().where('id', '=', contactId).executeTakeFirst()

/** The connection a user opens tickets on: their own, else the default one. */
export const connectionForNewTicket = async (db: Executor, userId: number) => {
  const own = await db
    .selectFrom('users')
    .innerJoin('whatsapps', 'whatsapps.id', 'users.whatsappId')
    .select('whatsapps.id')
    .where('users.id', '=', userId)
    .executeTakeFirst()
  return own ?? (await db.selectFrom('whatsapps').select('id').where('isDefault', '=', 1).executeTakeFirst())
}

/** The farewell a connection sends when one of its tickets closes. */
export const farewellOf = async (db: Executor, connectionId: number) =>
  (await db.selectFrom('whatsapps').select('farewellMessage').where('id', '=', connectionId).executeTakeFirst())
    ?.farewellMessage

/** Whether the users, queues and connections a transfer names exist. */
export const userExists = async (db: Executor, id: number) =>
  Boolean(await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst())
export const queueExists = async (db: Executor, id: number) =>
  Boolean(await db.selectFrom('queues').select('id').where('id', '=', id).executeTakeFirst())
export const connectionExists = async (db: Executor, id: number) =>
  Boolean(await db.selectFrom('whatsapps').select('id').where('id', '=', id).executeTakeFirst())

/** The open tickets, or only one user's. */
export const openTicketIds = async (db: Executor, userId?: number): Promise<number[]> => {
  let query = db.selectFrom('tickets').select('id').where('status', '=', 'open')
  if (userId !== undefined) query = query.where('userId', '=', userId)
  return (await query.execute()).map((r) => r.id)
}

/** Up to 500 open tickets without activity since `cutoff`, the longest idle first. */
export const idleTicketIds = async (db: Executor, cutoff: string): Promise<number[]> => {
  const rows = await db
    .selectFrom('tickets')
    .select('id')
    .where('status', '=', 'open')
    .where('updatedAt', '<', cutoff)
    .orderBy('updatedAt')
    .limit(500)
    .execute()
  return rows.map((r) => r.id)
}
