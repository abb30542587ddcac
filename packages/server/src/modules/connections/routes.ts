import { routes } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

export const connectionRoutes = async (app: FastifyInstance, { auth, connections, sessions }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  addRoute(app, routes.connectionList, {}, async (request) => connections.list(actorOf(request)))
  addRoute(app, routes.connectionGet, {}, async (request) => connections.get(request.params.id, actorOf(request)))
  addRoute(app, routes.connectionCreate, {}, async (request) => connections.create(actorOf(request), request.body))
  addRoute(app, routes.connectionUpdate, {}, async (request) =>
    connections.update(actorOf(request), request.params.id, request.body),
  )
  addRoute(app, routes.connectionDelete, {}, async (request, reply) => {
    await connections.remove(actorOf(request), request.params.id)
    return reply.status(204).send()
  })

  addRoute(app, routes.sessionStart, {}, async (request) =>
    sessions.forActor(actorOf(request)).start(request.params.id),
  )
  addRoute(app, routes.sessionNewQr, {}, async (request) =>
    sessions.forActor(actorOf(request)).newQr(request.params.id),
  )
  addRoute(app, routes.sessionDisconnect, {}, async (request) =>
    sessions.forActor(actorOf(request)).disconnect(request.params.id),
  )
}
