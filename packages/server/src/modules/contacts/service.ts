import type { Contact } from '@desk/api-client'
import { type ContactRow, type Db, type Executor, isUniqueViolation, nowIso } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'

export const contactNotFound = () => new AppError('ERR_NO_CONTACT_FOUND', 404)

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
 * Contacts as the conversations need them: found or created by number when a message
 * arrives (name and picture kept up to date), and read by id.
 */
export const createContactsService = ({ db, publisher }: { db: Db; publisher: Publisher }) => {
  const get = async (id: number): Promise<Contact> => {
    const row = await db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw contactNotFound()
    const extraInfo = await db
      .selectFrom('contact_extra_info')
      .select(['id', 'name', 'value'])
      .where('contactId', '=', id)
      .orderBy('id')
      .execute()
    return toContact(row, extraInfo)
  }

  /**
   * The contact with this number, created when new; a name or picture the network now
   * gives replaces the stored one (a name never becomes empty). Announces changes.
   */
  const findOrCreate = async (seen: SeenContact, trx: Executor = db): Promise<ContactRow> => {
    const existing = await trx.selectFrom('contacts').selectAll().where('number', '=', seen.number).executeTakeFirst()
    if (existing) {
      const name = seen.name?.trim() || undefined
      const picture = seen.profilePicUrl === undefined ? undefined : seen.profilePicUrl
      const nameChanged = name !== undefined && name !== existing.name
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
      publisher.contact({ action: 'update', contact: toContact(updated) })
      return updated
    }
    const now = nowIso()
    try {
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
        .returningAll()
        .executeTakeFirstOrThrow()
      publisher.contact({ action: 'create', contact: toContact(created) })
      return created
    } catch (error) {
      // Created by a concurrent delivery a moment ago.
      if (!isUniqueViolation(error)) throw error
      return trx.selectFrom('contacts').selectAll().where('number', '=', seen.number).executeTakeFirstOrThrow()
    }
  }

  return { get, findOrCreate }
}

export type ContactsService = ReturnType<typeof createContactsService>
