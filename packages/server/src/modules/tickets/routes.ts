import { routes } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

export const ticketRoutes = async (app: FastifyInstance, { auth, tickets }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  addRoute(app, routes.ticketList, {}, async (request) => tickets.list(actorOf(request), request.query))
  addRoute(app, routes.ticketGet, {}, async (request) => tickets.get(actorOf(request), request.params.id))
  addRoute(app, routes.ticketCreate, {}, async (request) => tickets.create(actorOf(request), request.body))
  addRoute(app, routes.ticketUpdate, {}, async (request) =>
    tickets.update(actorOf(request), request.params.id, request.body),
  )
  addRoute(app, routes.ticketDelete, {}, async (request, reply) => {
    await tickets.remove(actorOf(request), request.params.id)
    return reply.status(204).send()
  })
  /** Closes every open ticket of the caller; `?showAll=true` lets an admin close everyone's. */
  addRoute(app, routes.ticketCloseAll, {}, async (request) => tickets.closeAll(actorOf(request), request.query.showAll))
}
