/**
 * Sessions.
 *
 * - Access token: a JWT signed with HS256 (jose), valid 15 minutes, claims `{ id, profile, sid }`;
 *   `sid` names the session (the refresh-token family), so a socket knows which session it
 *   belongs to and a socket of an ended session is refused on its next handshake.
 *   Sent as `Authorization: Bearer …` (and as `auth.token` on the socket handshake).
 *   No token → 401 ERR_SESSION_EXPIRED (the client signs out); an invalid or expired token
 *   → 403 ERR_SESSION_EXPIRED (the client refreshes once and retries). Each request reads
 *   the user afresh, so a deleted user is out at once (401) and a profile change applies
 *   to the next request; a password change ends other sessions at their next refresh.
 * - Refresh token: 32 random bytes, base64url, stored only as its SHA-256. Cookie `jrt`,
 *   httpOnly, SameSite=Strict, path `/api/auth`, Secure when the request came over https,
 *   valid 7 days. Every refresh rotates it (the old one is revoked, the new one joins the
 *   same family); presenting a revoked token revokes the whole family (a stolen copy and
 *   the victim's both stop working). Logout revokes the family and clears the cookie; a
 *   password change revokes every refresh token of that user.
 *   A token without `exp` is invalid (403) however it is signed.
 * - Passwords: bcrypt cost 10. Login failures are counted per address and per address +
 *   e-mail (in the database, shared by every process); past the limit the answer is 429
 *   ERR_RATE_LIMITED with Retry-After.
 * - The signing secret comes from JWT_SECRET or `${DATA_DIR}/secret.key` (see config.ts).
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import type { AuthResponse, LoginRequest, SignupRequest, User } from '@desk/api-client'
import { type Db, type Executor, nowIso } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import type { RateLimits } from '../rate-limits/service'
import type { Actor } from '../users/access'
import { findActor, findCredentials, findUser } from '../users/repository'
import { checkPassword, hashPassword } from './passwords'
import { familyIsLive, findRefreshToken, insertRefreshToken, revokeFamily, revokeRefreshToken } from './repository'
import { createSignup } from './signup'
import { createAccessTokens, sessionExpired } from './tokens'

export { hashPassword } from './passwords'

export const REFRESH_COOKIE = 'jrt'
export const REFRESH_COOKIE_PATH = '/api/auth'

const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex')

export interface Session extends AuthResponse {
  /** The new opaque refresh token, to be set as the cookie. */
  refreshToken: string
}

export interface AuthServiceDeps {
  db: Db
  secret: string
  /** Login failure counters (see the rate-limits module). */
  loginLimits: RateLimits['login']
  publisher: Publisher
  accessTtlSeconds: number
  refreshTtlSeconds: number
}

export const createAuthService = (deps: AuthServiceDeps) => {
  const { db, loginLimits, publisher } = deps
  const accessTokens = createAccessTokens({ secret: deps.secret, ttlSeconds: deps.accessTtlSeconds })
  const signAccessToken = accessTokens.sign
  const verifyAccessToken = accessTokens.verify
  // Compared against when the e-mail is unknown, so both paths take as long.
  let dummyHash: Promise<string> | undefined
  const dummy = () => {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
    return dummyHash
  }

  /** The caller behind a bearer token, read from the database, with the session the token names. */
  const authenticate = async (token: string | undefined): Promise<Actor> => {
    if (!token) throw sessionExpired(401)
    const claims = await verifyAccessToken(token)
    const actor = await findActor(db, claims.id)
    if (!actor) throw sessionExpired(401)
    return claims.sid ? { ...actor, sessionId: claims.sid } : actor
  }

  /** Whether a session still holds a refresh token that is neither revoked nor expired. */
  const sessionLive = (sessionId: string): Promise<boolean> => familyIsLive(db, sessionId)

  const issueRefreshToken = async (trx: Executor, userId: number, familyId: string) => {
    const raw = randomBytes(32).toString('base64url')
    const now = Date.now()
    await insertRefreshToken(trx, {
      userId,
      tokenHash: hashToken(raw),
      familyId,
      expiresAt: new Date(now + deps.refreshTtlSeconds * 1000).toISOString(),
      createdAt: new Date(now).toISOString(),
    })
    return raw
  }

  /** Starts a new session family for a user (login, or after changing one's own password). */
  const startSession = async (user: User): Promise<Session> => {
    const sid = randomUUID()
    const refreshToken = await issueRefreshToken(db, user.id, sid)
    return { token: await signAccessToken({ id: user.id, profile: user.profile, sid }), user, refreshToken }
  }

  const login = async (input: LoginRequest, ip: string): Promise<Session> => {
    const email = input.email.trim().toLowerCase()
    await loginLimits.check(ip, email)
    const row = await findCredentials(db, email)
    const ok = await checkPassword(input.password, row?.passwordHash ?? (await dummy()))
    if (!row || !ok) {
      await loginLimits.fail(ip, email)
      throw new AppError('ERR_INVALID_CREDENTIALS', 401)
    }
    await loginLimits.succeed(ip, email)
    const user = await findUser(db, row.id)
    if (!user) throw new AppError('ERR_INVALID_CREDENTIALS', 401)
    return startSession(user)
  }

  /** Rotates a refresh token. Reuse of a revoked one revokes its whole family. */
  const refresh = async (raw: string | undefined): Promise<Session> => {
    if (!raw) throw sessionExpired(401)
    const row = await findRefreshToken(db, hashToken(raw))
    if (!row) throw sessionExpired(401)
    if (row.revokedAt) {
      await revokeFamily(db, row.familyId)
      throw sessionExpired(401)
    }
    if (row.expiresAt <= nowIso()) throw sessionExpired(401)
    const rotated = await db.transaction().execute(async (trx) => {
      // Someone else rotated it between our read and this write: that is reuse too.
      if (!(await revokeRefreshToken(trx, row.id))) return undefined
      return issueRefreshToken(trx, row.userId, row.familyId)
    })
    if (!rotated) {
      await revokeFamily(db, row.familyId)
      throw sessionExpired(401)
    }
    const user = await findUser(db, row.userId)
    if (!user) throw sessionExpired(401)
    const token = await signAccessToken({ id: user.id, profile: user.profile, sid: row.familyId })
    return { token, user, refreshToken: rotated }
  }

  /** Ends the session the cookie belongs to. Idempotent: an unknown token is not an error. */
  const logout = async (raw: string | undefined) => {
    if (!raw) return
    const row = await findRefreshToken(db, hashToken(raw))
    if (row) await revokeFamily(db, row.familyId)
  }

  const signup: (input: SignupRequest) => Promise<User> = createSignup({ db, publisher })

  return {
    signAccessToken,
    verifyAccessToken,
    authenticate,
    sessionLive,
    login,
    refresh,
    logout,
    signup,
    startSession,
  }
}

export type AuthService = ReturnType<typeof createAuthService>
