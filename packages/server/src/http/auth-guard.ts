import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AuthService } from '../modules/auth/service'
import type { Actor } from '../modules/users/repository'
import { AppError } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor
    /** The caller presented the `userApiToken` setting's value instead of a session. */
    viaApiToken?: boolean
  }
}

/** `Authorization: Bearer <token>` → the token, else undefined. */
export const bearerToken = (header: string | undefined): string | undefined => {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i)
  return match?.[1]
}

/** preHandler: rejects requests without a valid access token and attaches the caller. */
export const authGuard = (auth: AuthService) => async (request: FastifyRequest, _reply: FastifyReply) => {
  request.actor = await auth.authenticate(bearerToken(request.headers.authorization))
}

/** The caller of a guarded route. */
export const actorOf = (request: FastifyRequest): Actor => {
  if (!request.actor) throw new AppError('ERR_SESSION_EXPIRED', 401)
  return request.actor
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Compares two secrets in constant time (equal-length digests, so the length leaks nothing either). */
export const sameSecret = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected))

/** The `token` a seed client sends: in the JSON body, or in the query string of a GET. */
const tokenOf = (request: FastifyRequest): string | undefined => {
  for (const source of [request.body, request.query]) {
    const token = source && typeof source === 'object' ? (source as { token?: unknown }).token : undefined
    if (typeof token === 'string' && token !== '') return token
  }
  return undefined
}

/**
 * preValidation for the seed's automation calls: a signed-in session (as `authGuard`), or the
 * `userApiToken` setting's value in the body's `token`. Neither answers 401; a wrong token 403.
 * Runs before the body is checked, so a refused caller stores and sends nothing.
 */
export const sessionOrApiToken =
  (auth: AuthService, apiToken: () => Promise<string | undefined>) =>
  async (request: FastifyRequest, _reply: FastifyReply) => {
    const bearer = bearerToken(request.headers.authorization)
    const token = tokenOf(request)
    if (bearer || token === undefined) {
      request.actor = await auth.authenticate(bearer)
      return
    }
    const expected = await apiToken()
    if (!expected || !sameSecret(token, expected))
      throw new AppError('ERR_NO_PERMISSION', 403, undefined, 'Invalid API token')
    request.viaApiToken = true
  }

/**
 * The guard of every seed call that carries `token` in its body (`/zdg` and its media siblings,
 * `/syncMessage`, `/sendAgendamento`, `/setCardsLanes`, `/delContacts`): `sessionOrApiToken` with
 * the `userApiToken` setting, so each takes that token the same way. Its holder acts as an
 * administrator (only administrators can read the setting).
 */
export const seedTokenGuard = ({
  auth,
  settings,
}: {
  auth: AuthService
  settings: { getValue: (key: string) => Promise<string | undefined> }
}) => sessionOrApiToken(auth, () => settings.getValue('userApiToken'))

/** The caller of a `seedTokenGuard` route: the signed-in user, or null for the API token. */
export const actorOrToken = (request: FastifyRequest): Actor | null => (request.viaApiToken ? null : actorOf(request))
