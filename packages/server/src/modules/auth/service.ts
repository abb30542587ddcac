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
 *   to the next request.
 * - Refresh token: 32 random bytes, base64url, stored only as its SHA-256. Cookie `jrt`,
 *   httpOnly, SameSite=Strict, path `/api/auth`, Secure when the request came over https,
 *   valid 7 days. Every refresh rotates it (the old one is revoked, the new one joins the
 *   same family); presenting a revoked token revokes the whole family (a stolen copy and
 *   the victim's both stop working), except within a short grace window (`refreshGraceSeconds`,
 *   30 s): refreshes in flight together with one cookie all get the same new session (see
 *   refresh.ts). Logout revokes the family and clears the cookie; a password change revokes
 *   every refresh token of that user (but the family of the session that made the change).
 *   A token without `exp` is invalid (403) however it is signed.
 * - Every authenticated request checks that the token's session is live (liveness.ts, cached per
 *   process and forgotten in every process when a session ends): an ended session's access token
 *   is refused at once (401). A token without `sid` names no session: invalid (403), whoever
 *   signed it; the server signs none.
 * - Passwords: bcrypt cost 10. Login failures are counted per address and per address +
 *   e-mail (in the database, shared by every process); past the limit the answer is 429
 *   ERR_RATE_LIMITED with Retry-After. An attempt is counted before its password is checked and
 *   given back if it succeeds, so attempts sent together cannot all slip under the limit.
 * - The signing secret comes from JWT_SECRET or `${DATA_DIR}/secret.key` (see config.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto'
import type { AuthResponse, LoginRequest, SignupRequest, User } from '@desk/api-client'
import type { Db } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import type { RateLimits } from '../rate-limits/service'
import type { Actor } from '../users/access'
import { findCredentials, findUser } from '../users/repository'
import type { SessionLiveness } from './liveness'
import { checkPassword, hashPassword } from './passwords'
import { createRefreshTokens } from './refresh'
import { familyIsLive } from './repository'
import { createSignup, signupOpen } from './signup'
import { createAccessTokens, sessionExpired } from './tokens'

export { hashPassword } from './passwords'

export const REFRESH_COOKIE = 'jrt'
export const REFRESH_COOKIE_PATH = '/api/auth'

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
  /** Whether sessions are live, remembered per process; told when one ends here. */
  liveness: SessionLiveness
  accessTtlSeconds: number
  refreshTtlSeconds: number
  /** How long a just-rotated refresh token still answers the session that replaced it. */
  refreshGraceSeconds: number
}

export const createAuthService = (deps: AuthServiceDeps) => {
  const { db, loginLimits, publisher, liveness } = deps
  const accessTokens = createAccessTokens({ secret: deps.secret, ttlSeconds: deps.accessTtlSeconds })
  const signAccessToken = accessTokens.sign
  const verifyAccessToken = accessTokens.verify
  const refreshTokens = createRefreshTokens({
    db,
    secret: deps.secret,
    ttlSeconds: deps.refreshTtlSeconds,
    graceSeconds: deps.refreshGraceSeconds,
    ended: liveness.ended,
  })
  // Compared against when the e-mail is unknown, so both paths take as long.
  let dummyHash: Promise<string> | undefined
  const dummy = () => {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
    return dummyHash
  }

  /** The caller behind a bearer token, in the live session the token names (both remembered for a while, see liveness.ts). */
  const authenticate = async (token: string | undefined): Promise<Actor> => {
    if (!token) throw sessionExpired(401)
    const claims = await verifyAccessToken(token)
    if (!claims.sid) throw sessionExpired(403)
    const [actor, live] = await Promise.all([liveness.actor(claims.id), liveness.isLive(claims.sid, claims.id)])
    if (!actor || !live) throw sessionExpired(401)
    // Spelled out: a copy made by spreading and then given `sessionId` gets a shape of its own on every
    // request in Node 20 (see "Object shapes" in the server README), which slows every reader of the actor after it.
    return { id: actor.id, name: actor.name, profile: actor.profile, sessionId: claims.sid }
  }

  /** Whether a session still holds a refresh token that is neither revoked nor expired (read afresh). */
  const sessionLive = (sessionId: string): Promise<boolean> => familyIsLive(db, sessionId)

  /**
   * Starts a session for a user (login), or renews `sessionId` with a fresh refresh token (after
   * changing one's own password: the old cookie stops working, the session's access tokens don't).
   */
  const startSession = async (user: User, sessionId?: string): Promise<Session> => {
    const sid = sessionId ?? randomUUID()
    const refreshToken = await refreshTokens.start(user.id, sid)
    return { token: await signAccessToken({ id: user.id, profile: user.profile, sid }), user, refreshToken }
  }

  const login = async (input: LoginRequest, ip: string): Promise<Session> => {
    const email = input.email.trim().toLowerCase()
    await loginLimits.attempt(ip, email)
    const row = await findCredentials(db, email)
    const ok = await checkPassword(input.password, row?.passwordHash ?? (await dummy()))
    if (!row || !ok) throw new AppError('ERR_INVALID_CREDENTIALS', 401)
    await loginLimits.succeed(ip, email)
    const user = await findUser(db, row.id)
    if (!user) throw new AppError('ERR_INVALID_CREDENTIALS', 401)
    return startSession(user)
  }

  /** Rotates a refresh token (see refresh.ts: the grace window, and reuse revoking the family). */
  const refresh = async (raw: string | undefined): Promise<Session> => {
    const rotated = await refreshTokens.rotate(raw)
    const user = await findUser(db, rotated.userId)
    if (!user) throw sessionExpired(401)
    const token = await signAccessToken({ id: user.id, profile: user.profile, sid: rotated.sessionId })
    return { token, user, refreshToken: rotated.refreshToken }
  }

  /** Ends the session the cookie belongs to. Idempotent: an unknown token is not an error. */
  const logout = async (raw: string | undefined) => {
    await refreshTokens.end(raw)
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
    signupOpen: () => signupOpen(db),
    startSession,
  }
}

export type AuthService = ReturnType<typeof createAuthService>
