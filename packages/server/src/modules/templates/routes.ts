import { routes } from '@desk/api-client'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

/** The templates of Cloud API connections (signed in; a refresh is for admins) and a template sent into a ticket. */
export const templateRoutes = async (app: FastifyInstance, { auth, templates, messages, rateLimits }: Services) => {
  const session = authGuard(auth)
  // A template counts against the sender's send limit as any message does.
  const countSend = async (request: FastifyRequest) => {
    await rateLimits.send(actorOf(request).id)
  }
  addRoute(app, routes.templateList, { preValidation: session }, async (request) =>
    templates.list(actorOf(request), request.query),
  )
  addRoute(app, routes.templateSync, { preValidation: session }, async (request) =>
    templates.sync(actorOf(request), request.body.connectionId),
  )
  addRoute(app, routes.messageSendTemplate, { preValidation: [session, countSend] }, async (request) => ({
    messages: await messages.sendTemplate(actorOf(request), request.params.ticketId, request.body),
  }))
}
