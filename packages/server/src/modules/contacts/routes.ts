import { IdParams } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import type { Services } from '../../http/app'
import { authGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'

export const contactRoutes = async (app: FastifyInstance, { auth, contacts }: Services) => {
  app.addHook('preHandler', authGuard(auth))

  app.get('/contacts/:id', async (request) => contacts.get(parseInput(IdParams, request.params).id))
}
