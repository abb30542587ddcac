import { routes } from '@desk/api-client'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import { REFRESH_COOKIE, REFRESH_COOKIE_PATH, type Session } from './service'

const cookieOptions = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path: REFRESH_COOKIE_PATH,
  secure: request.protocol === 'https',
})

/** Sets the refresh cookie and answers `{token, user}`. */
export const sendSession = (request: FastifyRequest, reply: FastifyReply, session: Session, maxAgeSeconds: number) => {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, { ...cookieOptions(request), maxAge: maxAgeSeconds })
  return { token: session.token, user: session.user }
}

export const clearSessionCookie = (request: FastifyRequest, reply: FastifyReply) =>
  reply.clearCookie(REFRESH_COOKIE, cookieOptions(request))

export const authRoutes = async (app: FastifyInstance, { auth, rateLimits, refreshTtlSeconds }: Services) => {
  addRoute(app, routes.login, {}, async (request, reply) =>
    sendSession(request, reply, await auth.login(request.body, request.ip), refreshTtlSeconds),
  )

  addRoute(app, routes.refreshToken, {}, async (request, reply) => {
    try {
      return sendSession(request, reply, await auth.refresh(request.cookies[REFRESH_COOKIE]), refreshTtlSeconds)
    } catch (error) {
      clearSessionCookie(request, reply)
      throw error
    }
  })

  addRoute(app, routes.logout, {}, async (request, reply) => {
    await auth.logout(request.cookies[REFRESH_COOKIE])
    clearSessionCookie(request, reply)
    return reply.status(204).send()
  })

  // Every attempt counts, before anything else is read: a flood is turned away cheaply.
  addRoute(
    app,
    routes.signup,
    {
      preValidation: async (request) => {
        await rateLimits.signup(request.ip)
      },
    },
    async (request) => auth.signup(request.body),
  )

  addRoute(app, routes.signupStatus, {}, async () => ({ open: await auth.signupOpen() }))
}
