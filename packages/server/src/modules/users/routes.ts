import { routes } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import { sendSession } from '../auth/routes'

export const userRoutes = async (app: FastifyInstance, { auth, users, refreshTtlSeconds }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  addRoute(app, routes.userList, {}, async (request) => users.list(request.query))

  addRoute(app, routes.userGet, {}, async (request) => users.get(request.params.id))

  addRoute(app, routes.userCreate, {}, async (request) => users.create(actorOf(request), request.body))

  addRoute(app, routes.userUpdate, {}, async (request, reply) => {
    const actor = actorOf(request)
    const { user, ownPasswordChanged } = await users.update(actor, request.params.id, request.body)
    // Changing one's password ends every other session; this one continues with a fresh cookie (the old one ends).
    if (ownPasswordChanged)
      sendSession(request, reply, await auth.startSession(user, actor.sessionId), refreshTtlSeconds)
    return user
  })

  addRoute(app, routes.userDelete, {}, async (request, reply) => {
    await users.remove(actorOf(request), request.params.id)
    return reply.status(204).send()
  })
}
