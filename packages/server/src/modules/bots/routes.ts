import { BOT_KINDS, BOT_SIGNATURE_HEADER, type BotKind, type RouteName, routes } from '@desk/api-client'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { BODY_LIMIT_BYTES } from '../../config'
import { actorOf, authGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

/** The route names of each kind's seed calls (`botStatusN8n`, `botOnN8n`, `botOffN8n` …). */
const routeNames = (kind: BotKind) => {
  const suffix = kind.charAt(0).toUpperCase() + kind.slice(1)
  return {
    status: `botStatus${suffix}` as 'botStatusN8n',
    on: `botOn${suffix}` as 'botOnN8n',
    off: `botOff${suffix}` as 'botOffN8n',
  } satisfies Record<string, RouteName>
}

/** Signed-in calls: the seed's status and switch calls, the ticket's switches and connection, the admin's configuration. */
const signedInRoutes = async (app: FastifyInstance, { auth, bots, botDispatch }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  for (const kind of BOT_KINDS) {
    const names = routeNames(kind)
    addRoute(app, routes[names.status], {}, async (request, reply) => {
      const status = await bots.status(actorOf(request), kind, request.params.number)
      return (reply as FastifyReply).type('text/plain; charset=utf-8').send(status)
    })
    addRoute(app, routes[names.on], {}, async (request) =>
      bots.toggle(actorOf(request), kind, request.body.msgFrom, true),
    )
    addRoute(app, routes[names.off], {}, async (request) =>
      bots.toggle(actorOf(request), kind, request.body.msgFrom, false),
    )
  }

  addRoute(app, routes.ticketConnection, {}, async (request) =>
    bots.connectionOf(actorOf(request), request.body.ticketid),
  )
  addRoute(app, routes.ticketBots, {}, async (request) => bots.ofTicket(actorOf(request), request.params.id))
  addRoute(app, routes.botConfigList, {}, async (request) => bots.listConfigs(actorOf(request)))
  addRoute(app, routes.botConfigGet, {}, async (request) => bots.getConfig(actorOf(request), request.params.kind))
  addRoute(app, routes.botConfigUpdate, {}, async (request) =>
    bots.updateConfig(actorOf(request), request.params.kind, request.body),
  )
  addRoute(app, routes.botTest, {}, async (request) => {
    await bots.getConfig(actorOf(request), request.params.kind)
    return botDispatch.test(request.params.kind, request.body.text)
  })
  addRoute(app, routes.botAudit, {}, async (request) => bots.audit(actorOf(request), request.query))
}

/** A bot's later answer: no sign-in; the HMAC of the raw body with the bot's secret is checked first. */
const signedByBotRoutes = async (app: FastifyInstance, { botDispatch }: Services) => {
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_req, body, done) =>
    done(null, body),
  )
  addRoute(app, routes.botReply, { validate: [] }, async (request) => {
    const { kind } = parseInput(routes.botReply.params, request.params)
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    const signature = request.headers[BOT_SIGNATURE_HEADER]
    return botDispatch.reply(kind, raw, typeof signature === 'string' ? signature : undefined)
  })
}

export const botRoutes = async (app: FastifyInstance, services: Services) => {
  await app.register(signedInRoutes, services)
  await app.register(signedByBotRoutes, services)
}
