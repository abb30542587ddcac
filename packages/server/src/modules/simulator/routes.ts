import {
  routes,
  SIMULATOR_MEDIA_BASE64_MAX,
  type SimulatorAckResponse,
  type SimulatorInboundResponse,
} from '@desk/api-client'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { BODY_LIMIT_BYTES } from '../../config'
import { SimulatorDriver } from '../../drivers/simulator'
import { actorOf, authGuard } from '../../http/auth-guard'
import { AppError, parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import { isAdmin } from '../users/repository'

const notInitialized = (message: string) => new AppError('ERR_WAPP_NOT_INITIALIZED', 400, undefined, message)

/** The simulator's routes check their input themselves: permission, params and body in that order. */
const own = { validate: [] } as const

/**
 * Control endpoints of the simulator driver, for tests and demos: admin-only, and only for
 * connections whose driver is the simulator (others answer 404 ERR_NO_WAPP_FOUND).
 */
export const simulatorRoutes = async (app: FastifyInstance, { auth, db, sessions }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  const simulatorOf = async (request: FastifyRequest) => {
    if (!isAdmin(actorOf(request))) throw new AppError('ERR_NO_PERMISSION', 403)
    const { connectionId } = parseInput(routes.simulatorScan.params, request.params)
    const running = sessions.get(connectionId)
    // A running simulator answers for itself; only other cases need the stored connection.
    if (running instanceof SimulatorDriver) return { connectionId, driver: running }
    const row = await db
      .selectFrom('whatsapps')
      .select(['id', 'driver'])
      .where('id', '=', connectionId)
      .executeTakeFirst()
    if (row?.driver !== 'simulator') {
      throw new AppError('ERR_NO_WAPP_FOUND', 404, undefined, 'No simulator connection with this id')
    }
    const driver = sessions.get(connectionId)
    return { connectionId, driver: driver instanceof SimulatorDriver ? driver : undefined }
  }

  const connected = async (request: FastifyRequest) => {
    const found = await simulatorOf(request)
    if (!found.driver?.isConnected()) throw notInitialized('The simulated phone is not connected')
    return { connectionId: found.connectionId, driver: found.driver }
  }

  addRoute(app, routes.simulatorScan, own, async (request) => {
    const { connectionId, driver } = await simulatorOf(request)
    if (!driver?.isPairing()) throw notInitialized('There is no QR code to scan; start the session first')
    await driver.scan()
    return sessions.session(connectionId)
  })

  // The body carries a whole file in base64, plus room for the other fields.
  const inboundOptions = { bodyLimit: SIMULATOR_MEDIA_BASE64_MAX + BODY_LIMIT_BYTES }
  addRoute(app, routes.simulatorInbound, { ...own, ...inboundOptions }, async (request) => {
    const input = parseInput(routes.simulatorInbound.body, request.body)
    const { driver } = await connected(request)
    // The driver's event sink answers `unknown`; the inbound service answers this contract shape.
    return (await driver.receive({
      providerMessageId: input.providerMessageId,
      from: input.from,
      name: input.name,
      isGroup: input.isGroup,
      groupId: input.groupId,
      body: input.body,
      mediaType: input.mediaType,
      media: input.mediaBase64
        ? { data: Buffer.from(input.mediaBase64, 'base64'), fileName: input.fileName }
        : undefined,
    })) as SimulatorInboundResponse
  })

  addRoute(app, routes.simulatorOutbox, own, async (request) => {
    const { to } = parseInput(routes.simulatorOutbox.query, request.query)
    const { driver } = await simulatorOf(request)
    return driver?.outbox(to) ?? []
  })

  addRoute(app, routes.simulatorAck, own, async (request) => {
    const input = parseInput(routes.simulatorAck.body, request.body)
    const { connectionId, driver } = await connected(request)
    const row = await db
      .selectFrom('messages')
      .select('providerMessageId')
      .where('whatsappId', '=', connectionId)
      .where(typeof input.messageId === 'number' ? 'id' : 'providerMessageId', '=', input.messageId as never)
      .executeTakeFirst()
    if (!row?.providerMessageId) throw new AppError('ERR_NOT_FOUND', 404, undefined, 'No sent message with this id')
    // The driver's event sink answers `unknown`; the ack handler answers the updated message.
    const message = (await driver.ack(row.providerMessageId, input.ack)) as SimulatorAckResponse | undefined
    if (!message) throw new AppError('ERR_NOT_FOUND', 404, undefined, 'No sent message with this id')
    return message
  })

  addRoute(app, routes.simulatorPhoneBook, own, async (request) => {
    const input = parseInput(routes.simulatorPhoneBook.body, request.body)
    const { driver } = await connected(request)
    driver.setPhoneBook(input.contacts, input.unregistered)
    return { contacts: input.contacts.length, unregistered: input.unregistered.length }
  })

  addRoute(app, routes.simulatorDrop, own, async (request) => {
    const { connectionId, driver } = await connected(request)
    await driver.drop()
    return sessions.session(connectionId)
  })
}
