import { CHAT_EXPORT_FILE_NAMES, routes } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'
import { requireTicketAccess } from '../tickets/access'
import { findTicket } from '../tickets/repository'
import { renderTranscript, transcriptOf } from './transcript'

/** The seed's attachments arrive in base64 inside JSON: room for 10 MB files. */
const ATTACH_BODY_LIMIT = 15 * 1024 * 1024

/** Protocol close, the chat export, e-mail (the seed's calls, a conversation, SMTP settings, the outbox). */
export const protocolMailRoutes = async (app: FastifyInstance, { auth, db, mail, protocol }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  addRoute(app, routes.ticketProtocol, {}, async (request) =>
    protocol.closeWithProtocol(actorOf(request), request.params.id),
  )
  addRoute(app, routes.seedProtocol, {}, async (request) => protocol.recordSeed(actorOf(request), request.body))

  addRoute(app, routes.ticketExport, {}, async (request, reply) => {
    const ticket = await requireTicketAccess(db, actorOf(request), await findTicket(db, request.params.id), 'read')
    const { format, notes } = request.query
    return reply
      .header('content-type', `${format === 'csv' ? 'text/csv' : 'text/plain'}; charset=utf-8`)
      .header('content-disposition', `attachment; filename="${CHAT_EXPORT_FILE_NAMES[format]}"`)
      .header('cache-control', 'no-store')
      .send(renderTranscript(format, ticket, await transcriptOf(db, ticket, { notes })))
  })
  addRoute(app, routes.ticketEmail, {}, async (request) =>
    mail.emailConversation(actorOf(request), request.params.id, request.body.to, { notes: request.body.notes }),
  )

  addRoute(app, routes.seedEmail, {}, async (request) => mail.seedEmail(actorOf(request), request.body))
  addRoute(app, routes.seedEmailUser, {}, async (request) => mail.seedEmail(actorOf(request), request.body))
  addRoute(app, routes.seedEmailAttach, { bodyLimit: ATTACH_BODY_LIMIT }, async (request) =>
    mail.seedEmail(actorOf(request), request.body),
  )
  addRoute(app, routes.seedEmailAttachUser, { bodyLimit: ATTACH_BODY_LIMIT }, async (request) =>
    mail.seedEmail(actorOf(request), request.body),
  )

  addRoute(app, routes.mailSettingsGet, {}, async (request) => mail.settings.get(actorOf(request)))
  addRoute(app, routes.mailSettingsUpdate, {}, async (request) => mail.settings.update(actorOf(request), request.body))
  addRoute(app, routes.mailTest, {}, async (request) => mail.test(actorOf(request), request.body.to))
  addRoute(app, routes.mailOutbox, {}, async (request) => mail.outbox(actorOf(request), request.query.state))
  addRoute(app, routes.mailRetry, {}, async (request) => mail.retry(actorOf(request), request.params.id))
}
