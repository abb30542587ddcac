import type { Tag } from '@desk/api-client'
import type { Transaction } from 'kysely'
import { type DB, dialectOf, type Executor, nowIso, type TagRow } from '../../db'
import { inIds, isLive } from '../../db/expressions'
import { runPrepared } from '../../db/prepared'
import { reusableQuery } from '../../db/reusable'

/** The tags repository: the catalogue (`tags`) and which contact carries which (`contact_tags`). */

export const toTag = (row: Pick<TagRow, 'id' | 'tag' | 'color'>): Tag => ({
  id: row.id,
  tag: row.tag,
  color: row.color,
})

/** The key a name is unique by. */
export const tagKeyOf = (name: string) => name.trim().toLowerCase()

export const listTagRows = (db: Executor) =>
  db.selectFrom('tags').select(['id', 'tag', 'color']).orderBy('tagKey').orderBy('id').execute()

export const findTagRow = (db: Executor, id: number) =>
  db.selectFrom('tags').select(['id', 'tag', 'color']).where('id', '=', id).executeTakeFirst()

/** Another tag already named so (any case), other than `exceptId`. */
export const tagNameTaken = async (db: Executor, name: string, exceptId?: number) =>
  (await db
    .selectFrom('tags')
    .select('id')
    .where('tagKey', '=', tagKeyOf(name))
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
    .executeTakeFirst()) !== undefined

export const insertTag = (db: Executor, { tag, color }: { tag: string; color: string }) => {
  const now = nowIso()
  return db
    .insertInto('tags')
    .values({ tag, tagKey: tagKeyOf(tag), color, createdAt: now, updatedAt: now })
    .returning(['id', 'tag', 'color'])
    .executeTakeFirstOrThrow()
}

/** Fields left undefined are not changed; answers the row, or undefined when it is gone. */
export const updateTag = (db: Executor, id: number, { tag, color }: { tag?: string; color?: string }) =>
  db
    .updateTable('tags')
    .set({ ...(tag === undefined ? {} : { tag, tagKey: tagKeyOf(tag) }), color, updatedAt: nowIso() })
    .where('id', '=', id)
    .returning(['id', 'tag', 'color'])
    .executeTakeFirst()

/** Deletes a tag; its `contact_tags` rows go with it (cascade). */
export const deleteTag = (db: Executor, id: number) => db.deleteFrom('tags').where('id', '=', id).executeTakeFirst()

/** The catalogue's tags with these names (any case), keyed by lower-case name. */
export const tagsNamed = async (db: Executor, names: readonly string[]): Promise<Map<string, TagRow>> => {
  if (!names.length) return new Map()
  const rows = await db.selectFrom('tags').selectAll().where('tagKey', 'in', names.map(tagKeyOf)).execute()
  return new Map(rows.map((r) => [r.tagKey, r]))
}

/**
 * Every listed contact's tags, in the order they were set, in one query (the ticket list and
 * the kanban cards call it once for a whole page). Contacts without tags map to `[]`.
 */
export const tagsOfContacts = async (db: Executor, contactIds: readonly number[]): Promise<Map<number, Tag[]>> => {
  const ids = [...new Set(contactIds)]
  const byContact = new Map<number, Tag[]>(ids.map((id) => [id, []]))
  if (!ids.length) return byContact
  // One text whatever the number of ids (an array or JSON parameter): prepared on PostgreSQL, as every
  // ticket list reads it.
  const rows = await runPrepared(
    db,
    db
      .selectFrom('contact_tags')
      .innerJoin('tags', 'tags.id', 'contact_tags.tagId')
      .select(['contact_tags.contactId', 'tags.id', 'tags.tag', 'tags.color'])
      .where(inIds(db, 'contact_tags.contactId', ids))
      .orderBy('contact_tags.contactId')
      .orderBy('contact_tags.position'),
    { genericPlan: false },
  )
  for (const r of rows) byContact.get(r.contactId)?.push(toTag(r))
  return byContact
}

// Read for every ticket an event carries (each arriving message's): compiled once.
const tagsOfOneContact = reusableQuery(['contactId'], (db, p) =>
  db
    .selectFrom('contact_tags')
    .innerJoin('tags', 'tags.id', 'contact_tags.tagId')
    .select(['tags.id', 'tags.tag', 'tags.color'])
    .where('contact_tags.contactId', '=', p.contactId)
    .orderBy('contact_tags.position'),
)

/** One contact's tags, in the order they were set. */
export const tagsOfContact = async (db: Executor, contactId: number): Promise<Tag[]> =>
  (await tagsOfOneContact(db, { contactId })).map(toTag)

/**
 * Holds the contact's row until the transaction ends, so two replacements of one contact's
 * tags run one after the other (PostgreSQL; SQLite already runs one writer at a time).
 * Answers whether the contact exists.
 */
export const lockContact = async (trx: Transaction<DB>, contactId: number): Promise<boolean> => {
  const query = trx.selectFrom('contacts').select('id').where('id', '=', contactId)
  const row = await (dialectOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
  return row !== undefined
}

/** Replaces a contact's tags with these, in this order. */
export const replaceContactTags = async (trx: Executor, contactId: number, tagIds: readonly number[]) => {
  await trx.deleteFrom('contact_tags').where('contactId', '=', contactId).execute()
  if (!tagIds.length) return
  await trx
    .insertInto('contact_tags')
    .values(tagIds.map((tagId, position) => ({ contactId, tagId, position })))
    .execute()
}

/** The contact with this number (digits), for the seed's calls. */
export const contactIdByNumber = async (db: Executor, number: string): Promise<number | undefined> =>
  (await db.selectFrom('contacts').select('id').where('number', '=', number).executeTakeFirst())?.id

/** The contact's live (open or pending) tickets, as the permission rule reads them. */
export const liveTicketsOfContact = (db: Executor, contactId: number) =>
  db
    .selectFrom('tickets')
    .select(['id', 'userId', 'status', 'queueId'])
    .where('contactId', '=', contactId)
    .where(isLive)
    .execute()
