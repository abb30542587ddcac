import {
  type ContactExportRow,
  type ContactImportResponse,
  type ContactsDeleteAllResponse,
  contactsToCsv,
  digitsOnly,
  stripNul,
  type TicketStatus,
} from '@desk/api-client'
import { type Db, dialectOf, type Executor } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { emptyMessageIndex, holdMessageIndexing, settleMessageIndex } from '../tickets/repository/search-index'
import { type Actor, requireAdmin } from '../users/access'
import { type DriverLookup, defaultConnection } from './default-driver'
import {
  deleteContactsBatch,
  deleteMessagesBatch,
  deleteTicketsBatch,
  deletionBounds,
  existingNumbers,
  exportContactRows,
  insertPhoneBookContacts,
} from './repository'
import { toContact } from './service'

const MIN_DIGITS = 8
const MAX_DIGITS = 50

/**
 * How long one batch of deleting every contact should take: on SQLite it holds the event loop (and the one
 * connection) meanwhile; on PostgreSQL only the rows it deletes, and each commit waits for the disk. Each table's
 * batches start at `DELETE_BATCH_FIRST` rows and are sized from how long the last one took, between
 * `DELETE_BATCH_MIN` and `DELETE_BATCH_MAX` rows.
 */
const DELETE_BATCH_MS = { sqlite: 10, postgres: 100 } as const
const DELETE_BATCH_FIRST = 200
const DELETE_BATCH_MIN = 20
const DELETE_BATCH_MAX = 20_000

/** The next batch's rows, from the last one's rows and time, for batches of `targetMs`. */
const nextBatch = (rows: number, ms: number, targetMs: number) =>
  Math.round(Math.min(DELETE_BATCH_MAX, Math.max(DELETE_BATCH_MIN, (rows * targetMs) / Math.max(ms, 0.5))))

/** The next turn of the event loop, after the I/O that came meanwhile. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * Contacts in bulk: importing the default connection's phone book, exporting every contact
 * (as rows, or as the CSV spreadsheet programs open), and deleting every contact with their
 * tickets and messages.
 */
export const createContactsBulkService = ({
  db,
  publisher,
  sessions,
  deleteBatch,
}: {
  db: Db
  publisher: Publisher
  sessions: DriverLookup
  /** Rows every batch of `deleteAll` deletes at most, instead of rows sized to `DELETE_BATCH_MS` (tests). */
  deleteBatch?: number
}) => {
  /**
   * Runs `step` (one transaction) after the last row it answers until it answers null, each time on the next
   * turn of the event loop; `onBatch` gets what each answered.
   */
  const inBatches = async <R extends { end: number }>(
    step: (trx: Executor, after: number, limit: number) => Promise<R | null>,
    onBatch: (result: R) => void,
  ) => {
    let limit = deleteBatch ?? DELETE_BATCH_FIRST
    const targetMs = DELETE_BATCH_MS[dialectOf(db)]
    for (let after = 0; ; await nextTurn()) {
      const started = performance.now()
      const result = await db.transaction().execute((trx) => step(trx, after, limit))
      if (!result) return
      onBatch(result)
      after = result.end
      if (deleteBatch === undefined) limit = nextBatch(limit, performance.now() - started, targetMs)
    }
  }
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

  /** The deletion of every contact under way in this process, if any (see `deleteAll`). */
  let deleting: Promise<unknown> = Promise.resolve()

  /**
   * `POST /delContacts` (admins): every contact, ticket, message and extra-info row there is when it starts goes;
   * kanban cards belong to tickets and go with them. A batch at a time, each its own transaction, the event loop
   * free between them: in one transaction a desk of a million messages held SQLite's one connection, and with it
   * every other request, for 7.7 s. The messages first (the search index emptied at once, see
   * `emptyMessageIndex`), then the tickets, then the contacts with any ticket they opened meanwhile; each batch's
   * tickets and contacts are announced as it commits. Contacts and tickets that come after it started stay.
   * Should it stop half-way (the process ends), what was deleted stays deleted and the rest is as it was: asking
   * again deletes the rest.
   */
  /** `actor` null: the API token, whose holder acts as an administrator. */
  const deleteAll = async (actor: Actor | null): Promise<ContactsDeleteAllResponse> => {
    if (actor) requireAdmin(actor)
    // One at a time in this process: a second asked meanwhile starts when the first ends (and deletes what came since).
    // Processes deleting at once share the rows out, each answering and announcing what it deleted.
    const run = deleting.then(deleteEverything)
    deleting = run.catch(() => {})
    return run
  }

  const deleteEverything = async (): Promise<ContactsDeleteAllResponse> => {
    const release = holdMessageIndexing(db)
    try {
      const { bounds, mark } = await db
        .transaction()
        .execute(async (trx) => ({ bounds: await deletionBounds(trx), mark: await emptyMessageIndex(trx) }))
      const done = { contacts: 0, tickets: 0, messages: 0, cards: 0 }
      const told = (tickets: Array<{ id: number; status: TicketStatus }>) => {
        done.tickets += tickets.length
        // The kanban board's cards are the tickets still being worked (open or waiting).
        done.cards += tickets.filter((t) => t.status !== 'closed').length
        // Ids only: nothing is revealed by telling everyone that a ticket is gone.
        for (const { id, status } of tickets) {
          publisher.ticket({ action: 'delete', ticketId: id }, { status, audience: { everyone: true, userIds: [] } })
        }
      }
      await inBatches(
        (trx, after, limit) => deleteMessagesBatch(trx, after, bounds.messages, limit),
        (gone) => {
          done.messages += gone.messages
        },
      )
      await inBatches(
        (trx, after, limit) => deleteTicketsBatch(trx, after, bounds.tickets, limit),
        (gone) => {
          done.messages += gone.messages
          told(gone.tickets)
        },
      )
      await inBatches(
        (trx, after, limit) => deleteContactsBatch(trx, after, bounds.contacts, limit),
        (gone) => {
          done.messages += gone.messages
          done.contacts += gone.contactIds.length
          told(gone.tickets)
          for (const contactId of gone.contactIds) publisher.contact({ action: 'delete', contactId })
        },
      )
      await db.transaction().execute((trx) => settleMessageIndex(trx, mark))
      return done
    } finally {
      release()
    }
  }

  return { importFromDevice, exportRows, exportCsv, deleteAll }
}

export type ContactsBulkService = ReturnType<typeof createContactsBulkService>
