import { routes, SmsRequest, TWILIO_SIGNATURE_HEADER, VoiceCallRequest } from '@desk/api-client'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { BODY_LIMIT_BYTES } from '../../config'
import { actorOf, authGuard, seedTokenGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import { ownerOf } from '../outreach/send-routes'

/** A list of 100 numbers with a 1600-character message fits well inside this. */
const SEND_BODY_LIMIT = 256 * 1024

/**
 * The seed's /SMS and /VoiceCall calls (session or API token, like `/zdg`; a job answered 202),
 * the credentials test (admins), and the provider's callbacks. Callbacks carry no sign-in: each
 * is checked against the provider's signature over the exact address it posted to and its form
 * fields, before any field is read.
 */
export const telephonyRoutes = async (app: FastifyInstance, { auth, settings, telephony }: Services) => {
  const tokenOrSession = seedTokenGuard({ auth, settings })
  const sendOptions = { validate: [], preValidation: tokenOrSession, bodyLimit: SEND_BODY_LIMIT } as const

  addRoute(app, routes.sendSms, sendOptions, async (request, reply) => {
    const job = await telephony.send(ownerOf(request), 'sms', parseInput(SmsRequest, request.body))
    return (reply as FastifyReply).status(202).send(job)
  })
  addRoute(app, routes.makeVoiceCall, sendOptions, async (request, reply) => {
    const job = await telephony.send(ownerOf(request), 'voiceCall', parseInput(VoiceCallRequest, request.body))
    return (reply as FastifyReply).status(202).send(job)
  })
  addRoute(app, routes.telephonyTest, { preValidation: authGuard(auth) }, async (request) =>
    telephony.test(actorOf(request), request.body),
  )

  // The callbacks' form bodies stay raw bytes: the signature covers their fields as sent.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
      (_req, body, done) => done(null, body),
    )
    const delivered = (request: FastifyRequest) => {
      const signature = request.headers[TWILIO_SIGNATURE_HEADER]
      return {
        raw: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: typeof signature === 'string' ? signature : undefined,
        url: telephony.addressOf(request),
      }
    }
    addRoute(hooks, routes.telephonyInbound, { validate: [] }, async (request, reply) => {
      const { connectionId } = parseInput(routes.telephonyInbound.params, request.params)
      const twiml = await telephony.callback(connectionId, 'sms', delivered(request))
      return (reply as FastifyReply).type('text/xml; charset=utf-8').send(twiml)
    })
    addRoute(hooks, routes.telephonySmsStatus, { validate: [] }, async (request, reply) => {
      const { connectionId } = parseInput(routes.telephonySmsStatus.params, request.params)
      await telephony.callback(connectionId, 'sms-status', delivered(request))
      return (reply as FastifyReply).status(204).send()
    })
    addRoute(hooks, routes.telephonyCallStatus, { validate: [] }, async (request, reply) => {
      const { connectionId } = parseInput(routes.telephonyCallStatus.params, request.params)
      await telephony.callback(connectionId, 'call-status', delivered(request))
      return (reply as FastifyReply).status(204).send()
    })
  })
}
