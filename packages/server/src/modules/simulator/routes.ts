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
import { SimulatorDriver } from '../../drivers/simulator'
import { actorOf, authGuard } from '../../http/auth-guard'
import { AppError, parseInput } from '../../http/errors'
import type { Services } from '../../http/services'
import { isAdmin } from '../users/repository'

/** A number as a phone's address book holds it: anything, checked only when imported. */
const PhoneDigits = safeText({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100)
/** `PUT /simulator/:id/phonebook`: the phone's address book, and numbers the network does not know. */
const PhoneBookRequest = z.object({
  contacts: z.array(z.object({ name: boundedString(1, 100), number: PhoneDigits })).max(10_000),
  unregistered: z.array(PhoneDigits).max(10_000).optional().default([]),
})

const notInitialized = (message: string) => new AppError('ERR_WAPP_NOT_INITIALIZED', 400, undefined, message)

/**
 * Control endpoints of the simulator driver, for tests and demos: admin-only, and only for
 * connections whose driver is the simulator (others answer 404 ERR_NO_WAPP_FOUND).
 */
export const simulatorRoutes = async (app: FastifyInstance, { auth, db, sessions }: Services) => {
  app.addHook('preHandler', authGuard(auth))

  const simulatorOf = async (request: FastifyRequest) => {
    if (!isAdmin(actorOf(request))) throw new AppError('ERR_NO_PERMISSION', 403)
    const { connectionId } = parseInput(SimulatorParams, request.params)
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

  app.post('/simulator/:connectionId/scan', async (request) => {
    const { connectionId, driver } = await simulatorOf(request)
    if (!driver?.isPairing()) throw notInitialized('There is no QR code to scan; start the session first')
    await driver.scan()
    return sessions.session(connectionId)
  })

  // The body carries a whole file in base64, plus room for the other fields.
  const inboundOptions = { bodyLimit: SIMULATOR_MEDIA_BASE64_MAX + BODY_LIMIT_BYTES }
  app.post('/simulator/:connectionId/inbound', inboundOptions, async (request) => {
    const input = parseInput(SimulatorInboundRequest, request.body)
    const { driver } = await connected(request)
    return driver.receive({
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
    })
  })

  app.get('/simulator/:connectionId/outbox', async (request) => {
    const { to } = parseInput(SimulatorOutboxQuery, request.query)
    const { driver } = await simulatorOf(request)
    return driver?.outbox(to) ?? []
  })

  app.post('/simulator/:connectionId/ack', async (request) => {
    const input = parseInput(SimulatorAckRequest, request.body)
    const { connectionId, driver } = await connected(request)
    const row = await db
      .selectFrom('messages')
      .select('providerMessageId')
      .where('whatsappId', '=', connectionId)
      .where(typeof input.messageId === 'number' ? 'id' : 'providerMessageId', '=', input.messageId as never)
      .executeTakeFirst()
    if (!row?.providerMessageId) throw new AppError('ERR_NOT_FOUND', 404, undefined, 'No sent message with this id')
    const message = await driver.ack(row.providerMessageId, input.ack)
    if (!message) throw new AppError('ERR_NOT_FOUND', 404, undefined, 'No sent message with this id')
    return message
  })

  app.put('/simulator/:connectionId/phonebook', async (request) => {
    const input = parseInput(PhoneBookRequest, request.body)
    const { driver } = await connected(request)
    driver.setPhoneBook(input.contacts, input.unregistered)
    return { contacts: input.contacts.length, unregistered: input.unregistered.length }
  })

  app.post('/simulator/:connectionId/drop', async (request) => {
    const { connectionId, driver } = await connected(request)
    await driver.drop()
    return sessions.session(connectionId)
  })
}
