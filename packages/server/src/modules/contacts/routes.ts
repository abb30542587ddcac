import { CONTACTS_CSV_FILE_NAME, routes } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, actorOrToken, authGuard, seedTokenGuard } from '../../http/auth-guard'
import { addRoute } from '../../http/register'
import type { Services } from '../../http/services'

export const contactRoutes = async (app: FastifyInstance, services: Services) => {
  // The seed's delete-all carries `token`: a session, or the API token as `/zdg` takes it.
  addRoute(app, routes.contactDeleteAll, { preValidation: seedTokenGuard(services) }, async (request) =>
    services.contactsBulk.deleteAll(actorOrToken(request)),
  )
  await app.register(async (app) => sessionRoutes(app, services))
}

const sessionRoutes = (app: FastifyInstance, { auth, contacts, contactsBulk }: Services) => {
  app.addHook('preValidation', authGuard(auth))

  addRoute(app, routes.contactImport, {}, async () => contactsBulk.importFromDevice())
  addRoute(app, routes.contactExport, {}, async () => contactsBulk.exportRows())
  // The spreadsheet file; a browser fetches it with its token and saves the blob.
  addRoute(app, routes.contactExportCsv, {}, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${CONTACTS_CSV_FILE_NAME}"`)
      .header('cache-control', 'no-store')
      .send(await contactsBulk.exportCsv()),
  )
  addRoute(app, routes.contactList, {}, async (request) => contacts.list(request.query))
  addRoute(app, routes.contactGet, {}, async (request) => contacts.get(request.params.id))
  addRoute(app, routes.contactCreate, {}, async (request) => contacts.create(request.body))
  // The seed's contact card: finds the contact saved with the number, or creates it.
  addRoute(app, routes.contactCreateSingular, {}, async (request) => contacts.findOrAdd(request.body))
  addRoute(app, routes.contactUpdate, {}, async (request) => contacts.update(request.params.id, request.body))
  addRoute(app, routes.contactDelete, {}, async (request, reply) => {
    await contacts.remove(actorOf(request), request.params.id)
    return reply.status(204).send()
  })
}
