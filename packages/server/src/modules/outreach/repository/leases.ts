import { sql } from 'kysely'
import type { Executor } from '../../../db'

/**
 * One message at a time per connection, whatever job (or server process) sends it: a row per
 * connection names the holder until `expiresAt`. Taken by an insert that does nothing when the
 * row exists, or by an update that only takes an expired row; released by deleting one's own row.
 */
export const takeConnectionLease = async (
  db: Executor,
  connectionId: number,
  holder: string,
  now: string,
  until: string,
): Promise<boolean> => {
  const inserted = await db
    .insertInto('connection_send_leases')
    .values({ connectionId, holder, expiresAt: until })
    .onConflict((oc) => oc.column('connectionId').doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true
  const taken = await db
    .updateTable('connection_send_leases')
    .set({ holder, expiresAt: until })
    .where('connectionId', '=', connectionId)
    .where((eb) => eb.or([eb('expiresAt', '<', now), eb('holder', '=', holder)]))
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) > 0
}

export const releaseConnectionLease = async (db: Executor, connectionId: number, holder: string) => {
  await db
    .deleteFrom('connection_send_leases')
    .where('connectionId', '=', connectionId)
    .where('holder', '=', holder)
    .execute()
}

/** When the current holder's lease ends (to retry then), or undefined when nobody holds it. */
export const connectionLeaseEnd = async (db: Executor, connectionId: number): Promise<string | undefined> =>
  (
    await db
      .selectFrom('connection_send_leases')
      .select('expiresAt')
      .where('connectionId', '=', connectionId)
      .executeTakeFirst()
  )?.expiresAt

/** Job messages a connection sent on a day (`YYYY-MM-DD`). */
export const dailyCount = async (db: Executor, connectionId: number, day: string): Promise<number> =>
  (
    await db
      .selectFrom('connection_send_counts')
      .select('count')
      .where('connectionId', '=', connectionId)
      .where('day', '=', day)
      .executeTakeFirst()
  )?.count ?? 0

export const bumpDailyCount = async (db: Executor, connectionId: number, day: string) => {
  await db
    .insertInto('connection_send_counts')
    .values({ connectionId, day, count: 1 })
    .onConflict((oc) =>
      oc.columns(['connectionId', 'day']).doUpdateSet({ count: sql`${sql.ref('connection_send_counts.count')} + 1` }),
    )
    .execute()
}
