import { sql } from 'kysely'
import { type Executor, nowIso, type QuickAnswerRow } from '../../db'
import { containsPattern, likeEscaped, lowerLike, prefixPattern } from '../../db/expressions'

/**
 * One page of quick answers with the count. `search` (lower-case) matches the shortcut or the
 * message; shortcuts that start with it come first, then by shortcut.
 */
export const listQuickAnswers = async (
  db: Executor,
  { search, offset, limit }: { search: string; offset: number; limit: number },
) => {
  const pattern = containsPattern(search)
  const base = db
    .selectFrom('quick_answers')
    .$if(search !== '', (q) => q.where(({ or }) => or([lowerLike('shortcut', pattern), lowerLike('message', pattern)])))
  const startsFirst = sql`case when ${likeEscaped(sql`lower(${sql.ref('shortcut')})`, prefixPattern(search))} then 0 else 1 end`
  // Count and page together: PostgreSQL runs them on separate connections at once.
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .$if(search !== '', (q) => q.orderBy(startsFirst))
      .orderBy('shortcut')
      .orderBy('id')
      .limit(limit)
      .offset(offset)
      .execute(),
  ])
  return { count: Number(n), rows }
}

export const findQuickAnswerRow = (db: Executor, id: number): Promise<QuickAnswerRow | undefined> =>
  db.selectFrom('quick_answers').selectAll().where('id', '=', id).executeTakeFirst()

/** Whether another quick answer (not `exceptId`) has this shortcut, ignoring case. */
export const shortcutInUse = async (db: Executor, shortcut: string, exceptId?: number): Promise<boolean> =>
  Boolean(
    await db
      .selectFrom('quick_answers')
      .select('id')
      .where(sql<boolean>`lower(${sql.ref('shortcut')}) = ${shortcut.toLowerCase()}`)
      .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
      .executeTakeFirst(),
  )

export const insertQuickAnswer = (db: Executor, values: { shortcut: string; message: string }) => {
  const now = nowIso()
  return db
    .insertInto('quick_answers')
    .values({ ...values, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/** Fields left undefined are not changed; answers the row, or undefined when it is gone. */
export const updateQuickAnswer = (db: Executor, id: number, changes: { shortcut?: string; message?: string }) =>
  db
    .updateTable('quick_answers')
    .set({ ...changes, updatedAt: nowIso() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()

/** Answers whether a row was deleted. */
export const deleteQuickAnswer = async (db: Executor, id: number): Promise<boolean> => {
  const { numDeletedRows } = await db.deleteFrom('quick_answers').where('id', '=', id).executeTakeFirst()
  return Number(numDeletedRows) > 0
}
