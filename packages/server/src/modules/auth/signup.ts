import type { SignupRequest, User } from '@desk/api-client'
import { type Db, type Executor, isUniqueViolation, lockUsers } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { findSettingValue } from '../settings/repository'
import { countUsers, findUser, findUserIdByEmail, hasAnyUser, insertUser } from '../users/repository'
import { duplicatedEmail } from '../users/service'
import { hashPassword } from './passwords'

const creationDisabled = () => new AppError('ERR_USER_CREATION_DISABLED', 403)
const creationEnabled = async (db: Executor) => (await findSettingValue(db, 'userCreation')) === 'enabled'

/** `GET /auth/signup`: whether a sign-up would be taken now (the first account always is). */
export const signupOpen = async (db: Executor) => !(await hasAnyUser(db)) || (await creationEnabled(db))

/**
 * `POST /auth/signup`. The first account of an empty database becomes admin; later ones are
 * `user` and only while `userCreation` is enabled, which it is not until the administrator
 * turns it on. Count and insert share one serialised transaction.
 */
export const createSignup = ({ db, publisher }: { db: Db; publisher: Publisher }) => {
  /** Cheap checks before the costly hash; the transaction below repeats them authoritatively. */
  const precheck = async (email: string) => {
    const [existing, enabled, taken] = await Promise.all([
      hasAnyUser(db),
      creationEnabled(db),
      findUserIdByEmail(db, email),
    ])
    if (existing && !enabled) throw creationDisabled()
    if (taken) throw duplicatedEmail()
  }

  return async (input: SignupRequest): Promise<User> => {
    await precheck(input.email)
    const passwordHash = await hashPassword(input.password)
    const user = await db
      .transaction()
      .execute(async (trx) => {
        await lockUsers(trx)
        const first = (await countUsers(trx)) === 0
        if (!first && !(await creationEnabled(trx))) throw creationDisabled()
        if (await findUserIdByEmail(trx, input.email)) throw duplicatedEmail()
        const id = await insertUser(trx, {
          name: input.name,
          email: input.email,
          passwordHash,
          profile: first ? 'admin' : 'user',
        })
        return (await findUser(trx, id))!
      })
      .catch((error) => {
        throw isUniqueViolation(error) ? duplicatedEmail() : error
      })
    publisher.user({ action: 'create', user })
    return user
  }
}
