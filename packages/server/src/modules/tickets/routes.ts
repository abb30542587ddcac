import { BooleanString, IdParams, TicketCreateRequest, TicketListQuery, TicketUpdateRequest } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { actorOf, authGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import type { Services } from '../../http/services'

const CloseAllQuery = z.object({ showAll: BooleanString.optional().default(false) })

export const ticketRoutes = async (app: FastifyInstance, { auth, tickets }: Services) => {
  app.addHook('preHandler', authGuard(auth))

  app.get('/tickets', async (request) => tickets.list(actorOf(request), parseInput(TicketListQuery, request.query)))
  app.get('/tickets/:id', async (request) => tickets.get(actorOf(request), parseInput(IdParams, request.params).id))
  app.post('/tickets', async (request) =>
    tickets.create(actorOf(request), parseInput(TicketCreateRequest, request.body)),
  )
  app.put('/tickets/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return tickets.update(actorOf(request), id, parseInput(TicketUpdateRequest, request.body))
  })
  app.delete('/tickets/:id', async (request, reply) => {
    await tickets.remove(actorOf(request), parseInput(IdParams, request.params).id)
    return reply.status(204).send()
  })
  /** Closes every open ticket of the caller; `?showAll=true` lets an admin close everyone's. */
  app.post('/ticketsClosed', async (request) =>
    tickets.closeAll(actorOf(request), parseInput(CloseAllQuery, request.query).showAll),
  )
}
