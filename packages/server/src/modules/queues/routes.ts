import { IdParams, QueueCreateRequest, QueueUpdateRequest } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import type { Services } from '../../http/services'

export const queueRoutes = async (app: FastifyInstance, { auth, queues }: Services) => {
  app.addHook('preHandler', authGuard(auth))

  app.get('/queue', async () => queues.list())
  app.get('/queue/:id', async (request) => queues.get(parseInput(IdParams, request.params).id))
  app.post('/queue', async (request) => queues.create(actorOf(request), parseInput(QueueCreateRequest, request.body)))
  app.put('/queue/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return queues.update(actorOf(request), id, parseInput(QueueUpdateRequest, request.body))
  })
  app.delete('/queue/:id', async (request, reply) => {
    await queues.remove(actorOf(request), parseInput(IdParams, request.params).id)
    return reply.status(204).send()
  })
}
