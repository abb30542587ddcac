import { Readable } from 'node:stream'
import { BulkTextRequest, routes, SingleTextRequest } from '@desk/api-client'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { actorOf, authGuard, seedTokenGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import { groupRoutes } from './group-routes'
import { ownerOf, sendRoutes } from './send-routes'

/** A list of 100 000 numbers with the message fits well inside this. */
const BULK_BODY_LIMIT = 8 * 1024 * 1024

/**
 * The seed's automation calls (session or API token; the body is read only once the caller is
 * let in) and the jobs, recipients and opt-outs (session; opt-outs admin-only).
 */
export const outreachRoutes = async (app: FastifyInstance, { auth, settings, outreach }: Services) => {
  const tokenOrSession = seedTokenGuard({ auth, settings })
  const session = authGuard(auth)

  addRoute(
    app,
    routes.bulkText,
    { validate: [], preValidation: tokenOrSession, bodyLimit: BULK_BODY_LIMIT },
    async (request, reply) => {
      const body = request.body
      if (body && typeof body === 'object' && 'numbers' in body) {
        const input = parseInput(BulkTextRequest, body)
        const job = await outreach.createJob(ownerOf(request), 'bulkText', input, {
          message: input.message,
          template: input.template,
          openWindowsOnly: input.openWindowsOnly,
        })
        // 202: the job runs on; the table declares the answer's shape, not this status.
        return (reply as FastifyReply).status(202).send(job)
      }
      const input = parseInput(SingleTextRequest, body)
      return outreach.sendSingle(
        ownerOf(request),
        input,
        async () => input.message,
        (driver, to, message) => driver.sendText(to, message),
      )
    },
  )
  await sendRoutes(app, { tokenOrSession, outreach })
  await groupRoutes(app, { tokenOrSession, outreach })
  addRoute(app, routes.dispatchConnections, { preValidation: tokenOrSession }, async () =>
    outreach.jobs.dispatchConnections(),
  )

  addRoute(app, routes.jobList, { preValidation: session }, async (request) =>
    outreach.jobs.list(actorOf(request), request.query),
  )
  addRoute(app, routes.jobGet, { preValidation: session }, async (request) =>
    outreach.jobs.get(actorOf(request), request.params.id),
  )
  addRoute(app, routes.jobAction, { preValidation: session }, async (request) =>
    outreach.jobs.act(actorOf(request), request.params.id, request.body),
  )
  addRoute(app, routes.jobRecipients, { preValidation: session }, async (request) =>
    outreach.jobs.recipients(actorOf(request), request.params.id, request.query),
  )
  addRoute(app, routes.jobRecipientsCsv, { preValidation: session }, async (request, reply) => {
    const lines = await outreach.jobs.csv(actorOf(request), request.params.id)
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="job-${request.params.id}-recipients.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(lines))
  })

  addRoute(app, routes.optOutList, { preValidation: session }, async (request) =>
    outreach.optOuts.list(actorOf(request), request.query),
  )
  addRoute(app, routes.optOutCreate, { preValidation: session }, async (request) =>
    outreach.optOuts.add(actorOf(request), request.body.number),
  )
  addRoute(app, routes.optOutDelete, { preValidation: session }, async (request, reply) => {
    await outreach.optOuts.remove(actorOf(request), request.params.number)
    return reply.status(204).send()
  })
}
