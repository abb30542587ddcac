import { DashboardQuery } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import type { Services } from '../../http/services'

export const dashboardRoutes = async (app: FastifyInstance, { auth, dashboard }: Services) => {
  app.addHook('preHandler', authGuard(auth))

  app.get('/dashboard', async (request) => dashboard.get(actorOf(request), parseInput(DashboardQuery, request.query)))
}
