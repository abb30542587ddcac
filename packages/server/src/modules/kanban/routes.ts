import { laneCsvFileName, routes } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, actorOrToken, authGuard, seedTokenGuard } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

export const kanbanRoutes = async (app: FastifyInstance, { auth, settings, kanban }: Services) => {
  // The seed's move carries `token`: a session, or the API token as `/zdg` takes it.
  addRoute(app, routes.cardMove, { preValidation: seedTokenGuard({ auth, settings }) }, async (request) =>
    kanban.move(actorOrToken(request), request.body),
  )
  await app.register(async (app) => sessionRoutes(app, kanban, authGuard(auth)))
}

const sessionRoutes = (app: FastifyInstance, kanban: Services['kanban'], session: ReturnType<typeof authGuard>) => {
  app.addHook('preValidation', session)

  addRoute(app, routes.laneList, {}, async () => kanban.lanes())
  addRoute(app, routes.cardList, {}, async (request) => kanban.cards(actorOf(request)))
  addRoute(app, routes.cardGet, {}, async (request) => kanban.card(actorOf(request), request.params.cardId))
  addRoute(app, routes.laneCreate, {}, async (request) => kanban.createLane(actorOf(request), request.body))
  addRoute(app, routes.laneOrder, {}, async (request) => kanban.reorder(actorOf(request), request.body))
  addRoute(app, routes.laneUpdate, {}, async (request) =>
    kanban.updateLane(actorOf(request), request.params.id, request.body),
  )
  addRoute(app, routes.laneDelete, {}, async (request, reply) => {
    await kanban.removeLane(actorOf(request), request.params.id)
    return reply.status(204).send()
  })
  addRoute(app, routes.laneCardsCsv, {}, async (request, reply) => {
    const { title, csv } = await kanban.laneCsv(actorOf(request), request.params.id)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${laneCsvFileName(title)}"`)
      .header('cache-control', 'no-store')
      .send(csv)
  })
}
