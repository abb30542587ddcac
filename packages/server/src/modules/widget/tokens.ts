import { createHmac, randomBytes } from 'node:crypto'
import { WIDGET_SESSION_SECONDS, WIDGET_TOKEN_MAX_SECONDS, type WidgetMode, WidgetTokenClaims } from '@desk/api-client'
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose'
import { AppError } from '../../http/errors'

/**
 * The widget's tokens, all HS256 JWTs:
 * - partner tokens, signed by the partner's backend with the connection's secret (or minted here
 *   with the `userApiToken`): they name one visitor (`sub`) or one ticket and partner user, and
 *   expire within 24 hours;
 * - widget sessions, signed here, 12 hours: the bearer of the widget's calls and socket;
 * - visitor tokens, signed here, without expiry: an anonymous visitor's random identity.
 * Sessions and visitor tokens are signed with a key derived from the server's secret for this
 * use alone, so neither can ever pass for a desk access token, nor the other way round.
 *
 * Refusals are 401: `ERR_WIDGET_TOKEN_EXPIRED` (past `exp`, none, or a session of a rotated
 * secret: the frame asks its partner for a new token) and `ERR_WIDGET_TOKEN_INVALID` (bad
 * signature, another algorithm, `exp` more than 24 hours ahead, another connection's `cid`,
 * claims of neither kind).
 */

export const tokenInvalid = (message?: string) => new AppError('ERR_WIDGET_TOKEN_INVALID', 401, undefined, message)
export const tokenExpired = (message?: string) => new AppError('ERR_WIDGET_TOKEN_EXPIRED', 401, undefined, message)

const keyOf = (secret: string) => new TextEncoder().encode(secret)
const nowSeconds = () => Math.floor(Date.now() / 1000)

/** Only HS256: `none` and every other algorithm are refused before any key is tried. */
const verifyHs256 = async (token: string, key: Uint8Array) => {
  let alg: string | undefined
  try {
    alg = decodeProtectedHeader(token).alg
  } catch {
    throw tokenInvalid('Malformed token')
  }
  if (alg !== 'HS256') throw tokenInvalid('Only HS256 tokens are accepted')
  try {
    return (await jwtVerify(token, key, { algorithms: ['HS256'] })).payload
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw tokenExpired()
    throw tokenInvalid()
  }
}

/** A partner token for this connection, checked against its secret; its claims. */
export const verifyPartnerToken = async (
  token: string,
  secret: string,
  connectionId: number,
): Promise<WidgetTokenClaims> => {
  if (!secret) throw tokenInvalid()
  const payload = await verifyHs256(token, keyOf(secret))
  if (typeof payload.exp !== 'number') throw tokenExpired('The token has no expiry')
  if (payload.exp - nowSeconds() > WIDGET_TOKEN_MAX_SECONDS) throw tokenInvalid('The token lives longer than 24 hours')
  // A token naming a ticket is agent mode even when its library also wrote a `sub`.
  const [visitor, agent] = WidgetTokenClaims.options
  const claims = (payload.ticketId !== undefined ? agent : visitor).safeParse(payload)
  if (!claims.success) throw tokenInvalid('The token names neither a visitor nor a ticket')
  if (claims.data.cid !== undefined && claims.data.cid !== connectionId) throw tokenInvalid('Another connection')
  return claims.data
}

export type PartnerClaims = { sub: string; name?: string; email?: string } | { ticketId: number; userEmail: string }

/** A partner token minted here (`POST /widget/tokens`), as a partner's backend would sign it. */
export const signPartnerToken = async (
  secret: string,
  connectionId: number,
  claims: PartnerClaims,
  seconds: number,
) => {
  const exp = nowSeconds() + seconds
  const token = await new SignJWT({ ...claims, cid: connectionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(keyOf(secret))
  return { token, expiresAt: new Date(exp * 1000).toISOString() }
}

/** What a widget session names: its connection, the secret's generation, and one conversation. */
export interface SessionClaims {
  cid: number
  gen: string
  mode: WidgetMode
  /**
   * Customer mode: who the visitor is (`id:<partner identifier>` or `anon:<random>`), and what their
   * contact is made with at their first message (the contact does not exist before it).
   */
  identity?: string
  seed?: { name: string; email: string | null }
  /** Customer mode, sessions signed before contacts waited for the first message: the visitor's contact. */
  contactId?: number
  /** Agent mode: the ticket and the partner user. */
  ticketId?: number
  userId?: number
  /** When it ends, in seconds since 1970 (set on verified sessions). */
  exp?: number
}

const SESSION = 'widget-session'
const VISITOR = 'widget-visitor'

export const createWidgetTokens = (serverSecret: string) => {
  const key = createHmac('sha256', serverSecret).update('limedesk-widget-sessions').digest()

  const signSession = async (claims: SessionClaims) => {
    const exp = nowSeconds() + WIDGET_SESSION_SECONDS
    const sessionToken = await new SignJWT({ ...claims, typ: SESSION })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime(exp)
      .sign(key)
    return { sessionToken, expiresAt: new Date(exp * 1000).toISOString() }
  }

  const verifySession = async (token: string | undefined): Promise<SessionClaims> => {
    if (!token) throw tokenInvalid('No widget session')
    const p = await verifyHs256(token, key)
    const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined)
    const cid = int(p.cid)
    if (p.typ !== SESSION || !cid || typeof p.gen !== 'string' || typeof p.exp !== 'number') throw tokenInvalid()
    const base = { cid, gen: p.gen, exp: p.exp }
    if (p.mode === 'customer' && typeof p.identity === 'string' && p.identity) {
      const seed = p.seed as { name?: unknown; email?: unknown } | undefined
      const name = typeof seed?.name === 'string' ? seed.name : ''
      const email = typeof seed?.email === 'string' ? seed.email : null
      return { ...base, mode: 'customer', identity: p.identity, seed: { name, email } }
    }
    if (p.mode === 'customer' && int(p.contactId)) return { ...base, mode: 'customer', contactId: int(p.contactId) }
    if (p.mode === 'agent' && int(p.ticketId) && int(p.userId)) {
      return { ...base, mode: 'agent', ticketId: int(p.ticketId), userId: int(p.userId) }
    }
    throw tokenInvalid()
  }

  /** A new anonymous visitor: a random identity for this connection, and the token that keeps it. */
  const newVisitor = async (connectionId: number) => {
    const visitorId = randomBytes(16).toString('hex')
    const visitorToken = await new SignJWT({ typ: VISITOR, cid: connectionId, vid: visitorId })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .sign(key)
    return { visitorId, visitorToken }
  }

  /** The random identity a visitor token keeps, for this connection only. */
  const verifyVisitor = async (token: string, connectionId: number): Promise<string> => {
    const p = await verifyHs256(token, key)
    if (p.typ !== VISITOR || p.cid !== connectionId || typeof p.vid !== 'string' || !/^[a-f0-9]{32}$/.test(p.vid)) {
      throw tokenInvalid('Not a visitor token of this connection')
    }
    return p.vid
  }

  return { signSession, verifySession, newVisitor, verifyVisitor }
}

export type WidgetTokens = ReturnType<typeof createWidgetTokens>
