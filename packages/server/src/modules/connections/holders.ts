import type { Executor } from '../../db'
import { reusableQuery } from '../../db/reusable'

/**
 * Which server process holds a connection's session (`session_holders`): one row per connection names
 * the holder until `expiresAt`. Taken by an insert that does nothing when the row exists, then an update
 * that takes only an expired row, one's own, or any row when `force` is given (an admin's new pairing
 * replaces whatever was shown before); renewed in one statement for every row of the process; released
 * by deleting one's own row.
 */
export const holdSession = async (
  db: Executor,
  connectionId: number,
  holder: string,
  times: { now: string; until: string },
  force = false,
): Promise<boolean> => {
  const inserted = await db
    .insertInto('session_holders')
    .values({ connectionId, holder, expiresAt: times.until })
    .onConflict((oc) => oc.column('connectionId').doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true
  const taken = await db
    .updateTable('session_holders')
    .set({ holder, expiresAt: times.until })
    .where('connectionId', '=', connectionId)
    .$if(!force, (q) => q.where((eb) => eb.or([eb('expiresAt', '<', times.now), eb('holder', '=', holder)])))
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) > 0
}

/** Moves every lease of `holder` on; answers the connections it still holds. */
export const renewSessions = async (db: Executor, holder: string, until: string): Promise<number[]> =>
  (
    await db
      .updateTable('session_holders')
      .set({ expiresAt: until })
      .where('holder', '=', holder)
      .returning('connectionId')
      .execute()
  ).map((r) => r.connectionId)

export const releaseSession = async (db: Executor, connectionId: number, holder: string) => {
  await db.deleteFrom('session_holders').where('connectionId', '=', connectionId).where('holder', '=', holder).execute()
}

/** Every lease of `holder` (a process closing); answers the connections it held. */
export const releaseSessions = async (db: Executor, holder: string): Promise<number[]> =>
  (await db.deleteFrom('session_holders').where('holder', '=', holder).returning('connectionId').execute()).map(
    (r) => r.connectionId,
  )

/** What a process needs to mirror a connection's session: the stored session, its driver and settings, its holder. */
const sessionRows = (db: Executor) =>
  db
    .selectFrom('whatsapps')
    .leftJoin('session_holders', 'session_holders.connectionId', 'whatsapps.id')
    .select([
      'whatsapps.id',
      'whatsapps.status',
      'whatsapps.qrcode',
      'whatsapps.driver',
      'whatsapps.config',
      'session_holders.holder',
      'session_holders.expiresAt',
    ])

export type SessionRow = Awaited<ReturnType<typeof listSessionRows>>[number]

export const listSessionRows = (db: Executor) => sessionRows(db).orderBy('whatsapps.id').execute()

// Read for every message a connection's webhook or simulator brings in: compiled once.
const sessionRowById = reusableQuery(['id'], (db, p) => sessionRows(db).where('whatsapps.id', '=', p.id))

export const findSessionRow = async (db: Executor, id: number): Promise<SessionRow | undefined> =>
  (await sessionRowById(db, { id }))[0]

/** The process that holds the row's session now, if its lease has not run out. */
export const liveHolder = (row: Pick<SessionRow, 'holder' | 'expiresAt'>, now = Date.now()): string | undefined =>
  row.holder && row.expiresAt && Date.parse(row.expiresAt) > now ? row.holder : undefined
