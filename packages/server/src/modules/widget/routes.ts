import { MEDIA_FIELD, MEDIA_MAX_BYTES, MEDIA_MAX_FILES, MESSAGE_BODY_MAX, routes } from '@desk/api-client'
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { actorOf, authGuard, bearerToken, sameSecret } from '../../http/auth-guard'
import { AppError, fieldError, parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import { readUpload } from '../messages/routes'
import type { WidgetCaller } from './caller'

declare module 'fastify' {
  interface FastifyRequest {
    /** The holder of the widget session in `Authorization: Bearer …`. */
    widget?: WidgetCaller
  }
}

/** A request from the desk's own pages (the frame, the app) names the desk's host as its origin. */
const sameOrigin = (origin: string, host: string) => {
  try {
    return new URL(origin).host === host.toLowerCase()
  } catch {
    return false
  }
}

const callerOf = (request: FastifyRequest): WidgetCaller => {
  if (!request.widget) throw new AppError('ERR_WIDGET_TOKEN_INVALID', 401)
  return request.widget
}

/**
 * `/widget/*`: the public configuration and session, the partner tokens minted with the API token,
 * the session's conversation (bearer: the widget session, never a desk token), and the admins' secret.
 */
export const widgetRoutes = async (app: FastifyInstance, services: Services) => {
  const { auth, widget, widgetConversation: conversation, rateLimits, settings } = services
  await app.register(multipart, {
    limits: {
      fileSize: MEDIA_MAX_BYTES,
      files: MEDIA_MAX_FILES,
      fields: 10,
      fieldSize: MESSAGE_BODY_MAX * 4,
      parts: MEDIA_MAX_FILES + 10,
    },
  })
  const session = async (request: FastifyRequest) => {
    request.widget = await widget.caller(bearerToken(request.headers.authorization))
  }
  /** A visitor's sends count per conversation, a partner user's as their desk sends; before any upload is read. */
  const countSend = async (request: FastifyRequest) => {
    await session(request)
    const caller = callerOf(request)
    if (caller.mode === 'agent') await rateLimits.send(caller.actor.id)
    else await rateLimits.widget.send(`${caller.connection.id}:${caller.visitor}`)
  }
  /** The `userApiToken` in the body: none 401, a wrong one 403, before the body is checked. */
  const apiToken = async (request: FastifyRequest) => {
    const token = (request.body as { token?: unknown } | undefined)?.token
    if (typeof token !== 'string' || token === '') throw new AppError('ERR_NO_PERMISSION', 401)
    const expected = await settings.getValue('userApiToken')
    if (!expected || !sameSecret(token, expected)) {
      throw new AppError('ERR_NO_PERMISSION', 403, undefined, 'Invalid API token')
    }
  }
  const deskUser = authGuard(auth)

  addRoute(app, routes.widgetConfig, {}, async (request, reply: FastifyReply) => {
    const config = await widget.config(request.params.connectionId)
    reply.header('Vary', 'Origin')
    // The loader on a partner's page reads it across origins: the allowed ones get it; any other page
    // gets a refusal it can read (a bare answer without CORS would look like an unreachable desk).
    const origin = request.headers.origin
    if (!origin || sameOrigin(origin, request.host)) return config
    reply.header('Access-Control-Allow-Origin', origin)
    if (config.allowedOrigins.includes(origin.toLowerCase())) return config
    throw new AppError('ERR_WIDGET_ORIGIN_NOT_ALLOWED', 403, undefined, 'This page may not show the widget')
  })
  addRoute(app, routes.widgetSession, {}, async (request) =>
    widget.session(request.params.connectionId, request.body ?? {}, request.ip),
  )
  addRoute(app, routes.widgetToken, { preValidation: apiToken }, async (request) => widget.mintToken(request.body))

  addRoute(app, routes.widgetMessages, { preValidation: session }, async (request) =>
    conversation.list(callerOf(request), request.query),
  )
  addRoute(app, routes.widgetSend, { validate: [], preValidation: countSend }, async (request) => {
    const caller = callerOf(request)
    if (!request.isMultipart()) return conversation.send(caller, parseInput(routes.widgetSend.body, request.body))
    // A visitor's files stop at their upload quota, read as they come (never past it).
    return conversation.sendUpload(caller, request.ip, async (budget) => {
      const { files, fields } = await readUpload(request, budget)
      const input = parseInput(routes.widgetSend.multipart, fields)
      if (files.length === 0) throw fieldError(MEDIA_FIELD, 'validation.required')
      return { input, files }
    })
  })
  addRoute(app, routes.widgetRead, { preValidation: session }, async (request, reply) => {
    await conversation.read(callerOf(request), request.body.upTo)
    return reply.status(204).send()
  })
  addRoute(app, routes.widgetContact, { preValidation: session }, async (request) =>
    conversation.saveContact(callerOf(request), request.body),
  )
  addRoute(app, routes.widgetQuickAnswers, { preValidation: session }, async (request) =>
    conversation.quickAnswers(callerOf(request), request.query.search),
  )

  addRoute(app, routes.widgetSecretGet, { preValidation: deskUser }, async (request) =>
    widget.secret(actorOf(request), request.params.id),
  )
  addRoute(app, routes.widgetSecretRotate, { preValidation: deskUser }, async (request) =>
    widget.rotateSecret(actorOf(request), request.params.id),
  )
}
