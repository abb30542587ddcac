import {
  type ContactExportRow,
  type ContactImportResponse,
  type ContactsDeleteAllResponse,
  contactsToCsv,
  digitsOnly,
  stripNul,
} from '@desk/api-client'
import { type Db, nowIso } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { type Actor, isAdmin } from '../users/repository'
import { type DriverLookup, defaultConnection } from './default-driver'
import { toContact } from './service'

const MIN_DIGITS = 8
const MAX_DIGITS = 50
/** Rows an INSERT carries at once (well below either dialect's parameter limit). */
const BATCH = 200

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
    const present = new Set<string>()
    const numbers = [...wanted.keys()]
    for (let i = 0; i < numbers.length; i += BATCH) {
      const rows = await db
        .selectFrom('contacts')
        .select('number')
        .where('number', 'in', numbers.slice(i, i + BATCH))
        .execute()
      for (const r of rows) if (r.number) present.add(r.number)
    }
    const fresh = numbers.filter((n) => !present.has(n))
    const now = nowIso()
    const created = await db.transaction().execute(async (trx) => {
      const all = []
      for (let i = 0; i < fresh.length; i += BATCH) {
        const values = fresh.slice(i, i + BATCH).map((number) => ({
          name: wanted.get(number)!,
          number,
          email: null,
          profilePicUrl: null,
          isGroup: 0,
          createdAt: now,
          updatedAt: now,
        }))
        all.push(...(await trx.insertInto('contacts').values(values).returningAll().execute()))
      }
      return all
    })
    for (const row of created) publisher.contact({ action: 'create', contact: toContact(row) })
    return { added: created.length, skipped: device.length - created.length }
  }

  /** Every contact (groups left out) as an export row, by name. */
  const exportRows = async (): Promise<ContactExportRow[]> =>
    db
      .selectFrom('contacts')
      .select(['name', 'number', 'email'])
      .where('isGroup', '=', 0)
      .orderBy('name')
      .orderBy('id')
      .execute()

  const exportCsv = async (): Promise<string> => contactsToCsv(await exportRows())

  /**
   * `POST /delContacts` (admins): every contact, ticket, message and extra-info row goes, in
   * one transaction. Kanban cards belong to tickets and go with them.
   */
  const deleteAll = async (actor: Actor): Promise<ContactsDeleteAllResponse> => {
    if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', 403)
    const { ticketIds, statuses, cards, contactIds, messages, contacts } = await db
      .transaction()
      .execute(async (trx) => {
        const tickets = await trx.selectFrom('tickets').select(['id', 'status']).execute()
        const ticketIds = tickets.map((t) => t.id)
        const statuses = tickets.map((t) => t.status)
        // The kanban board's cards are the tickets still being worked (open or waiting).
        const cards = tickets.filter((t) => t.status !== 'closed').length
        const contactIds = (await trx.selectFrom('contacts').select('id').execute()).map((c) => c.id)
        const deletedMessages = await trx.deleteFrom('messages').executeTakeFirst()
        await trx.deleteFrom('tickets').execute()
        await trx.deleteFrom('contact_extra_info').execute()
        const deletedContacts = await trx.deleteFrom('contacts').executeTakeFirst()
        return {
          ticketIds,
          statuses,
          cards,
          contactIds,
          messages: Number(deletedMessages.numDeletedRows),
          contacts: Number(deletedContacts.numDeletedRows),
        }
      })
    // Ids only: nothing is revealed by telling everyone that a ticket is gone.
    for (const [i, ticketId] of ticketIds.entries()) {
      publisher.ticket(
        { action: 'delete', ticketId },
        { status: statuses[i]!, audience: { everyone: true, userIds: [] } },
      )
    }
    for (const contactId of contactIds) publisher.contact({ action: 'delete', contactId })
    return { contacts, tickets: ticketIds.length, messages, cards }
  }

  return { importFromDevice, exportRows, exportCsv, deleteAll }
}

export type ContactsBulkService = ReturnType<typeof createContactsBulkService>
