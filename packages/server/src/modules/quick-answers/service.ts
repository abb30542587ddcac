import {
  type PageQuery,
  QUICK_ANSWERS_PAGE_SIZE,
  type QuickAnswer,
  type QuickAnswerCreateRequest,
  type QuickAnswerListResponse,
  type QuickAnswerUpdateRequest,
} from '@desk/api-client'
import { sql } from 'kysely'
import type { z } from 'zod'
import { type Db, isUniqueViolation, nowIso, type QuickAnswerRow } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'

type CreateData = z.output<typeof QuickAnswerCreateRequest>
type UpdateData = z.output<typeof QuickAnswerUpdateRequest>

export const quickAnswerNotFound = () => new AppError('ERR_NOT_FOUND', 404, undefined, 'No quick answer with this id')
const shortcutTaken = () =>
  new AppError('ERR_VALIDATION', 400, [{ path: 'shortcut', message: 'validation.taken' }], 'This shortcut is in use')
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

const toQuickAnswer = (row: QuickAnswerRow): QuickAnswer => ({
  id: row.id,
  shortcut: row.shortcut,
  message: row.message,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
})

/**
 * Quick answers, shared by the whole desk: anyone signed in lists, reads, creates, edits and
 * deletes them. Shortcuts are unique ignoring case. The list is 20 a page, by shortcut;
 * `searchParam` matches the shortcut or the message, shortcuts that start with it first (the
 * `/` popup sends what follows the slash).
 */
export const createQuickAnswersService = ({ db, publisher }: { db: Db; publisher: Publisher }) => {
  const list = async (query: PageQuery): Promise<QuickAnswerListResponse> => {
    const search = query.searchParam.trim().toLowerCase()
    const pattern = `%${escapeLike(search)}%`
    const base = db
      .selectFrom('quick_answers')
      .$if(search !== '', (q) =>
        q.where(({ or }) =>
          or([
            sql<boolean>`lower(${sql.ref('shortcut')}) like ${pattern} escape '\\'`,
            sql<boolean>`lower(${sql.ref('message')}) like ${pattern} escape '\\'`,
          ]),
        ),
      )
    const offset = (query.pageNumber - 1) * QUICK_ANSWERS_PAGE_SIZE
    const prefix = `${escapeLike(search)}%`
    // Count and page together: PostgreSQL runs them on separate connections at once.
    const [{ n }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      base
        .selectAll()
        .$if(search !== '', (q) =>
          q.orderBy(sql`case when lower(${sql.ref('shortcut')}) like ${prefix} escape '\\' then 0 else 1 end`),
        )
        .orderBy('shortcut')
        .orderBy('id')
        .limit(QUICK_ANSWERS_PAGE_SIZE)
        .offset(offset)
        .execute(),
    ])
    const count = Number(n)
    return { quickAnswers: rows.map(toQuickAnswer), hasMore: count > offset + rows.length, count }
  }

  const get = async (id: number): Promise<QuickAnswer> => {
    const row = await db.selectFrom('quick_answers').selectAll().where('id', '=', id).executeTakeFirst()
    if (!row) throw quickAnswerNotFound()
    return toQuickAnswer(row)
  }

  const checkShortcut = async (shortcut: string | undefined, exceptId?: number) => {
    if (shortcut === undefined) return
    const taken = await db
      .selectFrom('quick_answers')
      .select('id')
      .where(sql<boolean>`lower(${sql.ref('shortcut')}) = ${shortcut.toLowerCase()}`)
      .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
      .executeTakeFirst()
    if (taken) throw shortcutTaken()
  }

  const rethrowUnique = (error: unknown): never => {
    throw isUniqueViolation(error) ? shortcutTaken() : error
  }

  const create = async (input: CreateData): Promise<QuickAnswer> => {
    await checkShortcut(input.shortcut)
    const now = nowIso()
    const row = await db
      .insertInto('quick_answers')
      .values({ shortcut: input.shortcut, message: input.message, createdAt: now, updatedAt: now })
      .returningAll()
      .executeTakeFirstOrThrow()
      .catch(rethrowUnique)
    const quickAnswer = toQuickAnswer(row)
    publisher.quickAnswer({ action: 'create', quickAnswer })
    return quickAnswer
  }

  const update = async (id: number, input: UpdateData): Promise<QuickAnswer> => {
    await get(id)
    await checkShortcut(input.shortcut, id)
    const row = await db
      .updateTable('quick_answers')
      .set({ shortcut: input.shortcut, message: input.message, updatedAt: nowIso() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst()
      .catch(rethrowUnique)
    if (!row) throw quickAnswerNotFound()
    const quickAnswer = toQuickAnswer(row)
    publisher.quickAnswer({ action: 'update', quickAnswer })
    return quickAnswer
  }

  const remove = async (id: number): Promise<void> => {
    const { numDeletedRows } = await db.deleteFrom('quick_answers').where('id', '=', id).executeTakeFirst()
    if (Number(numDeletedRows) === 0) throw quickAnswerNotFound()
    publisher.quickAnswer({ action: 'delete', quickAnswerId: id })
  }

  return { list, get, create, update, remove }
}

export type QuickAnswersService = ReturnType<typeof createQuickAnswersService>
