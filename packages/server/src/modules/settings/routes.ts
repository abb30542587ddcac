import { routes } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

export const settingsRoutes = async (app: FastifyInstance, { auth, settings }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  addRoute(app, routes.settingList, {}, async (request) => settings.list(actorOf(request)))

  addRoute(app, routes.settingUpdate, {}, async (request) =>
    settings.update(actorOf(request), request.params.key, request.body.value),
  )
}
