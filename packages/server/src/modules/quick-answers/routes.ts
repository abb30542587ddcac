import { IdParams, QuickAnswerCreateRequest, QuickAnswerListQuery, QuickAnswerUpdateRequest } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { authGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import type { Services } from '../../http/services'

export const quickAnswerRoutes = async (app: FastifyInstance, { auth, quickAnswers }: Services) => {
  app.addHook('preHandler', authGuard(auth))

  app.get('/quickAnswers', async (request) => quickAnswers.list(parseInput(QuickAnswerListQuery, request.query)))
  app.get('/quickAnswers/:id', async (request) => quickAnswers.get(parseInput(IdParams, request.params).id))
  app.post('/quickAnswers', async (request) => quickAnswers.create(parseInput(QuickAnswerCreateRequest, request.body)))
  app.put('/quickAnswers/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return quickAnswers.update(id, parseInput(QuickAnswerUpdateRequest, request.body))
  })
  app.delete('/quickAnswers/:id', async (request, reply) => {
    await quickAnswers.remove(parseInput(IdParams, request.params).id)
    return reply.status(204).send()
  })
}
