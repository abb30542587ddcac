import { formatTagNames, type Tag, type TagCreateData, type TagUpdateData } from '@desk/api-client'
import { type Db, type Executor, isUniqueViolation } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { findContactRow } from '../contacts/repository'
import { normaliseColor } from '../queues/service'
import { canSeeTicket, noPermission } from '../tickets/access'
import { queueIdsOf } from '../tickets/repository'
import { type Actor, isAdmin, requireAdmin } from '../users/access'
import {
  contactIdByNumber,
  deleteTag,
  findTagRow,
  insertTag,
  listTagRows,
  liveTicketsOfContact,
  lockContact,
  replaceContactTags,
  tagNameTaken,
  tagsNamed,
  tagsOfContact,
  toTag,
  updateTag,
} from './repository'

const tagNotFound = () => new AppError('ERR_TAG_NOT_FOUND', 404, undefined, 'No tag with this id')
const contactNotFound = () => new AppError('ERR_NO_CONTACT_FOUND', 404)
const nameTaken = () =>
  new AppError(
    'ERR_TAG_ALREADY_EXISTS',
    400,
    [{ path: 'tag', message: 'validation.taken' }],
    'A tag with this name exists',
  )
/** Names a contact was given that the catalogue does not hold: 400, the field `tags`, the names in the message. */
const unknownTags = (names: string[], field: string) =>
  new AppError(
    'ERR_TAG_NOT_FOUND',
    400,
    [{ path: field, message: 'validation.invalid' }],
    `Unknown tags: ${names.join(', ')}`,
  )

/**
 * Tags. The catalogue: anyone signed in reads it, admins create, rename, recolour and delete
 * (names are unique ignoring case, `ERR_TAG_ALREADY_EXISTS`); deleting a tag takes it off every
 * contact. A contact's tags: anyone signed in reads them (contacts are shared by the desk); an
 * admin, or an agent who may see one of the contact's open or pending tickets, replaces them,
 * in one transaction that holds the contact (two replacements at once leave one of the two sets,
 * never a mix). Names must all be in the catalogue (`ERR_TAG_NOT_FOUND` naming the field).
 * Every change is announced: `tag` for the catalogue (clients apply it to the tags they show),
 * `contactTags` with the contact's new tags.
 */
export const createTagsService = ({ db, publisher }: { db: Db; publisher: Publisher }) => {
  const list = async (): Promise<Tag[]> => (await listTagRows(db)).map(toTag)

  const rethrowUnique = (error: unknown): never => {
    throw isUniqueViolation(error) ? nameTaken() : error
  }

  const create = async (actor: Actor, input: TagCreateData): Promise<Tag> => {
    requireAdmin(actor)
    if (await tagNameTaken(db, input.tag)) throw nameTaken()
    const tag = toTag(await insertTag(db, { tag: input.tag, color: normaliseColor(input.color) }).catch(rethrowUnique))
    publisher.tag({ action: 'create', tag })
    return tag
  }

  const update = async (actor: Actor, id: number, input: TagUpdateData): Promise<Tag> => {
    requireAdmin(actor)
    if (!(await findTagRow(db, id))) throw tagNotFound()
    if (input.tag !== undefined && (await tagNameTaken(db, input.tag, id))) throw nameTaken()
    const color = input.color === undefined ? undefined : normaliseColor(input.color)
    const row = await updateTag(db, id, { tag: input.tag, color }).catch(rethrowUnique)
    if (!row) throw tagNotFound()
    const tag = toTag(row)
    publisher.tag({ action: 'update', tag })
    return tag
  }

  const remove = async (actor: Actor, id: number): Promise<void> => {
    requireAdmin(actor)
    const { numDeletedRows } = await deleteTag(db, id)
    if (Number(numDeletedRows) === 0) throw tagNotFound()
    publisher.tag({ action: 'delete', tagId: id })
  }

  /** Admins, or an agent who may see one of the contact's open or pending tickets. */
  const requireTagger = async (trx: Executor, actor: Actor, contactId: number) => {
    if (isAdmin(actor)) return
    const live = await liveTicketsOfContact(trx, contactId)
    const myQueues = await queueIdsOf(trx, actor.id)
    if (!live.some((t) => canSeeTicket(actor, myQueues, t))) throw noPermission()
  }

  const ofContact = async (contactId: number): Promise<Tag[]> => {
    if (!(await findContactRow(db, contactId))) throw contactNotFound()
    return tagsOfContact(db, contactId)
  }

  /** Replaces the contact's tags with these names (in this order), in one transaction. */
  const setOfContact = async (actor: Actor, contactId: number, names: string[], field = 'tags'): Promise<Tag[]> => {
    const tags = await db.transaction().execute(async (trx) => {
      if (!(await lockContact(trx, contactId))) throw contactNotFound()
      await requireTagger(trx, actor, contactId)
      const known = await tagsNamed(trx, names)
      const missing = names.filter((n) => !known.has(n.toLowerCase()))
      if (missing.length) throw unknownTags(missing, field)
      const ids = [...new Set(names.map((n) => known.get(n.toLowerCase())!.id))]
      await replaceContactTags(trx, contactId, ids)
      return tagsOfContact(trx, contactId)
    })
    publisher.contactTags({ action: 'update', contactId, tags })
    return tags
  }

  const contactOfNumber = async (number: string) => {
    const id = await contactIdByNumber(db, number)
    if (id === undefined) throw contactNotFound()
    return id
  }

  /** The seed's `getZDGUserTags/:number`: the names joined by commas. */
  const namesOfNumber = async (number: string): Promise<string> =>
    formatTagNames((await ofContact(await contactOfNumber(number))).map((t) => t.tag))

  const setOfNumber = async (actor: Actor, number: string, names: string[]) =>
    setOfContact(actor, await contactOfNumber(number), names)

  return { list, create, update, remove, ofContact, setOfContact, namesOfNumber, setOfNumber }
}

export type TagsService = ReturnType<typeof createTagsService>
