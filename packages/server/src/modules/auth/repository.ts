import { type Executor, nowIso } from '../../db'

/** Refresh tokens: stored only as their hash, grouped in families (one family a session). */

export interface NewRefreshToken {
  userId: number
  tokenHash: string
  familyId: string
  expiresAt: string
  createdAt: string
}

export const insertRefreshToken = async (db: Executor, token: NewRefreshToken): Promise<void> => {
  await db
    .insertInto('refresh_tokens')
    .values({ ...token, revokedAt: null })
    .execute()
}

export const findRefreshToken = (db: Executor, tokenHash: string) =>
  db.selectFrom('refresh_tokens').selectAll().where('tokenHash', '=', tokenHash).executeTakeFirst()

/** Revokes one token if it is still live; answers whether this call revoked it. */
export const revokeRefreshToken = async (db: Executor, id: number): Promise<boolean> => {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ revokedAt: nowIso() })
    .where('id', '=', id)
    .where('revokedAt', 'is', null)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Revokes every live token of a session family. */
export const revokeFamily = async (db: Executor, familyId: string): Promise<void> => {
  await db
    .updateTable('refresh_tokens')
    .set({ revokedAt: nowIso() })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute()
}

/** Revokes every live refresh token of a user (password change, deletion), but those of `keepFamilyId`. */
export const revokeUserRefreshTokens = async (db: Executor, userId: number, keepFamilyId?: string): Promise<void> => {
  let update = db
    .updateTable('refresh_tokens')
    .set({ revokedAt: nowIso() })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
  if (keepFamilyId) update = update.where('familyId', '!=', keepFamilyId)
  await update.execute()
}

/** Deletes every refresh token of a user (the user is being deleted). */
export const deleteUserRefreshTokens = async (db: Executor, userId: number): Promise<void> => {
  await db.deleteFrom('refresh_tokens').where('userId', '=', userId).execute()
}

/** Whether a session family (of `userId`, when given) still holds a token that is neither revoked nor expired. */
export const familyIsLive = async (db: Executor, familyId: string, userId?: number): Promise<boolean> => {
  let query = db
    .selectFrom('refresh_tokens')
    .select('id')
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', nowIso())
  if (userId !== undefined) query = query.where('userId', '=', userId)
  return Boolean(await query.executeTakeFirst())
}
