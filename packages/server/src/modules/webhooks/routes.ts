import { timingSafeEqual } from 'node:crypto'
import { routes, SIGNATURE_HEADER } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { BODY_LIMIT_BYTES } from '../../config'
import { CloudApiDriver, verifyCloudSignature } from '../../drivers/cloud-api'
import { AppError, parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import { parseConfig } from '../connections/repository'

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const refused = () => new AppError('ERR_NO_PERMISSION', 403)

/**
 * The WhatsApp Business Cloud API webhook of one `cloud-api` connection. No sign-in: the
 * `GET` handshake is checked against the connection's verify token and every `POST` against
 * the HMAC signature of its raw body with the app secret, before anything is parsed or stored.
 */
export const webhookRoutes = async (app: FastifyInstance, { db, sessions }: Services) => {
  // The signature covers the exact bytes Meta sent, so this scope keeps JSON bodies raw.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) =>
    done(null, body),
  )

  const cloudSettings = async (params: unknown) => {
    const { connectionId } = parseInput(routes.webhookVerify.params, params)
    const row = await db
      .selectFrom('whatsapps')
      .select(['id', 'driver', 'config'])
      .where('id', '=', connectionId)
      .executeTakeFirst()
    if (row?.driver !== 'cloud-api') throw new AppError('ERR_NO_WAPP_FOUND', 404)
    return { connectionId, settings: parseConfig(row.config).cloudApi ?? {} }
  }

  // The handshake's query is checked after the connection: a wrong one is refused (403), not a 400.
  addRoute(app, routes.webhookVerify, { validate: [] }, async (request, reply) => {
    const { settings } = await cloudSettings(request.params)
    const query = routes.webhookVerify.query.safeParse(request.query)
    if (!query.success || !settings.verifyToken || !sameText(query.data['hub.verify_token'], settings.verifyToken)) {
      throw refused()
    }
    return reply.type('text/plain; charset=utf-8').send(query.data['hub.challenge'])
  })

  addRoute(app, routes.webhookReceive, { validate: [] }, async (request) => {
    const { connectionId, settings } = await cloudSettings(request.params)
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const signature = request.headers[SIGNATURE_HEADER]
    if (!verifyCloudSignature(raw, typeof signature === 'string' ? signature : undefined, settings.appSecret ?? '')) {
      throw refused()
    }
    const payload = parseInput(routes.webhookReceive.body, JSON.parse(raw.toString('utf8')))
    const driver = sessions.get(connectionId)
    // A stopped session answers 503, so the network delivers again once it runs.
    if (!(driver instanceof CloudApiDriver) || !driver.isConnected()) {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503)
    }
    return driver.handleWebhook(payload)
  })
}
