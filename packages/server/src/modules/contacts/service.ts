import {
  CONTACTS_PAGE_SIZE,
  type Contact,
  type ContactCreateData,
  type ContactEvent,
  type ContactListResponse,
  type ContactUpdateData,
  type PageQuery,
} from '@desk/api-client'
import { type ContactRow, type Db, type Executor, isUniqueViolation } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { sightOf } from '../tickets/repository'
import { type Actor, requireAdmin } from '../users/access'
import { createFindOrAdd, isUnnamed } from './find-or-add'
import {
  contactWithNumber,
  deleteContactWithTickets,
  extraInfoOf,
  findContactByNumber,
  findContactRow,
  insertContact,
  insertSeenContact,
  numberTaken,
  saveExtraInfo,
  searchContacts,
  ticketsOfContact,
  updateContact,
  updateSeenContact,
} from './repository'

export { isUnnamed }

export const contactNotFound = () => new AppError('ERR_NO_CONTACT_FOUND', 404)
const duplicated = () =>
  new AppError('ERR_DUPLICATED_CONTACT', 400, [{ path: 'number', message: 'ERR_DUPLICATED_CONTACT' }])
const rethrowDuplicate = (error: unknown): never => {
  throw isUniqueViolation(error) ? duplicated() : error
}

/** A contact search with more matches (SQLite: candidates) than this reads the contacts in name order instead. */
export const CONTACT_PROBE_ROWS = 2000

/**
 * The contacts list and its searches count up to this many: below it `count` is exact; at it, the
 * answer reads "this many or more" (never less than the contacts listed so far). Counting every
 * contact, or every match of a search found in most contacts, reads them all; the page stops as
 * soon as it is full. The app does not show the contacts' count.
 */
export const CONTACT_SEARCH_COUNT_LIMIT = 1000

export const toContact = (row: ContactRow, extraInfo?: Contact['extraInfo']): Contact => ({
  id: row.id,
  name: row.name,
  number: row.number,
  email: row.email,
  profilePicUrl: row.profilePicUrl,
  isGroup: row.isGroup === 1,
  ...(extraInfo ? { extraInfo } : {}),
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
})

export interface SeenContact {
  number: string
  name?: string
  profilePicUrl?: string | null
  isGroup?: boolean
}

/**
 * What a message's sender, as the network names them, changes on their stored contact: the name only
 * while the contact has none of its own (see `isUnnamed`), the picture whenever the network sends another.
 */
export const seenChanges = (
  existing: Pick<ContactRow, 'name' | 'number' | 'profilePicUrl'>,
  seen: Pick<SeenContact, 'name' | 'profilePicUrl'>,
) => {
  const name = seen.name?.trim() || undefined
  return {
    nameChanged: name !== undefined && name !== existing.name && isUnnamed(existing),
    pictureChanged: seen.profilePicUrl !== undefined && seen.profilePicUrl !== existing.profilePicUrl,
  }
}

/**
 * Contacts: found or created by number when a message arrives (name and picture kept up to
 * date); listed, read, created and edited by anyone signed in (numbers are unique:
 * `ERR_DUPLICATED_CONTACT`); deleted by admins, with their tickets and messages.
 */
export const createContactsService = ({
  db,
  publisher,
  checkNumber = async (number) => number,
  searchProbeRows = CONTACT_PROBE_ROWS,
  searchCountLimit = CONTACT_SEARCH_COUNT_LIMIT,
}: {
  db: Db
  publisher: Publisher
  /** The network's form of a number typed by a user (see createNumberCheck); throws when it has none. */
  checkNumber?: (number: string) => Promise<string>
  /** Matches (SQLite: candidates) past which a search reads contacts in name order (CONTACT_PROBE_ROWS); tests lower it. */
  searchProbeRows?: number
  /** Matches a search counts at most (CONTACT_SEARCH_COUNT_LIMIT); tests lower it. */
  searchCountLimit?: number
}) => {
  const get = async (id: number): Promise<Contact> => {
    const row = await findContactRow(db, id)
    if (!row) throw contactNotFound()
    const extraInfo = await extraInfoOf(db, [id])
    return toContact(row, extraInfo.get(id))
  }

  /**
   * The contact with this number, created when new. The name the network gives (a customer's
   * profile name, a group's subject) only fills a contact without one — an empty name, or the
   * number itself, which a contact first seen without a profile name gets — so a name an agent
   * wrote is never overwritten; a new picture replaces the stored one. Announces changes through
   * `announce` (at once by default; a caller inside a transaction collects them and announces
   * after its commit). Safe inside a transaction: a contact created meanwhile by a concurrent
   * delivery is read, never a failed insert. `known`: the contact with that number as the caller just
   * read it in `trx` (null: none), so it is not read again.
   */
  const findOrCreate = async (
    seen: SeenContact,
    trx: Executor = db,
    announce: (event: ContactEvent) => void = (event) => publisher.contact(event),
    known?: ContactRow | null,
  ): Promise<ContactRow> => {
    const existing = known === undefined ? await findContactByNumber(trx, seen.number) : known
    if (existing) {
      const { nameChanged, pictureChanged } = seenChanges(existing, seen)
      if (!nameChanged && !pictureChanged) return existing
      const updated = await updateSeenContact(trx, existing.id, {
        name: nameChanged ? seen.name?.trim() : undefined,
        profilePicUrl: pictureChanged ? seen.profilePicUrl : undefined,
      })
      announce({ action: 'update', contact: toContact(updated) })
      return updated
    }
    const created = await insertSeenContact(trx, {
      name: seen.name?.trim() || seen.number,
      number: seen.number,
      profilePicUrl: seen.profilePicUrl ?? null,
      isGroup: Boolean(seen.isGroup),
    })
    // No row: a concurrent delivery created the contact a moment ago.
    if (!created) return contactWithNumber(trx, seen.number)
    announce({ action: 'create', contact: toContact(created) })
    return created
  }

  const list = async (query: PageQuery): Promise<ContactListResponse> => {
    const search = query.searchParam.trim().toLowerCase()
    const offset = (query.pageNumber - 1) * CONTACTS_PAGE_SIZE
    const { rows, hasMore, counted } = await searchContacts(db, {
      search,
      offset,
      pageSize: CONTACTS_PAGE_SIZE,
      probeRows: searchProbeRows,
      countLimit: searchCountLimit,
    })
    // Never fewer than the contacts listed so far (and one more when another page follows).
    const count = Math.max(Math.min(counted, searchCountLimit), offset + rows.length + (hasMore ? 1 : 0))
    // Each row carries its extra info, so a form opened from the list edits the rows it has.
    const extraInfo = await extraInfoOf(
      db,
      rows.map((r) => r.id),
    )
    return {
      contacts: rows.map((r) => toContact(r, extraInfo.get(r.id))),
      hasMore,
      count,
    }
  }

  const checkDuplicate = async (number: string | null | undefined, exceptId?: number) => {
    if (number && (await numberTaken(db, number, exceptId))) throw duplicated()
  }

  /** Saves a contact whose number is checked; a number saved meanwhile answers `ERR_DUPLICATED_CONTACT`. */
  const insert = async (input: ContactCreateData): Promise<Contact> => {
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const id = await insertContact(trx, { name: input.name, number: input.number, email: input.email })
        await saveExtraInfo(trx, id, input.extraInfo)
        return id
      })
      .catch(rethrowDuplicate)
    const contact = await get(id)
    publisher.contact({ action: 'create', contact })
    return contact
  }

  /** `POST /contacts`: a number already saved is refused. */
  const create = async (data: ContactCreateData): Promise<Contact> => {
    const input = { ...data, number: data.number && (await checkNumber(data.number)) }
    await checkDuplicate(input.number)
    return insert(input)
  }

  /** The seed's `POST /contact`: finds the contact saved with the number, or creates it (see find-or-add). */
  const findOrAdd = createFindOrAdd({ db, publisher, get, insert, checkNumber })

  const update = async (id: number, data: ContactUpdateData): Promise<Contact> => {
    const current = await get(id)
    // A number left as it was is not checked again.
    const changed = data.number && data.number !== current.number
    const input = { ...data, number: changed && data.number ? await checkNumber(data.number) : data.number }
    await checkDuplicate(input.number, id)
    await db
      .transaction()
      .execute(async (trx) => {
        await updateContact(trx, id, { name: input.name, number: input.number, email: input.email })
        if (input.extraInfo !== undefined) await saveExtraInfo(trx, id, input.extraInfo)
      })
      .catch(rethrowDuplicate)
    const contact = await get(id)
    publisher.contact({ action: 'update', contact })
    return contact
  }

  const remove = async (actor: Actor, id: number): Promise<void> => {
    requireAdmin(actor)
    await get(id)
    const tickets = await ticketsOfContact(db, id)
    const sights = await Promise.all(tickets.map((t) => sightOf(db, t)))
    await db.transaction().execute((trx) =>
      deleteContactWithTickets(
        trx,
        id,
        tickets.map((t) => t.id),
      ),
    )
    for (const [i, t] of tickets.entries()) publisher.ticket({ action: 'delete', ticketId: t.id }, sights[i]!)
    publisher.contact({ action: 'delete', contactId: id })
  }

  return { get, findOrCreate, list, create, findOrAdd, update, remove }
}

export type ContactsService = ReturnType<typeof createContactsService>
