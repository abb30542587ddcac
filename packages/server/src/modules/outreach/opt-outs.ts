import {
  isStopWord,
  OPT_OUT_NUMBER_MAX_DIGITS,
  type OptOut,
  type OptOutListResponse,
  parseStopWords,
} from '@desk/api-client'
import type { Db } from '../../db'
import type { InboundMessage } from '../../drivers/types'
import { AppError } from '../../http/errors'
import { type Actor, requireAdmin } from '../users/access'
import { addOptOut, listOptOuts, OPT_OUT_PAGE_SIZE, removeOptOut } from './repository'

export { OPT_OUT_PAGE_SIZE }

/** The setting that holds the stop words. */
export const STOP_WORDS_SETTING = 'outreachStopWords'

const toOptOut = (row: { number: string; source: string; createdAt: string }): OptOut => ({
  number: row.number,
  source: row.source === 'admin' ? 'admin' : 'stopWord',
  createdAt: row.createdAt,
})

/**
 * The opt-out list: a customer whose whole message is a stop word (setting `outreachStopWords`,
 * case, accents and punctuation aside) is added; admins list, add and remove numbers. Jobs
 * check it before each send.
 */
export const createOptOutsService = ({ db }: { db: Db }) => ({
  /** Inbound hook: a private message that is exactly a stop word opts its sender out. */
  async noteInbound(
    message: Pick<InboundMessage, 'from' | 'isGroup' | 'body'>,
    /** The stop words setting's value, read with the message's marker (null: never stored). */
    stopWords: string | null,
  ) {
    // A sender longer than any number a job can send to has nothing to opt out of.
    if (message.isGroup || !message.from || message.from.length > OPT_OUT_NUMBER_MAX_DIGITS) return
    const words = parseStopWords(stopWords)
    if (isStopWord(message.body, words)) await addOptOut(db, message.from, 'stopWord', new Date().toISOString())
  },

  /** A number whose owner asked not to be sent to (an SMS opt-out keyword). */
  async optOut(number: string) {
    if (!number || number.length > OPT_OUT_NUMBER_MAX_DIGITS) return
    await addOptOut(db, number, 'stopWord', new Date().toISOString())
  },

  async list(actor: Actor, query: { searchParam: string; pageNumber: number }): Promise<OptOutListResponse> {
    requireAdmin(actor)
    const { rows, hasMore } = await listOptOuts(db, query.searchParam, query.pageNumber)
    return { optOuts: rows.map(toOptOut), hasMore }
  },

  async add(actor: Actor, number: string): Promise<OptOut> {
    requireAdmin(actor)
    return toOptOut(await addOptOut(db, number, 'admin', new Date().toISOString()))
  },

  async remove(actor: Actor, number: string) {
    requireAdmin(actor)
    if (!(await removeOptOut(db, number))) throw new AppError('ERR_NOT_FOUND', 404)
  },
})

export type OptOutsService = ReturnType<typeof createOptOutsService>
