import {
  CONTACTS_CSV_FILE_NAME,
  CONTACTS_CSV_PATH,
  ContactCreateRequest,
  ContactListQuery,
  ContactsDeleteAllRequest,
  ContactUpdateRequest,
  IdParams,
} from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { actorOf, authGuard } from '../../http/auth-guard'
import { parseInput } from '../../http/errors'
import type { Services } from '../../http/services'

export const contactRoutes = async (app: FastifyInstance, { auth, contacts, contactsBulk }: Services) => {
  app.addHook('preHandler', authGuard(auth))

  app.post('/contacts/import', async () => contactsBulk.importFromDevice())
  app.get('/contactsZDG', async () => contactsBulk.exportRows())
  // The spreadsheet file; a browser fetches it with its token and saves the blob.
  app.get(CONTACTS_CSV_PATH, async (_request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${CONTACTS_CSV_FILE_NAME}"`)
      .header('cache-control', 'no-store')
      .send(await contactsBulk.exportCsv()),
  )
  app.post('/delContacts', async (request) => {
    parseInput(ContactsDeleteAllRequest, request.body ?? {})
    return contactsBulk.deleteAll(actorOf(request))
  })

  app.get('/contacts', async (request) => contacts.list(parseInput(ContactListQuery, request.query)))
  app.get('/contacts/:id', async (request) => contacts.get(parseInput(IdParams, request.params).id))
  // The seed's clients post to both paths.
  for (const path of ['/contacts', '/contact']) {
    app.post(path, async (request) => contacts.create(parseInput(ContactCreateRequest, request.body)))
  }
  app.put('/contacts/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return contacts.update(id, parseInput(ContactUpdateRequest, request.body))
  })
  app.delete('/contacts/:id', async (request, reply) => {
    await contacts.remove(actorOf(request), parseInput(IdParams, request.params).id)
    return reply.status(204).send()
  })
}
