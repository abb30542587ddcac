import { ConnectionCreateRequest, ConnectionUpdateRequest, IdParams } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import type { Services } from '../../http/services'

export const connectionRoutes = async (app: FastifyInstance, { auth, connections, sessions }: Services) => {
  app.addHook('preHandler', authGuard(auth))

  app.get('/whatsapp', async (request) => connections.list(actorOf(request)))
  app.get('/whatsapp/:id', async (request) =>
    connections.get(parseInput(IdParams, request.params).id, actorOf(request)),
  )
  app.post('/whatsapp', async (request) =>
    connections.create(actorOf(request), parseInput(ConnectionCreateRequest, request.body)),
  )
  app.put('/whatsapp/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return connections.update(actorOf(request), id, parseInput(ConnectionUpdateRequest, request.body))
  })
  app.delete('/whatsapp/:id', async (request, reply) => {
    await connections.remove(actorOf(request), parseInput(IdParams, request.params).id)
    return reply.status(204).send()
  })

  app.post('/whatsappsession/:id', async (request) =>
    sessions.forActor(actorOf(request)).start(parseInput(IdParams, request.params).id),
  )
  app.put('/whatsappsession/:id', async (request) =>
    sessions.forActor(actorOf(request)).newQr(parseInput(IdParams, request.params).id),
  )
  app.delete('/whatsappsession/:id', async (request) =>
    sessions.forActor(actorOf(request)).disconnect(parseInput(IdParams, request.params).id),
  )
}
