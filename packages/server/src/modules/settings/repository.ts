import { type Executor, nowIso } from '../../db'
import { reusableQuery } from '../../db/reusable'

export const listSettings = (db: Executor) =>
  db.selectFrom('settings').select(['key', 'value', 'updatedAt']).orderBy('key').execute()

// Read on every arriving message (the opt-out list's stop words): compiled once.
const settingValueByKey = reusableQuery(['key'], (db, p) =>
  db.selectFrom('settings').select('value').where('key', '=', p.key),
)

export const findSettingValue = async (db: Executor, key: string): Promise<string | undefined> =>
  (await settingValueByKey(db, { key }))[0]?.value

/** Stores a value of an existing key; answers the row, or undefined when there is no such key. */
export const updateSetting = (db: Executor, key: string, value: string) =>
  db
    .updateTable('settings')
    .set({ value, updatedAt: nowIso() })
    .where('key', '=', key)
    .returning(['key', 'value', 'updatedAt'])
    .executeTakeFirst()
