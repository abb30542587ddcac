import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AuthService } from '../modules/auth/service'
import type { Actor } from '../modules/users/repository'
import { AppError } from './errors'

declare module 'fastify' {
  interface FastifyRequest {
    actor?: Actor
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
