import type { Db } from '../../db'
import type { MessagingDriver } from '../../drivers/types'
import { AppError } from '../../http/errors'
import { findDefaultConnectionId } from '../connections/repository'
import type { SessionManager } from '../connections/sessions'

export type DriverLookup = Pick<SessionManager, 'driver'>

const numberError = (code: 'ERR_WAPP_INVALID_CONTACT' | 'ERR_WAPP_CHECK_CONTACT') =>
  new AppError(code, 400, [{ path: 'number', message: code }])

/** The driver serving the default connection, or undefined when there is no default. */
export const defaultConnection = async (db: Db, sessions: DriverLookup) => {
  const id = await findDefaultConnectionId(db)
  return id === undefined ? undefined : { id, driver: (await sessions.driver(id)) as MessagingDriver | undefined }
}

/**
 * Asks the default connection whether a number has an account on the network, and answers
 * the number as the network writes it. Only a connected session can ask: without one the
 * number is kept as typed (contacts can be added while the phone is away). A number the
 * network does not know is `ERR_WAPP_INVALID_CONTACT`; a check that fails is
 * `ERR_WAPP_CHECK_CONTACT`.
 */
export const createNumberCheck =
  (db: Db, sessions: DriverLookup) =>
  async (number: string): Promise<string> => {
    const connection = await defaultConnection(db, sessions)
    if (!connection?.driver?.isConnected()) return number
    let checked: string | null
    try {
      checked = await connection.driver.checkNumber(number)
    } catch {
      throw numberError('ERR_WAPP_CHECK_CONTACT')
    }
    if (!checked) throw numberError('ERR_WAPP_INVALID_CONTACT')
    return checked
  }
