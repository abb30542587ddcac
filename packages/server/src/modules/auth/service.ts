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
import type { AuthResponse, LoginRequest, Profile, SignupRequest, User } from '@desk/api-client'
import bcrypt from 'bcryptjs'
import { jwtVerify, SignJWT } from 'jose'
import { type Db, type Executor, isUniqueViolation, lockUsers, nowIso } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import type { RateLimits } from '../rate-limits/service'
import { type Actor, findActor, findUser } from '../users/repository'

export const BCRYPT_COST = 10
export const REFRESH_COOKIE = 'jrt'
export const REFRESH_COOKIE_PATH = '/api/auth'

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST)
const hashToken = (raw: string) => createHash('sha256').update(raw).digest('hex')

export interface AccessClaims {
  id: number
  profile: Profile
  /** The session (refresh-token family) the token was issued for; absent on tokens minted without one. */
  sid?: string
}

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

const sessionExpired = (status: 401 | 403) => new AppError('ERR_SESSION_EXPIRED', status)
const duplicatedEmail = () =>
  new AppError('ERR_DUPLICATED_EMAIL', 400, [{ path: 'email', message: 'ERR_DUPLICATED_EMAIL' }])

/** Revokes every live refresh token of a user (password change, deletion). */
export const revokeUserRefreshTokens = async (db: Executor, userId: number) => {
  await db
    .updateTable('refresh_tokens')
    .set({ revokedAt: nowIso() })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute()
}

/** Verified access tokens remembered at once (see `verifyAccessToken`). */
const VERIFIED_TOKENS_KEPT = 1_000

export const createAuthService = (deps: AuthServiceDeps) => {
  const { db, loginLimits, publisher } = deps
  // Imported once: handing jose the raw bytes would import the key again on every request.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(deps.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )
  // Compared against when the e-mail is unknown, so both paths take as long.
  let dummyHash: Promise<string> | undefined
  const dummy = () => {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
    return dummyHash
  }

  const signAccessToken = async (claims: AccessClaims) =>
    new SignJWT({ id: claims.id, profile: claims.profile, ...(claims.sid ? { sid: claims.sid } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.id))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${deps.accessTtlSeconds}s`)
      .sign(await key)

  /**
   * Tokens whose signature was checked, until they expire: every request carries one, and a
   * token's signature and claims never change, so checking the same string again proves nothing
   * new. Keyed by the whole token (signature included); the oldest entry goes first when full.
   */
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>()

  /**
   * Verifies signature and expiry; anything wrong is a 403 so the client tries one refresh.
   * A token without `exp` is refused too: every token this server signs carries one, and one
   * without would never expire.
   */
  const verifyAccessToken = async (token: string): Promise<AccessClaims> => {
    const known = verified.get(token)
    if (known && known.expiresAt > Date.now()) return known.claims
    if (known) verified.delete(token)
    try {
      const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], requiredClaims: ['exp'] })
      if (typeof payload.id !== 'number' || (payload.profile !== 'admin' && payload.profile !== 'user')) {
        throw new Error('bad claims')
      }
      if (typeof payload.exp !== 'number') throw new Error('no expiry')
      const claims: AccessClaims = {
        id: payload.id,
        profile: payload.profile,
        ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}),
      }
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value as string)
      verified.set(token, { claims, expiresAt: payload.exp * 1000 })
      return claims
    } catch {
      throw sessionExpired(403)
    }
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
  const sessionLive = async (sessionId: string): Promise<boolean> =>
    Boolean(
      await db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('familyId', '=', sessionId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', nowIso())
        .executeTakeFirst(),
    )

  const insertRefreshToken = async (trx: Executor, userId: number, familyId: string) => {
    const raw = randomBytes(32).toString('base64url')
    const now = Date.now()
    await trx
      .insertInto('refresh_tokens')
      .values({
        userId,
        tokenHash: hashToken(raw),
        familyId,
        expiresAt: new Date(now + deps.refreshTtlSeconds * 1000).toISOString(),
        revokedAt: null,
        createdAt: new Date(now).toISOString(),
      })
      .execute()
    return raw
  }

  const revokeFamily = (familyId: string) =>
    db
      .updateTable('refresh_tokens')
      .set({ revokedAt: nowIso() })
      .where('familyId', '=', familyId)
      .where('revokedAt', 'is', null)
      .execute()

  /** Starts a new session family for a user (login, or after changing one's own password). */
  const startSession = async (user: User): Promise<Session> => {
    const sid = randomUUID()
    const refreshToken = await insertRefreshToken(db, user.id, sid)
    return { token: await signAccessToken({ id: user.id, profile: user.profile, sid }), user, refreshToken }
  }

  const login = async (input: LoginRequest, ip: string): Promise<Session> => {
    const email = input.email.trim().toLowerCase()
    await loginLimits.check(ip, email)
    const row = await db
      .selectFrom('users')
      .select(['id', 'passwordHash'])
      .where('email', '=', email)
      .executeTakeFirst()
    const ok = await bcrypt.compare(input.password, row?.passwordHash ?? (await dummy()))
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
    const row = await db
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('tokenHash', '=', hashToken(raw))
      .executeTakeFirst()
    if (!row) throw sessionExpired(401)
    if (row.revokedAt) {
      await revokeFamily(row.familyId)
      throw sessionExpired(401)
    }
    if (row.expiresAt <= nowIso()) throw sessionExpired(401)
    const rotated = await db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('refresh_tokens')
        .set({ revokedAt: nowIso() })
        .where('id', '=', row.id)
        .where('revokedAt', 'is', null)
        .executeTakeFirst()
      // Someone else rotated it between our read and this write: that is reuse too.
      if (Number(result.numUpdatedRows) !== 1) return undefined
      return insertRefreshToken(trx, row.userId, row.familyId)
    })
    if (!rotated) {
      await revokeFamily(row.familyId)
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
    const row = await db
      .selectFrom('refresh_tokens')
      .select('familyId')
      .where('tokenHash', '=', hashToken(raw))
      .executeTakeFirst()
    if (row) await revokeFamily(row.familyId)
  }

  /** Cheap checks before the costly hash; the transaction in `signup` repeats them authoritatively. */
  const signupPrecheck = async (email: string) => {
    const [existing, setting, taken] = await Promise.all([
      db.selectFrom('users').select('id').limit(1).executeTakeFirst(),
      db.selectFrom('settings').select('value').where('key', '=', 'userCreation').executeTakeFirst(),
      db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
    ])
    if (existing && setting?.value !== 'enabled') throw new AppError('ERR_USER_CREATION_DISABLED', 403)
    if (taken) throw duplicatedEmail()
  }

  /**
   * The first account of an empty database becomes admin; later ones are `user` and only
   * while `userCreation` is enabled, which it is not until the administrator turns it on.
   * Count and insert share one serialised transaction.
   */
  const signup = async (input: SignupRequest): Promise<User> => {
    await signupPrecheck(input.email)
    const passwordHash = await hashPassword(input.password)
    const user = await db
      .transaction()
      .execute(async (trx) => {
        await lockUsers(trx)
        const { n } = await trx
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
        const first = Number(n) === 0
        if (!first) {
          const setting = await trx
            .selectFrom('settings')
            .select('value')
            .where('key', '=', 'userCreation')
            .executeTakeFirst()
          if (setting?.value !== 'enabled') throw new AppError('ERR_USER_CREATION_DISABLED', 403)
        }
        const taken = await trx.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()
        if (taken) throw duplicatedEmail()
        const now = nowIso()
        const { id } = await trx
          .insertInto('users')
          .values({
            name: input.name,
            email: input.email,
            passwordHash,
            profile: first ? 'admin' : 'user',
            whatsappId: null,
            language: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        return (await findUser(trx, id))!
      })
      .catch((error) => {
        throw isUniqueViolation(error) ? duplicatedEmail() : error
      })
    publisher.user({ action: 'create', user })
    return user
  }

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
