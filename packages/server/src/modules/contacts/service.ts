import {
  CONTACTS_PAGE_SIZE,
  type Contact,
  type ContactCreateData,
  type ContactEvent,
  type ContactListResponse,
  type ContactUpdateData,
  contactSearchDigits,
  isStartSearch,
  type PageQuery,
} from '@desk/api-client'
import { sql } from 'kysely'
import { type ContactRow, type Db, dialectOf, type Executor, isUniqueViolation, nowIso } from '../../db'
import { inIds } from '../../db/dialect'
import { reusableQuery } from '../../db/reusable'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { sightOf } from '../tickets/repository'
import { trigramPattern } from '../tickets/service'
import { type Actor, isAdmin } from '../users/repository'

const contactByNumber = reusableQuery(['number'], (db, p) =>
  db.selectFrom('contacts').selectAll().where('number', '=', p.number),
)

export const contactNotFound = () => new AppError('ERR_NO_CONTACT_FOUND', 404)
const duplicated = () =>
  new AppError('ERR_DUPLICATED_CONTACT', 400, [{ path: 'number', message: 'ERR_DUPLICATED_CONTACT' }])
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A contact search with more matches (SQLite: candidates) than this reads the contacts in name order instead. */
export const CONTACT_PROBE_ROWS = 2000

/**
 * A contacts search counts its matches up to this many: below it `count` is exact; at it, the
 * answer reads "this many or more" (never less than the contacts listed so far). Counting
 * every match of a search found in most contacts reads every contact; the page stops as soon
 * as it is full. The app does not show a search's count.
 */
export const CONTACT_SEARCH_COUNT_LIMIT = 1000

type ExtraInfoRow = NonNullable<Contact['extraInfo']>[number]

/**
 * Saves a contact's extra-info rows as the form sent them: a row with the `id` of one of this
 * contact's rows updates it in place, any other row is added, and rows left out are removed.
 * (An unknown or repeated `id`, e.g. of a row deleted meanwhile, adds the row rather than
 * touching another contact's.) Run it inside the contact's transaction.
 */
const saveExtraInfo = async (trx: Executor, contactId: number, rows: ExtraInfoRow[]) => {
  const current = await trx
    .selectFrom('contact_extra_info')
    .select(['id', 'name', 'value'])
    .where('contactId', '=', contactId)
    .execute()
  const byId = new Map(current.map((r) => [r.id, r]))
  const kept = new Map<number, ExtraInfoRow>()
  const added: ExtraInfoRow[] = []
  for (const row of rows) {
    if (row.id !== undefined && byId.has(row.id) && !kept.has(row.id)) kept.set(row.id, row)
    else added.push(row)
  }
  const gone = current.filter((r) => !kept.has(r.id)).map((r) => r.id)
  if (gone.length) await trx.deleteFrom('contact_extra_info').where('id', 'in', gone).execute()
  const now = nowIso()
  for (const [id, row] of kept) {
    const before = byId.get(id)
    if (before?.name === row.name && before.value === row.value) continue
    await trx
      .updateTable('contact_extra_info')
      .set({ name: row.name, value: row.value, updatedAt: now })
      .where('id', '=', id)
      .where('contactId', '=', contactId)
      .execute()
  }
  if (added.length === 0) return
  await trx
    .insertInto('contact_extra_info')
    .values(added.map((r) => ({ contactId, name: r.name, value: r.value, createdAt: now, updatedAt: now })))
    .execute()
}

/** The extra-info rows of these contacts in one query, by contact id (every id present, oldest row first). */
const extraInfoOf = async (db: Executor, contactIds: number[]) => {
  const byContact = new Map<number, ExtraInfoRow[]>(contactIds.map((id) => [id, []]))
  if (contactIds.length === 0) return byContact
  const rows = await db
    .selectFrom('contact_extra_info')
    .select(['id', 'contactId', 'name', 'value'])
    .where('contactId', 'in', contactIds)
    .orderBy('id')
    .execute()
  for (const { contactId, ...row } of rows) byContact.get(contactId)?.push(row)
  return byContact
}

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
 * Contacts: found or created by number when a message arrives (name and picture kept up to
 * date); listed, read, created and edited by anyone signed in (numbers are unique:
 * `ERR_DUPLICATED_CONTACT`); deleted by admins, with their tickets and messages.
 */
/** A contact nobody named: no name, or its number as its name (as one first seen without a profile name). */
export const isUnnamed = (contact: { name: string; number: string | null }) => {
  const name = contact.name.trim()
  return name === '' || (contact.number !== null && name.replace(/[\s()+.-]/g, '') === contact.number)
}

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
    const row = await db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst()
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
   * delivery is read, never a failed insert.
   */
  const findOrCreate = async (
    seen: SeenContact,
    trx: Executor = db,
    announce: (event: ContactEvent) => void = (event) => publisher.contact(event),
  ): Promise<ContactRow> => {
    const [existing] = await contactByNumber(trx, { number: seen.number })
    if (existing) {
      const name = seen.name?.trim() || undefined
      const picture = seen.profilePicUrl === undefined ? undefined : seen.profilePicUrl
      const nameChanged = name !== undefined && name !== existing.name && isUnnamed(existing)
      const pictureChanged = picture !== undefined && picture !== existing.profilePicUrl
      if (!nameChanged && !pictureChanged) return existing
      const updated = await trx
        .updateTable('contacts')
        .set({
          name: nameChanged ? name : undefined,
          profilePicUrl: pictureChanged ? picture : undefined,
          updatedAt: nowIso(),
        })
        .where('id', '=', existing.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      announce({ action: 'update', contact: toContact(updated) })
      return updated
    }
    const now = nowIso()
    const created = await trx
      .insertInto('contacts')
      .values({
        name: seen.name?.trim() || seen.number,
        number: seen.number,
        email: null,
        profilePicUrl: seen.profilePicUrl ?? null,
        isGroup: seen.isGroup ? 1 : 0,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.column('number').doNothing())
      .returningAll()
      .executeTakeFirst()
    // No row: a concurrent delivery created the contact a moment ago.
    if (!created)
      return trx.selectFrom('contacts').selectAll().where('number', '=', seen.number).executeTakeFirstOrThrow()
    announce({ action: 'create', contact: toContact(created) })
    return created
  }

  /**
   * SQLite: the contacts a search may find, read from the trigram index of names and numbers
   * (migration 0005) and the contacts that have an e-mail (a partial index, 0007), so a search
   * no longer reads every contact; the exact LIKEs above still decide. Null when a part of the
   * search is too short for the index (then every contact is read, as before).
   */
  const sqliteCandidates = (search: string, digits: string | null) => {
    if (dialectOf(db) !== 'sqlite') return null
    const loose = trigramPattern(search)
    const looseDigits = digits ? trigramPattern(digits) : null
    if (!loose || (digits && !looseDigits)) return null
    const fts = (column: 'name' | 'number', value: string) =>
      db
        .selectFrom(sql<{ rowid: number; name: string; number: string }>`contacts_search`.as('fts'))
        .select('fts.rowid as id')
        .where(sql<boolean>`${sql.ref(`fts.${column}`)} like ${value}`)
    // `union all`, so reading stops at the probe's limit (an id found twice is harmless).
    return fts('name', loose)
      .unionAll(fts('number', loose))
      .$if(looseDigits !== null, (q) => q.unionAll(fts('number', looseDigits!)))
      .unionAll(db.selectFrom('contacts').select('contacts.id').where('contacts.email', 'is not', null))
  }

  const list = async (query: PageQuery): Promise<ContactListResponse> => {
    const search = query.searchParam.trim().toLowerCase()
    let base = db.selectFrom('contacts')
    if (search && isStartSearch(search)) {
      // One or two characters match the start of a name, number or e-mail (see isStartSearch),
      // through migration 0009's indexes; SQLite uses them only for bare columns (its LIKE
      // ignores ASCII case, and its lower() folds only ASCII: the same test).
      const pattern = `${escapeLike(search)}%`
      const sqlite = dialectOf(db) === 'sqlite'
      const starts = (indexed: boolean) =>
        base.where(({ or }) =>
          or(
            (['contacts.name', 'contacts.number', 'contacts.email'] as const).map((column) => {
              const value = sqlite || column === 'contacts.number' ? sql.ref(column) : sql`lower(${sql.ref(column)})`
              // `+column` keeps SQLite off the index, to walk the names in order instead.
              return sql<boolean>`${indexed ? value : sql`+${value}`} like ${pattern} escape '\\'`
            }),
          ),
        )
      if (!sqlite) base = starts(true)
      else {
        // Few matches are listed from the indexes; many, by walking the names in order.
        const few = await starts(true)
          .select('contacts.id')
          .limit(searchProbeRows + 1)
          .execute()
        base = few.length <= searchProbeRows ? starts(true) : starts(false)
      }
    } else if (search) {
      const pattern = `%${escapeLike(search)}%`
      // A number typed with its formatting ("+55 13 9123") is matched by its digits.
      const digits = contactSearchDigits(search)
      // SQLite's lower() folds ASCII only, which its LIKE already ignores the case of: the same
      // test without a lowered copy of every value (about a third less work on a full read).
      const folded = (column: 'contacts.name' | 'contacts.email') =>
        dialectOf(db) === 'sqlite' ? sql.ref(column) : sql`lower(${sql.ref(column)})`
      base = base.where(({ or }) =>
        or([
          sql<boolean>`${folded('contacts.name')} like ${pattern} escape '\\'`,
          sql<boolean>`${sql.ref('contacts.number')} like ${pattern} escape '\\'`,
          sql<boolean>`${folded('contacts.email')} like ${pattern} escape '\\'`,
          ...(digits ? [sql<boolean>`${sql.ref('contacts.number')} like ${`%${digits}%`}`] : []),
        ]),
      )
      // Few candidates are listed by id; past searchProbeRows reading every contact costs less.
      const candidates = await sqliteCandidates(search, digits)
        ?.limit(searchProbeRows + 1)
        .execute()
      if (candidates && candidates.length <= searchProbeRows) {
        const ids = [...new Set(candidates.map((r) => r.id))]
        base = base.where(inIds(db, 'contacts.id', ids))
      }
    }
    /** How many contacts match, when they were all read already (few, listed by id). */
    let matched: number | undefined
    if (search && dialectOf(db) === 'postgres') {
      // Few matches (read through the trigram or start indexes) are listed by id: walking the
      // names in order until the page is full would assume matches spread along the alphabet,
      // and "customer 77" sits in one stretch of it.
      const few = await base
        .select('contacts.id')
        .limit(searchProbeRows + 1)
        .execute()
      if (few.length <= searchProbeRows) {
        const ids = few.map((r) => r.id)
        matched = ids.length
        // `offset 0` fences the ids off: planned on their own, they are read by id (`= any`: in
        // one scan of the primary key) and sorted, where the planner would otherwise walk the
        // name index for them.
        base = db.selectFrom(
          db
            .selectFrom('contacts')
            .selectAll()
            .where(sql<boolean>`${sql.ref('contacts.id')} = any(${ids}::int[])`)
            .offset(0)
            .as('contacts'),
        ) as unknown as typeof base
      }
    }
    const offset = (query.pageNumber - 1) * CONTACTS_PAGE_SIZE
    // A search stops counting past searchCountLimit (CONTACT_SEARCH_COUNT_LIMIT); the list counts every contact.
    const counted = async () =>
      matched !== undefined
        ? { n: matched }
        : search
          ? db
              .selectFrom(
                base
                  .select('contacts.id')
                  .limit(searchCountLimit + 1)
                  .as('found'),
              )
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          : base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
    // Count and page together: PostgreSQL runs them on separate connections at once. One row
    // past the page says whether another follows.
    const [{ n }, read] = await Promise.all([
      counted(),
      base
        .selectAll()
        .orderBy('name')
        .orderBy('id')
        .limit(CONTACTS_PAGE_SIZE + 1)
        .offset(offset)
        .execute(),
    ])
    const hasMore = read.length > CONTACTS_PAGE_SIZE
    const rows = read.slice(0, CONTACTS_PAGE_SIZE)
    // Never fewer than the contacts listed so far (and one more when another page follows).
    const count = search
      ? Math.max(Math.min(Number(n), searchCountLimit), offset + rows.length + (hasMore ? 1 : 0))
      : Number(n)
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
    if (!number) return
    let q = db.selectFrom('contacts').select('id').where('number', '=', number)
    if (exceptId !== undefined) q = q.where('id', '!=', exceptId)
    if (await q.executeTakeFirst()) throw duplicated()
  }

  const create = async (data: ContactCreateData): Promise<Contact> => {
    const input = { ...data, number: data.number && (await checkNumber(data.number)) }
    await checkDuplicate(input.number)
    const id = await db
      .transaction()
      .execute(async (trx) => {
        const now = nowIso()
        const { id } = await trx
          .insertInto('contacts')
          .values({
            name: input.name,
            number: input.number,
            email: input.email,
            profilePicUrl: null,
            isGroup: 0,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await saveExtraInfo(trx, id, input.extraInfo)
        return id
      })
      .catch((error) => {
        throw isUniqueViolation(error) ? duplicated() : error
      })
    const contact = await get(id)
    publisher.contact({ action: 'create', contact })
    return contact
  }

  const update = async (id: number, data: ContactUpdateData): Promise<Contact> => {
    const current = await get(id)
    // A number left as it was is not checked again.
    const changed = data.number && data.number !== current.number
    const input = { ...data, number: changed && data.number ? await checkNumber(data.number) : data.number }
    await checkDuplicate(input.number, id)
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('contacts')
          .set({ name: input.name, number: input.number, email: input.email, updatedAt: nowIso() })
          .where('id', '=', id)
          .execute()
        if (input.extraInfo !== undefined) await saveExtraInfo(trx, id, input.extraInfo)
      })
      .catch((error) => {
        throw isUniqueViolation(error) ? duplicated() : error
      })
    const contact = await get(id)
    publisher.contact({ action: 'update', contact })
    return contact
  }

  const remove = async (actor: Actor, id: number): Promise<void> => {
    if (!isAdmin(actor)) throw new AppError('ERR_NO_PERMISSION', 403)
    await get(id)
    const tickets = await db
      .selectFrom('tickets')
      .select(['id', 'userId', 'status', 'queueId'])
      .where('contactId', '=', id)
      .execute()
    const sights = await Promise.all(tickets.map((t) => sightOf(db, t)))
    await db.transaction().execute(async (trx) => {
      if (tickets.length) {
        const ids = tickets.map((t) => t.id)
        await trx.deleteFrom('messages').where('ticketId', 'in', ids).execute()
        await trx.deleteFrom('tickets').where('id', 'in', ids).execute()
      }
      await trx.deleteFrom('contacts').where('id', '=', id).execute()
    })
    for (const [i, t] of tickets.entries()) publisher.ticket({ action: 'delete', ticketId: t.id }, sights[i]!)
    publisher.contact({ action: 'delete', contactId: id })
  }

  return { get, findOrCreate, list, create, update, remove }
}

export type ContactsService = ReturnType<typeof createContactsService>
