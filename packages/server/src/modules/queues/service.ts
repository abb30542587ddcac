import type { Queue, QueueCreateData, QueueUpdateData } from '@desk/api-client'
import { type Db, isUniqueViolation, type QueueRow } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { connectionIdsInQueue, findConnection } from '../connections/repository'
import { type Actor, requireAdmin } from '../users/access'
import { findUser, userIdsInQueue } from '../users/repository'
import { deleteQueue, findQueueRow, insertQueue, listQueues, otherQueues, updateQueue } from './repository'
export const queueNotFound = () => new AppError('ERR_NOT_FOUND', 404, undefined, 'No queue with this id')
const colorTaken = () =>
  new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS', 400, [{ path: 'color', message: 'ERR_QUEUE_COLOR_ALREADY_EXISTS' }])
const nameTaken = () =>
  new AppError('ERR_VALIDATION', 400, [{ path: 'name', message: 'validation.taken' }], 'A queue with this name exists')

/** Colours are stored as `#` plus lower-case hex digits, so `#ABC`, `abc` and `#abc` are one colour. */
export const normaliseColor = (color: string) => `#${color.trim().replace(/^#/, '').toLowerCase()}`

export const toQueue = (row: QueueRow): Queue => ({
  id: row.id,
  name: row.name,
  color: row.color,
  greetingMessage: row.greetingMessage,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
})

/**
 * Queues: anyone signed in reads them; admins create, change and delete them. Names are
 * unique ignoring case; colours are unique (`ERR_QUEUE_COLOR_ALREADY_EXISTS`). The greeting
 * is optional here: a connection with more than one queue needs its own greeting, which
 * the connections feature checks when it is saved (`ERR_WAPP_GREETING_REQUIRED`). Deleting
 * a queue takes it off users and connections; its tickets keep going without a queue. Users
 * and connections that hold a renamed, recoloured or deleted queue are announced afresh;
 * tickets are not (there may be many): clients apply `queue` events to the tickets they show.
 */
export const createQueuesService = ({ db, publisher }: { db: Db; publisher: Publisher }) => {
  /** Users and connections that hold the queue, so their lists can be told when it changes. */
  const holders = async (queueId: number) => ({
    userIds: await userIdsInQueue(db, queueId),
    connectionIds: await connectionIdsInQueue(db, queueId),
  })

  /** Users and connections carry their queues' names and colours: announce them afresh. */
  const announceHolders = async ({ userIds, connectionIds }: Awaited<ReturnType<typeof holders>>) => {
    for (const id of userIds) {
      const user = await findUser(db, id)
      if (user) publisher.user({ action: 'update', user })
    }
    for (const id of connectionIds) {
      const whatsapp = await findConnection(db, id)
      if (whatsapp) publisher.whatsapp({ action: 'update', whatsapp })
    }
  }

  const list = async (): Promise<Queue[]> => (await listQueues(db)).map(toQueue)

  const row = async (id: number) => {
    const found = await findQueueRow(db, id)
    if (!found) throw queueNotFound()
    return found
  }

  const get = async (id: number): Promise<Queue> => toQueue(await row(id))

  /** Refuses a name or colour another queue holds; `exceptId` is the queue being edited. */
  const checkUnique = async (fields: { name?: string; color?: string }, exceptId?: number) => {
    const others = await otherQueues(db, exceptId)
    if (fields.color !== undefined && others.some((q) => normaliseColor(q.color) === fields.color)) throw colorTaken()
    const name = fields.name?.toLowerCase()
    if (name !== undefined && others.some((q) => q.name.toLowerCase() === name)) throw nameTaken()
  }

  /** A unique index caught a concurrent save: say which field. */
  const rethrowUnique = (fields: { color?: string }) => async (error: unknown) => {
    if (!isUniqueViolation(error)) throw error
    const { message } = error as Error
    throw fields.color !== undefined && /color/i.test(message ?? '') ? colorTaken() : nameTaken()
  }

  const create = async (actor: Actor, input: QueueCreateData): Promise<Queue> => {
    requireAdmin(actor)
    const color = normaliseColor(input.color)
    await checkUnique({ name: input.name, color })
    const created = await insertQueue(db, {
      name: input.name,
      color,
      greetingMessage: input.greetingMessage ?? null,
    }).catch(rethrowUnique({ color }))
    const queue = toQueue(created)
    publisher.queue({ action: 'create', queue })
    return queue
  }

  const update = async (actor: Actor, id: number, input: QueueUpdateData): Promise<Queue> => {
    requireAdmin(actor)
    await row(id)
    const color = input.color === undefined ? undefined : normaliseColor(input.color)
    await checkUnique({ name: input.name, color }, id)
    const updated = await updateQueue(db, id, {
      name: input.name,
      color,
      greetingMessage: input.greetingMessage,
    }).catch(rethrowUnique({ color }))
    if (!updated) throw queueNotFound()
    const queue = toQueue(updated)
    publisher.queue({ action: 'update', queue })
    if (input.name !== undefined || color !== undefined) await announceHolders(await holders(id))
    return queue
  }

  const remove = async (actor: Actor, id: number): Promise<void> => {
    requireAdmin(actor)
    await row(id)
    const held = await holders(id)
    await db.transaction().execute((trx) => deleteQueue(trx, id))
    publisher.queue({ action: 'delete', queueId: id })
    await announceHolders(held)
  }

  return { list, get, create, update, remove }
}

export type QueuesService = ReturnType<typeof createQueuesService>
