/**
 * Contacts, with their import, export and deletion.
 * Method and path of each route, free of zod: the schemas are in `../contacts.ts`.
 */
import { del, get, post, put } from './verbs'

export const contactsPaths = {
  contactImport: post('/contacts/import'),
  contactExport: get('/contactsZDG'),
  /** The spreadsheet file (`text/csv`), fetched with the token and saved as a blob. */
  contactExportCsv: get('/contacts/export'),
  contactDeleteAll: post('/delContacts'),
  contactList: get('/contacts'),
  contactGet: get('/contacts/:id'),
  contactCreate: post('/contacts'),
  /** The seed's clients post new contacts here too. */
  contactCreateSingular: post('/contact'),
  contactUpdate: put('/contacts/:id'),
  contactDelete: del('/contacts/:id'),
} as const
