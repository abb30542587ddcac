import { routes } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

export const dashboardRoutes = async (app: FastifyInstance, { auth, dashboard }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  addRoute(app, routes.dashboard, {}, async (request) => dashboard.get(actorOf(request), request.query))
}
