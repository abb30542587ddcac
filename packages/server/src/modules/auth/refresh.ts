import { createHash, createHmac, randomBytes } from 'node:crypto'
import { type Db, type Executor, nowIso } from '../../db'
import type { SessionEnd } from './liveness'
import { findRefreshToken, insertRefreshToken, revokeFamily, revokeRefreshToken } from './repository'
import { sessionExpired } from './tokens'

/** How many rotations in a row a late copy of a token may follow within the grace window. */
const MAX_SUCCESSORS_FOLLOWED = 3

export interface RefreshTokensDeps {
  db: Db
  secret: string
  ttlSeconds: number
  /** How long a just-rotated token still answers the session that replaced it (concurrent refreshes); 0: never. */
  graceSeconds: number
  /** A session ended here (reuse): other processes forget it too. */
  ended: (end: SessionEnd) => void
}

/** What a rotation hands back: the session and its new opaque token (for the cookie). */
export interface Rotated {
  userId: number
  sessionId: string
  refreshToken: string
}

/**
 * Refresh tokens: 32 opaque bytes stored only as their SHA-256, one family a session.
 *
 * Rotation derives the new token from the old one with the server's secret (an HMAC), so every
 * request that rotates the same token computes the same successor: only one of them writes it
 * (a conditional revoke), and the others, arriving within `graceSeconds` of it, answer that same
 * successor while it is live. A rotated token presented later, or whose successor has ended, is
 * reuse: the whole family is revoked.
 */
export const createRefreshTokens = (deps: RefreshTokensDeps) => {
  const { db } = deps
  const hashOf = (raw: string) => createHash('sha256').update(raw).digest('hex')
  const successorOf = (raw: string) => createHmac('sha256', deps.secret).update(`rotate:${raw}`).digest('base64url')
  const withinGrace = (revokedAt: string | null) =>
    deps.graceSeconds > 0 && revokedAt !== null && Date.now() - Date.parse(revokedAt) <= deps.graceSeconds * 1000

  const issue = async (trx: Executor, userId: number, familyId: string, raw: string) => {
    const now = Date.now()
    await insertRefreshToken(trx, {
      userId,
      tokenHash: hashOf(raw),
      familyId,
      expiresAt: new Date(now + deps.ttlSeconds * 1000).toISOString(),
      createdAt: new Date(now).toISOString(),
    })
    return raw
  }
  const fresh = () => randomBytes(32).toString('base64url')

  /** A new token in `familyId`; the family's other tokens are revoked in the same transaction. */
  const start = (userId: number, familyId: string) =>
    db.transaction().execute(async (trx) => {
      await revokeFamily(trx, familyId)
      return issue(trx, userId, familyId, fresh())
    })

  /** The live token that replaced `raw` (following rotations made within the grace window), if any. */
  const liveSuccessor = async (raw: string, familyId: string): Promise<string | undefined> => {
    let current = raw
    for (let step = 0; step < MAX_SUCCESSORS_FOLLOWED; step++) {
      const next = successorOf(current)
      const row = await findRefreshToken(db, hashOf(next))
      if (!row || row.familyId !== familyId || row.expiresAt <= nowIso()) return undefined
      if (!row.revokedAt) return next
      if (!withinGrace(row.revokedAt)) return undefined
      current = next
    }
    return undefined
  }

  const rotate = async (raw: string | undefined): Promise<Rotated> => {
    if (!raw) throw sessionExpired(401)
    const row = await findRefreshToken(db, hashOf(raw))
    if (!row) throw sessionExpired(401)
    const session = { userId: row.userId, sessionId: row.familyId }
    if (!row.revokedAt && row.expiresAt <= nowIso()) throw sessionExpired(401)
    if (!row.revokedAt) {
      const next = successorOf(raw)
      const won = await db.transaction().execute(async (trx) => {
        if (!(await revokeRefreshToken(trx, row.id))) return false
        await issue(trx, row.userId, row.familyId, next)
        return true
      })
      if (won) return { ...session, refreshToken: next }
    }
    // Rotated already: by a refresh in flight beside this one, or a moment ago (two tabs waking up).
    const now = await findRefreshToken(db, hashOf(raw))
    const successor = now && withinGrace(now.revokedAt) ? await liveSuccessor(raw, row.familyId) : undefined
    if (successor) return { ...session, refreshToken: successor }
    await revokeFamily(db, row.familyId)
    deps.ended({ sessionId: row.familyId })
    throw sessionExpired(401)
  }

  /** Ends the session `raw` belongs to; answers whether it named one. */
  const end = async (raw: string | undefined): Promise<boolean> => {
    const row = raw ? await findRefreshToken(db, hashOf(raw)) : undefined
    if (!row) return false
    await revokeFamily(db, row.familyId)
    deps.ended({ sessionId: row.familyId })
    return true
  }

  return { start, rotate, end }
}
