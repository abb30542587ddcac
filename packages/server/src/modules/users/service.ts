import {
  type Profile,
  USERS_PAGE_SIZE,
  type User,
  UserCreateRequest,
  type UserListQuery,
  type UserListResponse,
  type UserUpdateRequest,
} from '@desk/api-client'
import type { z } from 'zod'
import { type Db, type Executor, isUniqueViolation, lockUsers } from '../../db'
import { AppError, fieldError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { hashPassword } from '../auth/passwords'
import { deleteUserRefreshTokens, revokeUserRefreshTokens } from '../auth/repository'
import { connectionExists } from '../connections/repository'
import { allQueuesExist } from '../queues/repository'
import { type Actor, requireAdmin, requireAdminForAssignments, requireSelfOrAdmin } from './access'
import {
  countAdmins,
  deleteUser,
  findProfile,
  findProfileByEmail,
  findUser,
  findUserIdByEmail,
  insertUser,
  listUsers,
  normaliseProfile,
  setUserQueues,
  updateUser,
} from './repository'

export type UserCreateInput = z.output<typeof UserCreateRequest>
export type UserUpdateInput = z.output<typeof UserUpdateRequest>

const notFound = () => new AppError('ERR_NO_USER_FOUND', 404)
export const duplicatedEmail = () =>
  new AppError('ERR_DUPLICATED_EMAIL', 400, [{ path: 'email', message: 'ERR_DUPLICATED_EMAIL' }])
const lastAdmin = () => new AppError('ERR_LAST_ADMIN', 400)

/** Unknown queue or connection ids are a 400 on that field, not a foreign-key 500. */
const checkReferences = async (db: Executor, queueIds: number[] | undefined, whatsappId: number | null | undefined) => {
  if (queueIds?.length && !(await allQueuesExist(db, queueIds))) throw fieldError('queueIds', 'validation.invalid')
  if (whatsappId != null && !(await connectionExists(db, whatsappId))) {
    throw fieldError('whatsappId', 'validation.invalid')
  }
}

const rethrowDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw duplicatedEmail()
  throw error
}

/** Refuses to take away the last admin (by deletion or demotion); run inside a `lockUsers` transaction. */
const keepAnAdmin = async (trx: Executor, id: number, nextProfile: Profile | undefined) => {
  const profile = await findProfile(trx, id)
  if (profile === undefined) throw notFound()
  if (normaliseProfile(profile) === 'admin' && nextProfile !== 'admin' && (await countAdmins(trx)) <= 1) {
    throw lastAdmin()
  }
}

export interface UsersServiceDeps {
  db: Db
  publisher: Publisher
}

/**
 * Users and their rules. Anyone signed in may list and read users (agents pick colleagues
 * when transferring); creating, deleting and changing profile, queues or default connection
 * is for admins; everyone may change their own name, e-mail, password and language. The
 * last admin can neither be deleted nor demoted.
 */
export const createUsersService = ({ db, publisher }: UsersServiceDeps) => {
  const list = async (query: UserListQuery): Promise<UserListResponse & { count: number }> => {
    const offset = (query.pageNumber - 1) * USERS_PAGE_SIZE
    const { count, users, read } = await listUsers(db, {
      search: query.searchParam.trim().toLowerCase(),
      offset,
      limit: USERS_PAGE_SIZE,
    })
    return { users, hasMore: count > offset + read, count }
  }

  const get = async (id: number): Promise<User> => {
    const user = await findUser(db, id)
    if (!user) throw notFound()
    return user
  }

  const create = async (actor: Actor, input: UserCreateInput): Promise<User> => {
    requireAdmin(actor)
    await checkReferences(db, input.queueIds, input.whatsappId)
    if (await findUserIdByEmail(db, input.email)) throw duplicatedEmail()
    const passwordHash = await hashPassword(input.password)
    const user = await db
      .transaction()
      .execute(async (trx) => {
        if (await findUserIdByEmail(trx, input.email)) throw duplicatedEmail()
        const id = await insertUser(trx, {
          name: input.name,
          email: input.email,
          passwordHash,
          profile: input.profile,
          whatsappId: input.whatsappId,
          language: input.language,
        })
        await setUserQueues(trx, id, input.queueIds)
        return (await findUser(trx, id))!
      })
      .catch(rethrowDuplicate)
    publisher.user({ action: 'create', user })
    return user
  }

  /** Returns the updated user and whether the caller changed their own password. */
  const update = async (actor: Actor, id: number, input: UserUpdateInput) => {
    requireSelfOrAdmin(actor, id)
    const current = await findUser(db, id)
    if (!current) throw notFound()
    requireAdminForAssignments(actor, current, input)
    await checkReferences(db, input.queueIds, input.whatsappId)
    const newPassword = input.password ? input.password : undefined
    const passwordHash = newPassword ? await hashPassword(newPassword) : undefined
    const nextProfile: Profile = input.profile ?? current.profile

    const user = await db
      .transaction()
      .execute(async (trx) => {
        await lockUsers(trx)
        await keepAnAdmin(trx, id, nextProfile)
        if (input.email !== undefined && input.email !== current.email) {
          if (await findUserIdByEmail(trx, input.email, id)) throw duplicatedEmail()
        }
        await updateUser(trx, id, {
          name: input.name,
          email: input.email,
          profile: nextProfile,
          whatsappId: input.whatsappId,
          language: input.language,
          passwordHash,
        })
        if (input.queueIds !== undefined) await setUserQueues(trx, id, input.queueIds)
        // The session that changes its own password carries on (its route gives it a fresh cookie).
        if (passwordHash) await revokeUserRefreshTokens(trx, id, actor.id === id ? actor.sessionId : undefined)
        return (await findUser(trx, id))!
      })
      .catch(rethrowDuplicate)
    publisher.user({ action: 'update', user })
    // Every session of the user ended with the old password; the caller's own carries on.
    if (passwordHash) publisher.sessionsEnded(id, actor.id === id ? actor.sessionId : undefined)
    return { user, ownPasswordChanged: Boolean(passwordHash) && actor.id === id }
  }

  const remove = async (actor: Actor, id: number): Promise<void> => {
    requireAdmin(actor)
    await db.transaction().execute(async (trx) => {
      await lockUsers(trx)
      await keepAnAdmin(trx, id, undefined)
      await deleteUserRefreshTokens(trx, id)
      await deleteUser(trx, id)
    })
    publisher.user({ action: 'delete', userId: id })
  }

  return { list, get, create, update, remove }
}

export type UsersService = ReturnType<typeof createUsersService>

export type MakeAdminResult = { action: 'created' | 'promoted' | 'updated'; user: User }

/**
 * Creates an admin, or promotes (and optionally renames / re-passwords) an existing user.
 * Used by the command line to recover access; inputs are checked with the contract rules.
 */
export const makeAdmin = async (
  db: Db,
  input: { email: string; name?: string; password?: string },
  publisher?: Publisher,
): Promise<MakeAdminResult> => {
  const email = UserCreateRequest.shape.email.parse(input.email)
  const name = input.name === undefined ? undefined : UserCreateRequest.shape.name.parse(input.name)
  const password = input.password === undefined ? undefined : UserCreateRequest.shape.password.parse(input.password)
  const existing = await findProfileByEmail(db, email)
  const passwordHash = password ? await hashPassword(password) : undefined
  if (existing) {
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, existing.id, { profile: 'admin', name, passwordHash })
      if (passwordHash) await revokeUserRefreshTokens(trx, existing.id)
    })
    const user = (await findUser(db, existing.id))!
    publisher?.user({ action: 'update', user })
    if (passwordHash) publisher?.sessionsEnded(user.id)
    return { action: normaliseProfile(existing.profile) === 'admin' ? 'updated' : 'promoted', user }
  }
  if (!name || !passwordHash) throw new Error('--name and --password are required to create a new admin')
  const id = await insertUser(db, { name, email, passwordHash, profile: 'admin' })
  const user = (await findUser(db, id))!
  publisher?.user({ action: 'create', user })
  return { action: 'created', user }
}
