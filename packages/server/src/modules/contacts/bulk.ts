import {
  type ContactExportRow,
  type ContactImportResponse,
  type ContactsDeleteAllResponse,
  contactsToCsv,
  digitsOnly,
  stripNul,
} from '@desk/api-client'
import type { Db } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { type Actor, requireAdmin } from '../users/access'
import { type DriverLookup, defaultConnection } from './default-driver'
import { deleteAllContacts, existingNumbers, exportContactRows, insertPhoneBookContacts } from './repository'
import { toContact } from './service'

const MIN_DIGITS = 8
const MAX_DIGITS = 50

/**
 * Contacts in bulk: importing the default connection's phone book, exporting every contact
 * (as rows, or as the CSV spreadsheet programs open), and deleting every contact with their
 * tickets and messages.
 */
export const createContactsBulkService = ({
  db,
  publisher,
  sessions,
}: {
  db: Db
  publisher: Publisher
  sessions: DriverLookup
}) => {
  /**
   * `POST /contacts/import`: the default connection's device contacts become desk contacts;
   * numbers already present (or not 8–50 digits) are skipped. The connection must be
   * connected (`ERR_WAPP_NOT_INITIALIZED`); there must be one (`ERR_NO_DEF_WAPP_FOUND`).
   */
  const importFromDevice = async (): Promise<ContactImportResponse> => {
    const connection = await defaultConnection(db, sessions)
    if (!connection) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 400)
    if (!connection.driver?.isConnected()) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400)
    const device = await connection.driver.listDeviceContacts()
    const wanted = new Map<string, string>()
    for (const { name, number } of device) {
      const digits = digitsOnly(number)
      if (digits.length < MIN_DIGITS || digits.length > MAX_DIGITS || wanted.has(digits)) continue
      wanted.set(digits, stripNul(name).trim().slice(0, 50) || digits)
    }
    const numbers = [...wanted.keys()]
    const present = await existingNumbers(db, numbers)
    const fresh = numbers.filter((n) => !present.has(n)).map((number) => ({ name: wanted.get(number)!, number }))
    const created = await db.transaction().execute((trx) => insertPhoneBookContacts(trx, fresh))
    for (const row of created) publisher.contact({ action: 'create', contact: toContact(row) })
    return { added: created.length, skipped: device.length - created.length }
  }

  /** Every contact (groups left out) as an export row, by name. */
  const exportRows = (): Promise<ContactExportRow[]> => exportContactRows(db)

  const exportCsv = async (): Promise<string> => contactsToCsv(await exportRows())

  /**
   * `POST /delContacts` (admins): every contact, ticket, message and extra-info row goes, in
   * one transaction. Kanban cards belong to tickets and go with them.
   */
  /** `actor` null: the API token, whose holder acts as an administrator. */
  const deleteAll = async (actor: Actor | null): Promise<ContactsDeleteAllResponse> => {
    if (actor) requireAdmin(actor)
    const { tickets, contactIds, messages, contacts } = await db.transaction().execute(deleteAllContacts)
    // The kanban board's cards are the tickets still being worked (open or waiting).
    const cards = tickets.filter((t) => t.status !== 'closed').length
    // Ids only: nothing is revealed by telling everyone that a ticket is gone.
    for (const { id, status } of tickets) {
      publisher.ticket({ action: 'delete', ticketId: id }, { status, audience: { everyone: true, userIds: [] } })
    }
    for (const contactId of contactIds) publisher.contact({ action: 'delete', contactId })
    return { contacts, tickets: tickets.length, messages, cards }
  }

  return { importFromDevice, exportRows, exportCsv, deleteAll }
}

export type ContactsBulkService = ReturnType<typeof createContactsBulkService>
