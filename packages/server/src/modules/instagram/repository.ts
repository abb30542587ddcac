import { normalUsername } from '@desk/api-client'
import { type ContactRow, type Executor, nowIso } from '../../db'
import { findContactRow, insertContact, updateSeenContact } from '../contacts/repository'

/** A customer as an Instagram delivery names them. */
export interface SeenInstagramUser {
  igsid: string
  username?: string | null
  name?: string
  pictureUrl?: string | null
}

const accountOf = (db: Executor, connectionId: number, igsid: string) =>
  db
    .selectFrom('instagram_accounts')
    .selectAll()
    .where('whatsappId', '=', connectionId)
    .where('igsid', '=', igsid)
    .executeTakeFirst()

/**
 * The desk's contact for an Instagram customer on a connection, made the first time they write (no number;
 * named by their name, else `@username`, else "Instagram" and the end of their id). A user name or picture
 * that changed is kept; a name an agent wrote stays. Answers the contact and whether it is new or changed.
 */
export const findOrCreateInstagramContact = async (
  trx: Executor,
  connectionId: number,
  seen: SeenInstagramUser,
): Promise<{ contact: ContactRow; action: 'create' | 'update' | null }> => {
  const username = seen.username ? normalUsername(seen.username) : null
  const madeUp = username ? `@${username}` : `Instagram ${seen.igsid.slice(-4)}`
  const known = await accountOf(trx, connectionId, seen.igsid)
  if (known) {
    if (username && username !== known.username) {
      await trx
        .updateTable('instagram_accounts')
        .set({ username, updatedAt: nowIso() })
        .where('id', '=', known.id)
        .execute()
    }
    const contact = await findContactRow(trx, known.contactId)
    if (!contact) throw new Error(`contact ${known.contactId} of an Instagram account is gone`)
    const unnamed = contact.name.startsWith('Instagram ') || (known.username && contact.name === `@${known.username}`)
    const name = seen.name?.trim() || madeUp
    const changes = {
      name: unnamed && name !== contact.name ? name : undefined,
      profilePicUrl:
        seen.pictureUrl !== undefined && seen.pictureUrl !== contact.profilePicUrl ? seen.pictureUrl : undefined,
    }
    if (changes.name === undefined && changes.profilePicUrl === undefined) return { contact, action: null }
    const updated = await updateSeenContact(trx, contact.id, changes)
    return { contact: updated ?? contact, action: 'update' }
  }
  const contactId = await insertContact(trx, { name: seen.name?.trim() || madeUp, number: null, email: null })
  if (seen.pictureUrl) await updateSeenContact(trx, contactId, { profilePicUrl: seen.pictureUrl })
  const now = nowIso()
  await trx
    .insertInto('instagram_accounts')
    .values({ whatsappId: connectionId, igsid: seen.igsid, username, contactId, createdAt: now, updatedAt: now })
    .execute()
  const contact = await findContactRow(trx, contactId)
  if (!contact) throw new Error('the new Instagram contact is gone')
  return { contact, action: 'create' }
}

/** The Instagram-scoped id of a contact on a connection, if they wrote there. */
export const igsidOfContact = async (db: Executor, connectionId: number, contactId: number) =>
  (
    await db
      .selectFrom('instagram_accounts')
      .select('igsid')
      .where('whatsappId', '=', connectionId)
      .where('contactId', '=', contactId)
      .executeTakeFirst()
  )?.igsid ?? null

/** The accounts seen on a connection with these user names (normalised), with their contact's name. */
export const accountsByUsername = async (db: Executor, connectionId: number, usernames: string[]) => {
  if (usernames.length === 0) return []
  const rows: Array<{ igsid: string; username: string | null; contactId: number; name: string }> = []
  for (let start = 0; start < usernames.length; start += 500) {
    rows.push(
      ...(await db
        .selectFrom('instagram_accounts')
        .innerJoin('contacts', 'contacts.id', 'instagram_accounts.contactId')
        .select([
          'instagram_accounts.igsid',
          'instagram_accounts.username',
          'instagram_accounts.contactId',
          'contacts.name',
        ])
        .where('instagram_accounts.whatsappId', '=', connectionId)
        .where('instagram_accounts.username', 'in', usernames.slice(start, start + 500))
        .execute()),
    )
  }
  return rows
}

/** The contact of an Instagram-scoped id on a connection, if they wrote there. */
export const contactOfIgsid = async (db: Executor, connectionId: number, igsid: string) =>
  (
    await db
      .selectFrom('instagram_accounts')
      .select('contactId')
      .where('whatsappId', '=', connectionId)
      .where('igsid', '=', igsid)
      .executeTakeFirst()
  )?.contactId ?? null
