import { DirectRequest, routes, SIGNATURE_HEADER } from '@desk/api-client'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { BODY_LIMIT_BYTES } from '../../config'
import { actorOf, authGuard, seedTokenGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import { ownerOf } from '../outreach/send-routes'
import { requireAdmin } from '../users/access'

/**
 * Instagram direct: the seed's `/sendDirect` (session or API token, like `/zdg`; a job answered 202), its
 * estimate (signed in), the simulator's customer (admins), and Meta's webhook (no sign-in: the handshake is
 * checked against the verify token, every delivery against the signature of its raw body with the app secret,
 * before anything is parsed or stored).
 */
export const instagramRoutes = async (app: FastifyInstance, { auth, settings, instagram }: Services) => {
  const tokenOrSession = seedTokenGuard({ auth, settings })
  addRoute(app, routes.sendDirect, { validate: [], preValidation: tokenOrSession }, async (request, reply) => {
    const job = await instagram.send(ownerOf(request), parseInput(DirectRequest, request.body))
    return (reply as FastifyReply).status(202).send(job)
  })
  addRoute(app, routes.directEstimate, { preValidation: authGuard(auth) }, async (request) =>
    instagram.estimate(request.body),
  )
  addRoute(app, routes.simulatorInstagramInbound, { validate: [], preValidation: authGuard(auth) }, async (request) => {
    requireAdmin(actorOf(request))
    const { connectionId } = parseInput(routes.simulatorInstagramInbound.params, request.params)
    return instagram.simulatedInbound(connectionId, parseInput(routes.simulatorInstagramInbound.body, request.body))
  })

  // The signature covers the exact bytes Meta sent, so this scope keeps JSON bodies raw.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json')
    hooks.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
      (_req, body, done) => done(null, body),
    )
    addRoute(hooks, routes.instagramWebhookVerify, { validate: [] }, async (request, reply) => {
      const { connectionId } = parseInput(routes.instagramWebhookVerify.params, request.params)
      const challenge = await instagram.handshake(connectionId, request.query)
      return (reply as FastifyReply).type('text/plain; charset=utf-8').send(challenge)
    })
    addRoute(hooks, routes.instagramWebhookReceive, { validate: [] }, async (request) => {
      const { connectionId } = parseInput(routes.instagramWebhookReceive.params, request.params)
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const signature = request.headers[SIGNATURE_HEADER]
      return instagram.deliver(connectionId, raw, typeof signature === 'string' ? signature : undefined)
    })
  })
}
