import {
  type PageQuery,
  QUICK_ANSWERS_PAGE_SIZE,
  type QuickAnswer,
  type QuickAnswerCreateRequest,
  type QuickAnswerListResponse,
  type QuickAnswerUpdateRequest,
} from '@desk/api-client'
import type { z } from 'zod'
import { type Db, isUniqueViolation, type QuickAnswerRow } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import {
  deleteQuickAnswer,
  findQuickAnswerRow,
  insertQuickAnswer,
  listQuickAnswers,
  shortcutInUse,
  updateQuickAnswer,
} from './repository'

type CreateData = z.output<typeof QuickAnswerCreateRequest>
type UpdateData = z.output<typeof QuickAnswerUpdateRequest>

export const quickAnswerNotFound = () => new AppError('ERR_NOT_FOUND', 404, undefined, 'No quick answer with this id')
const shortcutTaken = () =>
  new AppError('ERR_VALIDATION', 400, [{ path: 'shortcut', message: 'validation.taken' }], 'This shortcut is in use')

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
    const offset = (query.pageNumber - 1) * QUICK_ANSWERS_PAGE_SIZE
    const { count, rows } = await listQuickAnswers(db, {
      search: query.searchParam.trim().toLowerCase(),
      offset,
      limit: QUICK_ANSWERS_PAGE_SIZE,
    })
    return { quickAnswers: rows.map(toQuickAnswer), hasMore: count > offset + rows.length, count }
  }

  const get = async (id: number): Promise<QuickAnswer> => {
    const row = await findQuickAnswerRow(db, id)
    if (!row) throw quickAnswerNotFound()
    return toQuickAnswer(row)
  }

  const checkShortcut = async (shortcut: string | undefined, exceptId?: number) => {
    if (shortcut === undefined) return
    if (await shortcutInUse(db, shortcut, exceptId)) throw shortcutTaken()
  }

  const rethrowUnique = (error: unknown): never => {
    throw isUniqueViolation(error) ? shortcutTaken() : error
  }

  const create = async (input: CreateData): Promise<QuickAnswer> => {
    await checkShortcut(input.shortcut)
    const row = await insertQuickAnswer(db, { shortcut: input.shortcut, message: input.message }).catch(rethrowUnique)
    const quickAnswer = toQuickAnswer(row)
    publisher.quickAnswer({ action: 'create', quickAnswer })
    return quickAnswer
  }

  const update = async (id: number, input: UpdateData): Promise<QuickAnswer> => {
    await get(id)
    await checkShortcut(input.shortcut, id)
    const row = await updateQuickAnswer(db, id, { shortcut: input.shortcut, message: input.message }).catch(
      rethrowUnique,
    )
    if (!row) throw quickAnswerNotFound()
    const quickAnswer = toQuickAnswer(row)
    publisher.quickAnswer({ action: 'update', quickAnswer })
    return quickAnswer
  }

  const remove = async (id: number): Promise<void> => {
    if (!(await deleteQuickAnswer(db, id))) throw quickAnswerNotFound()
    publisher.quickAnswer({ action: 'delete', quickAnswerId: id })
  }

  return { list, get, create, update, remove }
}

export type QuickAnswersService = ReturnType<typeof createQuickAnswersService>
