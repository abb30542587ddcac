import { routes, SIMULATOR_MEDIA_BASE64_MAX } from '@desk/api-client'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { BODY_LIMIT_BYTES } from '../../config'
import { actorOf, authGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

/** The simulator's routes check their input themselves: permission, params and body in that order. */
const own = { validate: [] } as const

/**
 * Control endpoints of the simulator driver, for tests and demos: admin-only, and only for
 * connections whose driver is the simulator (others answer 404 ERR_NO_WAPP_FOUND).
 */
export const simulatorRoutes = async (app: FastifyInstance, { auth, simulator }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  /** The connection in the path, read once the caller is known to be an admin. */
  const target = (request: FastifyRequest) =>
    simulator.authorize(actorOf(request), () => parseInput(routes.simulatorScan.params, request.params).connectionId)

  addRoute(app, routes.simulatorScan, own, async (request) => simulator.scan(target(request)))

  // The body carries a whole file in base64, plus room for the other fields.
  const inboundOptions = { bodyLimit: SIMULATOR_MEDIA_BASE64_MAX + BODY_LIMIT_BYTES }
  addRoute(app, routes.simulatorInbound, { ...own, ...inboundOptions }, async (request) => {
    const input = parseInput(routes.simulatorInbound.body, request.body)
    return simulator.inbound(target(request), input)
  })

  addRoute(app, routes.simulatorOutbox, own, async (request) => {
    const { to } = parseInput(routes.simulatorOutbox.query, request.query)
    return simulator.outbox(target(request), to)
  })

  addRoute(app, routes.simulatorAck, own, async (request) => {
    const input = parseInput(routes.simulatorAck.body, request.body)
    return simulator.ack(target(request), input)
  })

  addRoute(app, routes.simulatorPhoneBook, own, async (request) => {
    const input = parseInput(routes.simulatorPhoneBook.body, request.body)
    return simulator.setPhoneBook(target(request), input.contacts, input.unregistered)
  })

  addRoute(app, routes.simulatorDrop, own, async (request) => simulator.drop(target(request)))

  // A phone's chats may be long: the history takes the same room as an inbound file.
  addRoute(app, routes.simulatorHistory, { ...own, ...inboundOptions }, async (request) => {
    const input = parseInput(routes.simulatorHistory.body, request.body)
    return simulator.setHistory(target(request), input.conversations)
  })
}
