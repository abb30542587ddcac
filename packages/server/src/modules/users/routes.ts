import { IdParams, UserCreateRequest, UserListQuery, UserUpdateRequest } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import type { Services } from '../../http/services'
import { sendSession } from '../auth/routes'

export const userRoutes = async (app: FastifyInstance, { auth, users, refreshTtlSeconds }: Services) => {
  app.addHook('preHandler', authGuard(auth))

  app.get('/users', async (request) => users.list(parseInput(UserListQuery, request.query)))

  app.get('/users/:id', async (request) => users.get(parseInput(IdParams, request.params).id))

  app.post('/users', async (request) => users.create(actorOf(request), parseInput(UserCreateRequest, request.body)))

  app.put('/users/:id', async (request, reply) => {
    const actor = actorOf(request)
    const { id } = parseInput(IdParams, request.params)
    const { user, ownPasswordChanged } = await users.update(actor, id, parseInput(UserUpdateRequest, request.body))
    // Changing one's password ends every other session; this one continues with a fresh cookie.
    if (ownPasswordChanged) sendSession(request, reply, await auth.startSession(user), refreshTtlSeconds)
    return user
  })

  app.delete('/users/:id', async (request, reply) => {
    await users.remove(actorOf(request), parseInput(IdParams, request.params).id)
    return reply.status(204).send()
  })
}
