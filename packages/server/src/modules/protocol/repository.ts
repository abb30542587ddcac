import type { Db, Executor } from '../../db'
import { isUniqueViolation } from '../../db'

/** The ticket that was given a protocol number, if any: the protocol search's exact match. */
export const ticketOfProtocol = async (db: Executor, protocol: string): Promise<number | undefined> =>
  (await db.selectFrom('ticket_protocols').select('ticketId').where('protocol', '=', protocol).executeTakeFirst())
    ?.ticketId

/**
 * Records `protocol` for a ticket (and as the ticket's current one) in one transaction. False when
 * the number is already taken: the unique index decides, also between two server processes.
 */
export const recordProtocol = async (
  db: Db,
  row: { protocol: string; ticketId: number; userId: number | null; userName: string | null },
  now: string,
): Promise<boolean> => {
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('ticket_protocols')
        .values({ ...row, createdAt: now })
        .execute()
      await trx.updateTable('tickets').set({ protocol: row.protocol }).where('id', '=', row.ticketId).execute()
    })
    return true
  } catch (error) {
    if (isUniqueViolation(error)) return false
    throw error
  }
}
