import { randomUUID } from 'node:crypto'
import type { Profile } from '@desk/api-client'
import { jwtVerify, SignJWT } from 'jose'
import { AppError } from '../../http/errors'

export interface AccessClaims {
  id: number
  profile: Profile
  /** The session (refresh-token family) the token was issued for; absent on tokens minted without one. */
  sid?: string
}

export const sessionExpired = (status: 401 | 403) => new AppError('ERR_SESSION_EXPIRED', status)

/** Verified access tokens remembered at once (see `verify`). */
const VERIFIED_TOKENS_KEPT = 1_000

/** Access tokens: JWTs signed with HS256 with the server's secret, valid `ttlSeconds`. */
export const createAccessTokens = ({ secret, ttlSeconds }: { secret: string; ttlSeconds: number }) => {
  // Imported once: handing jose the raw bytes would import the key again on every request.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  )

  const sign = async (claims: AccessClaims) =>
    new SignJWT({ id: claims.id, profile: claims.profile, ...(claims.sid ? { sid: claims.sid } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.id))
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${ttlSeconds}s`)
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
  const verify = async (token: string): Promise<AccessClaims> => {
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

  return { sign, verify }
}
