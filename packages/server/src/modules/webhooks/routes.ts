import { routes, SIGNATURE_HEADER } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { BODY_LIMIT_BYTES } from '../../config'
import { parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

/**
 * The WhatsApp Business Cloud API webhook of one `cloud-api` connection. No sign-in: the
 * `GET` handshake is checked against the connection's verify token and every `POST` against
 * the HMAC signature of its raw body with the app secret, before anything is parsed or stored.
 * The routes check their input themselves (`validate: []`), in that order.
 */
export const webhookRoutes = async (app: FastifyInstance, { webhooks }: Services) => {
  // The signature covers the exact bytes Meta sent, so this scope keeps JSON bodies raw.
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) =>
    done(null, body),
  )

  addRoute(app, routes.webhookVerify, { validate: [] }, async (request, reply) => {
    const { connectionId } = parseInput(routes.webhookVerify.params, request.params)
    const challenge = await webhooks.handshake(connectionId, request.query)
    return reply.type('text/plain; charset=utf-8').send(challenge)
  })

  addRoute(app, routes.webhookReceive, { validate: [] }, async (request) => {
    const { connectionId } = parseInput(routes.webhookReceive.params, request.params)
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const signature = request.headers[SIGNATURE_HEADER]
    return webhooks.deliver(connectionId, raw, typeof signature === 'string' ? signature : undefined)
  })
}
