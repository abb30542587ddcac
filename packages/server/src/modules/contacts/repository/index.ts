import type { Contact } from '@desk/api-client'
import { sql } from 'kysely'
import { type ContactRow, type Executor, nowIso } from '../../../db'
import { reusableQuery } from '../../../db/reusable'
import { CONTACT_COLUMNS } from '../../../db/schema'

export { searchContacts } from './search'

export type ExtraInfoRow = NonNullable<Contact['extraInfo']>[number]

const contactByNumber = reusableQuery(['number'], (db, p) =>
  db.selectFrom('contacts').select(CONTACT_COLUMNS).where('number', '=', p.number),
)

export const findContactRow = (db: Executor, id: number): Promise<ContactRow | undefined> =>
  db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst()

/** The contact with this number (the prepared statement of the hot inbound path). */
export const findContactByNumber = async (db: Executor, number: string): Promise<ContactRow | undefined> =>
  (await contactByNumber(db, { number }))[0]

/** Whether another contact (not `exceptId`) has this number. */
export const numberTaken = async (db: Executor, number: string, exceptId?: number): Promise<boolean> =>
  Boolean(
    await db
      .selectFrom('contacts')
      .select('id')
      .where('number', '=', number)
      .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
      .executeTakeFirst(),
  )

/** A contact typed in by a user; answers its id. */
export const insertContact = async (
  db: Executor,
  contact: { name: string; number: string | null; email: string | null },
): Promise<number> => {
  const now = nowIso()
  const { id } = await db
    .insertInto('contacts')
    .values({ ...contact, profilePicUrl: null, isGroup: 0, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** A contact first seen on the network; undefined when a concurrent delivery created the number meanwhile. */
export const insertSeenContact = (
  db: Executor,
  contact: { name: string; number: string; profilePicUrl: string | null; isGroup: boolean },
) => {
  const now = nowIso()
  return db
    .insertInto('contacts')
    .values({
      name: contact.name,
      number: contact.number,
      profilePicUrl: contact.profilePicUrl,
      isGroup: contact.isGroup ? 1 : 0,
      email: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column('number').doNothing())
    .returningAll()
    .executeTakeFirst()
}

/** A user's edit; fields left undefined are not changed, `updatedAt` always is. */
export const updateContact = async (
  db: Executor,
  id: number,
  changes: { name?: string; number?: string | null; email?: string | null },
): Promise<void> => {
  await db
    .updateTable('contacts')
    .set({ ...changes, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute()
}

/**
 * Fills what a contact lacks: `name` only while its name is still the one read (`row.name`, one
 * nobody wrote), `email` only while it has none. Answers whether anything changed.
 */
export const fillContactBlanks = async (
  db: Executor,
  row: Pick<ContactRow, 'id' | 'name'>,
  blanks: { name?: string; email?: string },
): Promise<boolean> => {
  let changed = false
  if (blanks.name !== undefined) {
    const named = await db
      .updateTable('contacts')
      .set({ name: blanks.name, updatedAt: nowIso() })
      .where('id', '=', row.id)
      .where('name', '=', row.name)
      .executeTakeFirst()
    changed = Number(named.numUpdatedRows) > 0
  }
  if (blanks.email !== undefined) {
    const mailed = await db
      .updateTable('contacts')
      .set({ email: blanks.email, updatedAt: nowIso() })
      .where('id', '=', row.id)
      .where('email', 'is', null)
      .executeTakeFirst()
    changed = Number(mailed.numUpdatedRows) > 0 || changed
  }
  return changed
}

/** What the network says of a known contact (a name, a picture; undefined is left as is). Answers the row. */
export const updateSeenContact = (
  db: Executor,
  id: number,
  changes: { name?: string; profilePicUrl?: string | null },
) =>
  db
    .updateTable('contacts')
    .set({ ...changes, updatedAt: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()

/** The extra-info rows of these contacts in one query, by contact id (every id present, oldest row first). */
export const extraInfoOf = async (db: Executor, contactIds: number[]) => {
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

/**
 * Saves a contact's extra-info rows as the form sent them: a row with the `id` of one of this
 * contact's rows updates it in place, any other row is added, and rows left out are removed.
 * (An unknown or repeated `id`, e.g. of a row deleted meanwhile, adds the row rather than
 * touching another contact's.) Run it inside the contact's transaction.
 */
export const saveExtraInfo = async (trx: Executor, contactId: number, rows: ExtraInfoRow[]) => {
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

/** The tickets of a contact, with what is needed to tell who saw them. */
export const ticketsOfContact = (db: Executor, contactId: number) =>
  db.selectFrom('tickets').select(['id', 'userId', 'status', 'queueId']).where('contactId', '=', contactId).execute()

/** Deletes a contact with these tickets of theirs and the tickets' messages. */
export const deleteContactWithTickets = async (trx: Executor, contactId: number, ticketIds: number[]) => {
  if (ticketIds.length) {
    await trx.deleteFrom('messages').where('ticketId', 'in', ticketIds).execute()
    await trx.deleteFrom('tickets').where('id', 'in', ticketIds).execute()
  }
  await trx.deleteFrom('contacts').where('id', '=', contactId).execute()
}

/** Rows an INSERT carries at once (well below either dialect's parameter limit). */
const BATCH = 200

/** Which of these numbers some contact already has (read in batches). */
export const existingNumbers = async (db: Executor, numbers: string[]): Promise<Set<string>> => {
  const present = new Set<string>()
  for (let i = 0; i < numbers.length; i += BATCH) {
    const rows = await db
      .selectFrom('contacts')
      .select('number')
      .where('number', 'in', numbers.slice(i, i + BATCH))
      .execute()
    for (const r of rows) if (r.number) present.add(r.number)
  }
  return present
}

/** New contacts from a phone book (name and number), in batches; answers the rows created. */
export const insertPhoneBookContacts = async (trx: Executor, contacts: Array<{ name: string; number: string }>) => {
  const now = nowIso()
  const all: ContactRow[] = []
  for (let i = 0; i < contacts.length; i += BATCH) {
    const values = contacts.slice(i, i + BATCH).map(({ name, number }) => ({
      name,
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
}

/** Every contact (groups left out) as an export row, by name. */
export const exportContactRows = (db: Executor) =>
  db
    .selectFrom('contacts')
    .select(['name', 'number', 'email'])
    .where('isGroup', '=', 0)
    .orderBy('name')
    .orderBy('id')
    .execute()

/** The last contact, ticket and message there are now: deleting every contact deletes up to them. */
export const deletionBounds = async (trx: Executor) => {
  const { rows } = await sql<{ contacts: number | null; tickets: number | null; messages: number | null }>`
    select (select max(id) from contacts) as contacts, (select max(id) from tickets) as tickets,
      (select max(id) from messages) as messages`.execute(trx)
  const row = rows[0]
  return { contacts: row?.contacts ?? 0, tickets: row?.tickets ?? 0, messages: row?.messages ?? 0 }
}

/**
 * Deletes the next `limit` messages after `after`, up to `last`: how many went and the last id read; null when
 * none is left.
 */
export const deleteMessagesBatch = async (trx: Executor, after: number, last: number, limit: number) => {
  const { rows } = await sql<{ end: number | null }>`select max(id) as "end" from (select id from messages
    where id > ${after} and id <= ${last} order by id limit ${limit}) as batch`.execute(trx)
  const end = rows[0]?.end ?? null
  if (end === null) return null
  const gone = await trx.deleteFrom('messages').where('id', '>', after).where('id', '<=', end).executeTakeFirst()
  return { end, messages: Number(gone.numDeletedRows) }
}

/**
 * Deletes tickets and their messages (those that came after the batches of messages); cards go with them.
 * Answers what this transaction deleted: another process deleting at the same time may have taken some first.
 */
const deleteTickets = async (trx: Executor, ids: number[]) => {
  if (ids.length === 0) return { tickets: [], messages: 0 }
  const messages = await trx.deleteFrom('messages').where('ticketId', 'in', ids).executeTakeFirst()
  const tickets = await trx.deleteFrom('tickets').where('id', 'in', ids).returning(['id', 'status']).execute()
  return { tickets, messages: Number(messages.numDeletedRows) }
}

/** The ids of the next `limit` rows of `table` after `after`, up to `last`. */
const nextIds = async (trx: Executor, table: 'tickets' | 'contacts', after: number, last: number, limit: number) =>
  (
    await trx
      .selectFrom(table)
      .select('id')
      .where('id', '>', after)
      .where('id', '<=', last)
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map((row) => row.id)

/**
 * Deletes the next `limit` tickets after `after`, up to `last`: the last id read, which tickets went (id and
 * status) and their messages; null when none is left.
 */
export const deleteTicketsBatch = async (trx: Executor, after: number, last: number, limit: number) => {
  const ids = await nextIds(trx, 'tickets', after, last, limit)
  if (ids.length === 0) return null
  return { end: ids.at(-1)!, ...(await deleteTickets(trx, ids)) }
}

/**
 * Deletes the next `limit` contacts after `after`, up to `last`, with their extra info and every ticket they
 * have now (one opened since the tickets' batches went, and its messages): the last id read, which contacts and
 * tickets went and how many messages; null when none is left.
 */
export const deleteContactsBatch = async (trx: Executor, after: number, last: number, limit: number) => {
  const ids = await nextIds(trx, 'contacts', after, last, limit)
  if (ids.length === 0) return null
  const theirs = await trx.selectFrom('tickets').select('id').where('contactId', 'in', ids).execute()
  const { tickets, messages } = await deleteTickets(
    trx,
    theirs.map((t) => t.id),
  )
  await trx.deleteFrom('contact_extra_info').where('contactId', 'in', ids).execute()
  const contacts = await trx.deleteFrom('contacts').where('id', 'in', ids).returning('id').execute()
  return { end: ids.at(-1)!, contactIds: contacts.map((c) => c.id), tickets, messages }
}

/** The contact with this number; throws when there is none (read after a concurrent insert won). */
export const contactWithNumber = (db: Executor, number: string): Promise<ContactRow> =>
  db.selectFrom('contacts').selectAll().where('number', '=', number).executeTakeFirstOrThrow()
