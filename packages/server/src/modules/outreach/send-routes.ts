import { routes } from '@desk/api-client'
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify'
import { actorOrToken } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import type { SendOutcome } from './sends'

/** A list of 100 000 numbers with its caption fits well inside this. */
const BULK_BODY_LIMIT = 8 * 1024 * 1024

/** Who owns what a caller creates: the signed-in user, or nobody (the API token). */
export const ownerOf = (request: FastifyRequest) => actorOrToken(request)?.id ?? null

/** A job answers 202 (it runs on; the table declares the answer's shape, not this status); one send 200. */
const answer = (reply: FastifyReply, outcome: SendOutcome) =>
  'job' in outcome ? reply.status(202).send(outcome.job) : reply.send(outcome.single)

/**
 * The media sends (/ZDGMedia, /ZDGMedia2, /ZDGMedia3), the history import (/ZDGHistorico and one
 * contact's) and the release of a day's scheduled jobs (/ZDGAgendamento): session or API token,
 * like `/zdg`; the body is read only once the caller is let in.
 */
export const sendRoutes = async (
  app: FastifyInstance,
  { tokenOrSession, outreach }: { tokenOrSession: preValidationHookHandler; outreach: Services['outreach'] },
) => {
  const sendOptions = { validate: [], preValidation: tokenOrSession, bodyLimit: BULK_BODY_LIMIT } as const
  addRoute(app, routes.bulkMedia, sendOptions, async (request, reply) =>
    answer(reply as FastifyReply, await outreach.sends.media(ownerOf(request), request.body)),
  )
  addRoute(app, routes.bulkFile, sendOptions, async (request, reply) =>
    answer(reply as FastifyReply, await outreach.sends.file(ownerOf(request), request.body)),
  )
  addRoute(app, routes.bulkAudio, sendOptions, async (request, reply) =>
    answer(reply as FastifyReply, await outreach.sends.audio(ownerOf(request), request.body)),
  )
  addRoute(app, routes.syncMessage, { preValidation: tokenOrSession }, async (request, reply) => {
    const job = await outreach.sends.syncMessage(ownerOf(request), request.body)
    return (reply as FastifyReply).status(202).send(job)
  })
  addRoute(app, routes.syncMessageUser, { preValidation: tokenOrSession }, async (request, reply) => {
    const { user, ...rest } = request.body
    const job = await outreach.sends.syncMessage(ownerOf(request), { ...rest, contact: user })
    return (reply as FastifyReply).status(202).send(job)
  })
  addRoute(app, routes.scheduleStart, { preValidation: tokenOrSession }, async (request) =>
    outreach.startScheduled(actorOrToken(request), request.body),
  )
}
