import type { Executor } from '../../../db'

/** The opt-out list: one row per number (digits). */

export const isOptedOut = async (db: Executor, number: string): Promise<boolean> =>
  Boolean(await db.selectFrom('opt_outs').select('number').where('number', '=', number).executeTakeFirst())

/** Which of `numbers` (digits) are on the list. */
export const optedOutAmong = async (db: Executor, numbers: readonly string[]): Promise<Set<string>> => {
  const found = new Set<string>()
  for (let i = 0; i < numbers.length; i += 500) {
    const batch = numbers.slice(i, i + 500)
    if (batch.length === 0) continue
    const rows = await db.selectFrom('opt_outs').select('number').where('number', 'in', batch).execute()
    for (const row of rows) found.add(row.number)
  }
  return found
}

/** Adds a number; answers the row (the existing one when it was listed already). */
export const addOptOut = async (db: Executor, number: string, source: string, now: string) => {
  await db
    .insertInto('opt_outs')
    .values({ number, source, createdAt: now })
    .onConflict((oc) => oc.column('number').doNothing())
    .execute()
  return db.selectFrom('opt_outs').selectAll().where('number', '=', number).executeTakeFirstOrThrow()
}

export const removeOptOut = async (db: Executor, number: string): Promise<boolean> => {
  const result = await db.deleteFrom('opt_outs').where('number', '=', number).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export const OPT_OUT_PAGE_SIZE = 50

/** A page of the list, newest first; `prefix` (digits only) matches the start of the number. */
export const listOptOuts = async (db: Executor, prefix: string, page: number) => {
  let query = db.selectFrom('opt_outs').selectAll()
  if (prefix) query = query.where('number', 'like', `${prefix.replace(/\D/g, '')}%`)
  const rows = await query
    .orderBy('createdAt', 'desc')
    .orderBy('number')
    .limit(OPT_OUT_PAGE_SIZE + 1)
    .offset((page - 1) * OPT_OUT_PAGE_SIZE)
    .execute()
  return { rows: rows.slice(0, OPT_OUT_PAGE_SIZE), hasMore: rows.length > OPT_OUT_PAGE_SIZE }
}
