import { randomBytes } from 'node:crypto'
import { isAllowedSettingValue, SETTING_KEYS, type Setting } from '@desk/api-client'
import type { Db } from '../../db'
import { AppError, fieldError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { type Actor, isAdmin, requireAdmin } from '../users/access'
import { findSettingValue, listSettings, updateSetting } from './repository'

/** Only admins ever see this one; everyone else gets the list without it. */
export const SECRET_SETTING = 'userApiToken'

export const generateApiToken = () => randomBytes(32).toString('base64url')

const isKnownKey = (key: string) => (SETTING_KEYS as readonly string[]).includes(key)

/**
 * Settings: anyone signed in reads them (minus the API token unless admin); admins change
 * them, each key within its allowed values (SETTING_VALUES in the contract). The API token
 * is never set to a chosen value: `regenerate` makes a new random one.
 */
export const createSettingsService = ({
  db,
  publisher,
  changed,
}: {
  db: Db
  publisher: Publisher
  /** A setting changed (the framed pages' origins are read again). */
  changed?: (key: string) => void
}) => {
  const list = async (actor: Actor): Promise<Setting[]> => {
    const rows = await listSettings(db)
    return rows.filter((r) => isAdmin(actor) || r.key !== SECRET_SETTING)
  }

  const getValue = (key: string): Promise<string | undefined> => findSettingValue(db, key)

  const update = async (actor: Actor, key: string, value: string): Promise<Setting> => {
    requireAdmin(actor)
    if (!isKnownKey(key)) throw new AppError('ERR_NO_SETTING_FOUND', 404)
    if (!isAllowedSettingValue(key, value)) throw fieldError('value', 'validation.invalid')
    const stored = key === SECRET_SETTING ? generateApiToken() : value
    const row = await updateSetting(db, key, stored)
    if (!row) throw new AppError('ERR_NO_SETTING_FOUND', 404)
    changed?.(key)
    publisher.settings(row)
    return row
  }

  return { list, getValue, update }
}

export type SettingsService = ReturnType<typeof createSettingsService>
