import { MEDIA_FIELD, routes } from '@desk/api-client'
import multipart from '@fastify/multipart'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { fieldError, parseInput } from '../../http/errors'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import { MESSAGE_MULTIPART_LIMITS, readUpload } from '../messages/routes'

/** The internal chat (JSON or multipart sends, as a conversation's), mentions and private notes. */
export const chatRoutes = async (app: FastifyInstance, { auth, chat, rateLimits }: Services) => {
  await app.register(multipart, { limits: MESSAGE_MULTIPART_LIMITS })
  app.addHook('preValidation', authGuard(auth))
  const { channels, messages, mentions, notes } = chat

  addRoute(app, routes.chatChannelList, {}, async (request) => channels.list(actorOf(request)))
  addRoute(app, routes.chatChannelCreate, {}, async (request) => channels.create(actorOf(request), request.body))
  addRoute(app, routes.chatDirectOpen, {}, async (request) => channels.direct(actorOf(request), request.body.userId))
  addRoute(app, routes.chatChannelUpdate, {}, async (request) =>
    channels.update(actorOf(request), request.params.id, request.body),
  )
  addRoute(app, routes.chatChannelDelete, {}, async (request, reply) => {
    await channels.remove(actorOf(request), request.params.id)
    return reply.status(204).send()
  })
  addRoute(app, routes.chatMessageList, {}, async (request) =>
    messages.list(actorOf(request), request.params.id, request.query),
  )
  addRoute(
    app,
    routes.chatMessageSend,
    { validate: ['params'], preValidation: async (request) => rateLimits.send(actorOf(request).id) },
    async (request) => {
      const actor = actorOf(request)
      const { id } = request.params
      if (!request.isMultipart()) {
        return { messages: await messages.send(actor, id, parseInput(routes.chatMessageSend.body, request.body)) }
      }
      // Refuse a channel the sender is not in before reading any upload.
      await channels.requireMember(actor, id)
      const { files, fields } = await readUpload(request)
      const input = parseInput(routes.chatMessageSend.multipart, fields)
      if (files.length === 0) throw fieldError(MEDIA_FIELD, 'validation.required')
      return { messages: await messages.sendFiles(actor, id, files, input.body) }
    },
  )
  addRoute(app, routes.chatChannelRead, {}, async (request) => messages.read(actorOf(request), request.params.id))
  addRoute(app, routes.mentionList, {}, async (request) => mentions.list(actorOf(request)))
  addRoute(app, routes.mentionRead, {}, async (request) => mentions.read(actorOf(request), request.params.id))
  addRoute(app, routes.noteCreate, {}, async (request) => ({
    message: await notes.create(actorOf(request), request.params.ticketId, request.body.body),
  }))
}
