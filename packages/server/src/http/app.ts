import { existsSync } from 'node:fs'
import path from 'node:path'
import { routes } from '@desk/api-client'
import cookie from '@fastify/cookie'
import fastifyStatic from '@fastify/static'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import { BODY_LIMIT_BYTES } from '../config'
import { authRoutes } from '../modules/auth/routes'
import { botRoutes } from '../modules/bots/routes'
import { chatRoutes } from '../modules/chat/routes'
import { connectionRoutes } from '../modules/connections/routes'
import { contactRoutes } from '../modules/contacts/routes'
import { dashboardRoutes } from '../modules/dashboard/routes'
import { instagramRoutes } from '../modules/instagram/routes'
import { kanbanRoutes } from '../modules/kanban/routes'
import { protocolMailRoutes } from '../modules/mail/routes'
import { mediaRoutes } from '../modules/media/routes'
import { messageRoutes } from '../modules/messages/routes'
import { outreachRoutes } from '../modules/outreach/routes'
import { outreachInputRoutes } from '../modules/outreach-inputs/routes'
import { queueRoutes } from '../modules/queues/routes'
import { quickAnswerRoutes } from '../modules/quick-answers/routes'
import { settingsRoutes } from '../modules/settings/routes'
import { simulatorRoutes } from '../modules/simulator/routes'
import { tagRoutes } from '../modules/tags/routes'
import { telephonyRoutes } from '../modules/telephony/routes'
import { templateRoutes } from '../modules/templates/routes'
import { ticketRoutes } from '../modules/tickets/routes'
import { userRoutes } from '../modules/users/routes'
import { webhookRoutes } from '../modules/webhooks/routes'
import { widgetRoutes } from '../modules/widget/routes'
import { registerErrorHandling } from './errors'
import { addRoute, plainSerializerCompiler, zodValidatorCompiler } from './register'
import { type ContentSecurityOptions, registerSecurityHeaders } from './security-headers'
import type { Services } from './services'

/**
 * The proxies the server believes about the client's address: a number of hops counted from the server
 * (never more than that many X-Forwarded-For entries, taken from the right), or the proxies' own
 * addresses and CIDR ranges (`10.0.0.0/8`, and `loopback`, `linklocal`, `uniquelocal`). `true` means one hop.
 */
export type TrustProxy = boolean | number | string[]

export interface AppOptions {
  logger?: boolean | { level: string }
  trustProxy?: TrustProxy
  staticDir?: string
  /** Content-Security-Policy additions (an API on another origin). */
  contentSecurity?: ContentSecurityOptions
}

/**
 * Fastify's `trustProxy` for the operator's rule. A hop count becomes a function: fastify 5 treats a bare
 * number as trusting nothing, and `true` would believe the first X-Forwarded-For entry, which the client
 * writes. With `n` hops, the client is the address `n` entries from the right of the chain (the socket's
 * peer counting as the first hop); what a client prepends is never read. Addresses and ranges go to
 * proxy-addr as they are: only a peer among them is believed, hop by hop.
 */
export const proxyTrust = (
  rule: TrustProxy | undefined,
): false | string[] | ((address: string, hop: number) => boolean) => {
  if (Array.isArray(rule)) return rule.length > 0 ? rule : false
  const hops = rule === true ? 1 : typeof rule === 'number' ? rule : 0
  return hops > 0 ? (_address: string, hop: number) => hop < hops : false
}

/** The bare HTTP app: parsers, error handling, static files. Routes are added by `registerApi`. */
export const createHttpApp = (options: AppOptions): FastifyInstance => {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: proxyTrust(options.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
  })

  // JSON as usual, except that an empty body (a bare POST with a JSON content type) is no body.
  const jsonParser = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    (req, body, done) => {
      const text = body.toString()
      if (text.trim() === '') return done(null, undefined)
      jsonParser(req, text, done)
    },
  )
  app.register(cookie)
  registerSecurityHeaders(app, options.contentSecurity)

  const indexHtml = options.staticDir ? path.join(options.staticDir, 'index.html') : undefined
  const hasApp = Boolean(indexHtml && existsSync(indexHtml))
  if (hasApp && options.staticDir) {
    app.register(fastifyStatic, {
      root: options.staticDir,
      wildcard: true,
      setHeaders: (reply, filePath) => {
        if (filePath.endsWith('index.html')) reply.header('Cache-Control', 'no-cache')
        else if (filePath.includes(`${path.sep}assets${path.sep}`))
          reply.header('Cache-Control', 'public, max-age=31536000, immutable')
      },
    })
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const urlPath = request.url.split('?')[0]
    const isApi = urlPath === '/api' || urlPath.startsWith('/api/')
    const isClientRoute =
      hasApp &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi &&
      !urlPath.startsWith('/socket.io') &&
      path.posix.extname(urlPath) === ''
    // Client-side routes (/tickets/12, /users …) get the app; the app's router takes over.
    if (isClientRoute) return reply.header('Cache-Control', 'no-cache').sendFile('index.html')
    return reply.status(404).send({ error: 'ERR_NOT_FOUND', message: `Route ${request.method} ${urlPath} not found` })
  }
  registerErrorHandling(app, notFound)
  return app
}

/** Mounts the API under /api with exactly the seed's paths below it. */
export const registerApi = (app: FastifyInstance, services: Services) => {
  app.register(
    async (api) => {
      api.setValidatorCompiler(zodValidatorCompiler)
      api.setSerializerCompiler(plainSerializerCompiler)
      addRoute(api, routes.health, {}, async () => {
        await sql`select 1`.execute(services.database.db)
        return { status: 'ok' as const, database: services.database.dialect }
      })
      await api.register(authRoutes, services)
      await api.register(userRoutes, services)
      await api.register(settingsRoutes, services)
      await api.register(connectionRoutes, services)
      await api.register(contactRoutes, services)
      await api.register(queueRoutes, services)
      await api.register(quickAnswerRoutes, services)
      await api.register(tagRoutes, services)
      await api.register(dashboardRoutes, services)
      await api.register(ticketRoutes, services)
      await api.register(messageRoutes, services)
      await api.register(simulatorRoutes, services)
      await api.register(mediaRoutes, services)
      await api.register(webhookRoutes, services)
      await api.register(telephonyRoutes, services)
      await api.register(instagramRoutes, services)
      await api.register(templateRoutes, services)
      await api.register(outreachInputRoutes, services)
      await api.register(outreachRoutes, services)
      await api.register(protocolMailRoutes, services)
      await api.register(kanbanRoutes, services)
      await api.register(chatRoutes, services)
      await api.register(botRoutes, services)
      await api.register(widgetRoutes, services)
    },
    { prefix: '/api' },
  )
}
