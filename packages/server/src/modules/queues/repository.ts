import { type Executor, nowIso, type QueueRow } from '../../db'

export const listQueues = (db: Executor) => db.selectFrom('queues').selectAll().orderBy('name').orderBy('id').execute()

export const findQueueRow = (db: Executor, id: number): Promise<QueueRow | undefined> =>
  db.selectFrom('queues').selectAll().where('id', '=', id).executeTakeFirst()

/** Whether every one of these queue ids exists (repeated ids count once). */
export const allQueuesExist = async (db: Executor, queueIds: number[]): Promise<boolean> => {
  const unique = [...new Set(queueIds)]
  const found = await db.selectFrom('queues').select('id').where('id', 'in', unique).execute()
  return found.length === unique.length
}

/** The name and colour of every queue but `exceptId`, for the uniqueness rules. */
export const otherQueues = (db: Executor, exceptId?: number) =>
  db
    .selectFrom('queues')
    .select(['id', 'name', 'color'])
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
    .execute()

export const insertQueue = (db: Executor, queue: { name: string; color: string; greetingMessage: string | null }) => {
  const now = nowIso()
  return db
    .insertInto('queues')
    .values({ ...queue, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Fields left undefined are not changed; answers the row, or undefined when it is gone. */
export const updateQueue = (
  db: Executor,
  id: number,
  changes: { name?: string; color?: string; greetingMessage?: string | null },
) =>
  db
    .updateTable('queues')
    .set({ ...changes, updatedAt: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()

/** Deletes a queue: it leaves users and connections, and its tickets go on without a queue. */
export const deleteQueue = async (db: Executor, id: number) => {
  await db.deleteFrom('user_queues').where('queueId', '=', id).execute()
  await db.deleteFrom('whatsapp_queues').where('queueId', '=', id).execute()
  await db.updateTable('tickets').set({ queueId: null }).where('queueId', '=', id).execute()
  await db.deleteFrom('queues').where('id', '=', id).execute()
}
