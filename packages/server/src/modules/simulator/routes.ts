import {
  boundedString,
  SIMULATOR_MEDIA_BASE64_MAX,
  SimulatorAckRequest,
  SimulatorInboundRequest,
  SimulatorOutboxQuery,
  SimulatorParams,
  safeText,
} from '@desk/api-client'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { BODY_LIMIT_BYTES } from '../../config'
import type { Services } from '../../http/app'
import { actorOf, authGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'

/** A number as a phone's address book holds it: anything, checked only when imported. */
const PhoneDigits = safeText({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100)
/** `PUT /simulator/:id/phonebook`: the phone's address book, and numbers the network does not know. */
const PhoneBookRequest = z.object({
  contacts: z.array(z.object({ name: boundedString(1, 100), number: PhoneDigits })).max(10_000),
  unregistered: z.array(PhoneDigits).max(10_000).optional().default([]),
})

/**
 * Control endpoints of the simulator driver, for tests and demos: admin-only, and only for
 * connections whose driver is the simulator (others answer 404 ERR_NO_WAPP_FOUND).
 */
export const simulatorRoutes = async (app: FastifyInstance, { auth, simulator }: Services) => {
  app.addHook('preHandler', authGuard(auth))

  /** The connection in the path, read once the caller is known to be an admin. */
  const target = (request: FastifyRequest) =>
    simulator.authorize(actorOf(request), () => parseInput(SimulatorParams, request.params).connectionId)

  app.post('/simulator/:connectionId/scan', async (request) => simulator.scan(target(request)))

  // The body carries a whole file in base64, plus room for the other fields.
  const inboundOptions = { bodyLimit: SIMULATOR_MEDIA_BASE64_MAX + BODY_LIMIT_BYTES }
  app.post('/simulator/:connectionId/inbound', inboundOptions, async (request) => {
    const input = parseInput(SimulatorInboundRequest, request.body)
    return simulator.inbound(target(request), input)
  })

  app.get('/simulator/:connectionId/outbox', async (request) => {
    const { to } = parseInput(SimulatorOutboxQuery, request.query)
    return simulator.outbox(target(request), to)
  })

  app.post('/simulator/:connectionId/ack', async (request) => {
    const input = parseInput(SimulatorAckRequest, request.body)
    return simulator.ack(target(request), input)
  })

  app.put('/simulator/:connectionId/phonebook', async (request) => {
    const input = parseInput(PhoneBookRequest, request.body)
    return simulator.setPhoneBook(target(request), input.contacts, input.unregistered)
  })

  app.post('/simulator/:connectionId/drop', async (request) => simulator.drop(target(request)))
}
