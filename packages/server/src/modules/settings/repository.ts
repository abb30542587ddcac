import { type Executor, nowIso } from '../../db'

export const listSettings = (db: Executor) =>
  db.selectFrom('settings').select(['key', 'value', 'updatedAt']).orderBy('key').execute()

export const findSettingValue = async (db: Executor, key: string): Promise<string | undefined> =>
  (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value

/** Stores a value of an existing key; answers the row, or undefined when there is no such key. */
export const updateSetting = (db: Executor, key: string, value: string) =>
  db
    .updateTable('settings')
    .set({ value, updatedAt: nowIso() })
    .where('key', '=', key)
    .returning(['key', 'value', 'updatedAt'])
    .executeTakeFirst()
