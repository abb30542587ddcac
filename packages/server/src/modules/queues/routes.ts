import { routes } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

export const queueRoutes = async (app: FastifyInstance, { auth, queues }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  addRoute(app, routes.queueList, {}, async () => queues.list())
  addRoute(app, routes.queueGet, {}, async (request) => queues.get(request.params.id))
  addRoute(app, routes.queueCreate, {}, async (request) => queues.create(actorOf(request), request.body))
  addRoute(app, routes.queueUpdate, {}, async (request) =>
    queues.update(actorOf(request), request.params.id, request.body),
  )
  addRoute(app, routes.queueDelete, {}, async (request, reply) => {
    await queues.remove(actorOf(request), request.params.id)
    return reply.status(204).send()
  })
}
