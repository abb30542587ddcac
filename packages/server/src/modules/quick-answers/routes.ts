import { routes } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { authGuard } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

export const quickAnswerRoutes = async (app: FastifyInstance, { auth, quickAnswers }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  addRoute(app, routes.quickAnswerList, {}, async (request) => quickAnswers.list(request.query))
  addRoute(app, routes.quickAnswerGet, {}, async (request) => quickAnswers.get(request.params.id))
  addRoute(app, routes.quickAnswerCreate, {}, async (request) => quickAnswers.create(request.body))
  addRoute(app, routes.quickAnswerUpdate, {}, async (request) => quickAnswers.update(request.params.id, request.body))
  addRoute(app, routes.quickAnswerDelete, {}, async (request, reply) => {
    await quickAnswers.remove(request.params.id)
    return reply.status(204).send()
  })
}
