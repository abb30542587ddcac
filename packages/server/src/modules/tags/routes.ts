import { routes } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

/** The tag catalogue, a contact's tags, and the seed's calls for both. */
export const tagRoutes = async (app: FastifyInstance, { auth, tags }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  addRoute(app, routes.tagList, {}, async () => tags.list())
  addRoute(app, routes.tagCreate, {}, async (request) => tags.create(actorOf(request), request.body))
  addRoute(app, routes.tagUpdate, {}, async (request) => tags.update(actorOf(request), request.params.id, request.body))
  addRoute(app, routes.tagDelete, {}, async (request, reply) => {
    await tags.remove(actorOf(request), request.params.id)
    return reply.status(204).send()
  })

  addRoute(app, routes.contactTags, {}, async (request) => tags.ofContact(request.params.id))
  addRoute(app, routes.contactTagsSet, {}, async (request) =>
    tags.setOfContact(actorOf(request), request.params.id, request.body.tags),
  )

  addRoute(app, routes.seedTagList, {}, async () => tags.list())
  // The names joined by commas as one JSON string (`"VIP,Late payer"`, `""` for none): the seed
  // family's clients parse the answer as JSON. A string sent with a JSON type goes out as it is.
  addRoute(app, routes.seedUserTags, {}, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(await tags.namesOfNumber(request.params.number))),
  )
  addRoute(app, routes.seedSetUserTags, {}, async (request) =>
    tags.setOfNumber(actorOf(request), request.body.msgFrom, request.body.tags),
  )
  addRoute(app, routes.seedDeleteUserTags, {}, async (request) =>
    tags.setOfNumber(actorOf(request), request.body.msgFrom, []),
  )
}
