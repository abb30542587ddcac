import {
  type Profile,
  USERS_PAGE_SIZE,
  type User,
  UserCreateRequest,
  type UserListQuery,
  type UserListResponse,
  type UserUpdateRequest,
} from '@desk/api-client'
import { sql } from 'kysely'
import type { z } from 'zod'
import { type Db, type Executor, isUniqueViolation, lockUsers, nowIso } from '../../db'
import { AppError, fieldError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { hashPassword, revokeUserRefreshTokens } from '../auth/service'
import {
  type Actor,
  countAdmins,
  findUser,
  hydrateUsers,
  isAdmin,
  normaliseProfile,
  PUBLIC_USER_COLUMNS,
} from './repository'

export type UserCreateInput = z.output<typeof UserCreateRequest>
export type UserUpdateInput = z.output<typeof UserUpdateRequest>

const noPermission = () => new AppError('ERR_NO_PERMISSION', 403)
const notFound = () => new AppError('ERR_NO_USER_FOUND', 404)
const duplicatedEmail = () =>
  new AppError('ERR_DUPLICATED_EMAIL', 400, [{ path: 'email', message: 'ERR_DUPLICATED_EMAIL' }])
const lastAdmin = () => new AppError('ERR_LAST_ADMIN', 400)

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

const sameSet = (a: readonly number[], b: readonly number[]) => {
  const sa = new Set(a)
  const sb = new Set(b)
  return sa.size === sb.size && [...sa].every((x) => sb.has(x))
}

/** Unknown queue or connection ids are a 400 on that field, not a foreign-key 500. */
const checkReferences = async (db: Executor, queueIds: number[] | undefined, whatsappId: number | null | undefined) => {
  if (queueIds?.length) {
    const unique = [...new Set(queueIds)]
    const found = await db.selectFrom('queues').select('id').where('id', 'in', unique).execute()
    if (found.length !== unique.length) throw fieldError('queueIds', 'validation.invalid')
  }
  if (whatsappId != null) {
    const found = await db.selectFrom('whatsapps').select('id').where('id', '=', whatsappId).executeTakeFirst()
    if (!found) throw fieldError('whatsappId', 'validation.invalid')
  }
}

const setQueues = async (trx: Executor, userId: number, queueIds: number[]) => {
  await trx.deleteFrom('user_queues').where('userId', '=', userId).execute()
  const unique = [...new Set(queueIds)]
  if (unique.length) {
    const createdAt = nowIso()
    await trx
      .insertInto('user_queues')
      .values(unique.map((queueId) => ({ userId, queueId, createdAt })))
      .execute()
  }
}

const rethrowDuplicate = (error: unknown): never => {
  if (isUniqueViolation(error)) throw duplicatedEmail()
  throw error
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
    const search = query.searchParam.trim().toLowerCase()
    let base = db.selectFrom('users')
    if (search) {
      const pattern = `%${escapeLike(search)}%`
      base = base.where(({ or }) =>
        or([
          sql<boolean>`lower(${sql.ref('users.name')}) like ${pattern} escape '\\'`,
          sql<boolean>`lower(${sql.ref('users.email')}) like ${pattern} escape '\\'`,
        ]),
      )
    }
    const offset = (query.pageNumber - 1) * USERS_PAGE_SIZE
    // Count and page together: PostgreSQL runs them on separate connections at once.
    const [{ n }, rows] = await Promise.all([
      base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      base
        .select(PUBLIC_USER_COLUMNS)
        .orderBy('users.name')
        .orderBy('users.id')
        .limit(USERS_PAGE_SIZE)
        .offset(offset)
        .execute(),
    ])
    const count = Number(n)
    const users = await hydrateUsers(db, rows)
    return { users, hasMore: count > offset + rows.length, count }
  }

  const get = async (id: number): Promise<User> => {
    const user = await findUser(db, id)
    if (!user) throw notFound()
    return user
  }

  const create = async (actor: Actor, input: UserCreateInput): Promise<User> => {
    if (!isAdmin(actor)) throw noPermission()
    await checkReferences(db, input.queueIds, input.whatsappId)
    if (await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()) {
      throw duplicatedEmail()
    }
    const passwordHash = await hashPassword(input.password)
    const user = await db
      .transaction()
      .execute(async (trx) => {
        const taken = await trx.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()
        if (taken) throw duplicatedEmail()
        const now = nowIso()
        const { id } = await trx
          .insertInto('users')
          .values({
            name: input.name,
            email: input.email,
            passwordHash,
            profile: input.profile,
            whatsappId: input.whatsappId ?? null,
            language: input.language ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await setQueues(trx, id, input.queueIds)
        return (await findUser(trx, id))!
      })
      .catch(rethrowDuplicate)
    publisher.user({ action: 'create', user })
    return user
  }

  /** Returns the updated user and whether the caller changed their own password. */
  const update = async (actor: Actor, id: number, input: UserUpdateInput) => {
    if (!isAdmin(actor) && actor.id !== id) throw noPermission()
    const current = await findUser(db, id)
    if (!current) throw notFound()
    if (!isAdmin(actor)) {
      // Clients send the whole form back; only an actual change of these fields is refused.
      const profileChanged = input.profile !== undefined && input.profile !== current.profile
      const queuesChanged =
        input.queueIds !== undefined &&
        !sameSet(
          input.queueIds,
          current.queues.map((q) => q.id),
        )
      const whatsappChanged = input.whatsappId !== undefined && input.whatsappId !== current.whatsappId
      if (profileChanged || queuesChanged || whatsappChanged) throw noPermission()
    }
    await checkReferences(db, input.queueIds, input.whatsappId)
    const newPassword = input.password ? input.password : undefined
    const passwordHash = newPassword ? await hashPassword(newPassword) : undefined
    const nextProfile: Profile = input.profile ?? current.profile

    const user = await db
      .transaction()
      .execute(async (trx) => {
        await lockUsers(trx)
        const row = await trx.selectFrom('users').select(['profile']).where('id', '=', id).executeTakeFirst()
        if (!row) throw notFound()
        if (normaliseProfile(row.profile) === 'admin' && nextProfile !== 'admin' && (await countAdmins(trx)) <= 1) {
          throw lastAdmin()
        }
        if (input.email !== undefined && input.email !== current.email) {
          const taken = await trx
            .selectFrom('users')
            .select('id')
            .where('email', '=', input.email)
            .where('id', '!=', id)
            .executeTakeFirst()
          if (taken) throw duplicatedEmail()
        }
        await trx
          .updateTable('users')
          .set({
            name: input.name,
            email: input.email,
            profile: nextProfile,
            whatsappId: input.whatsappId,
            language: input.language,
            passwordHash,
            updatedAt: nowIso(),
          })
          .where('id', '=', id)
          .execute()
        if (input.queueIds !== undefined) await setQueues(trx, id, input.queueIds)
        if (passwordHash) await revokeUserRefreshTokens(trx, id)
        return (await findUser(trx, id))!
      })
      .catch(rethrowDuplicate)
    publisher.user({ action: 'update', user })
    // Every session of the user ended with the old password; the caller's own carries on.
    if (passwordHash) publisher.sessionsEnded(id, actor.id === id ? actor.sessionId : undefined)
    return { user, ownPasswordChanged: Boolean(passwordHash) && actor.id === id }
  }

  const remove = async (actor: Actor, id: number): Promise<void> => {
    if (!isAdmin(actor)) throw noPermission()
    await db.transaction().execute(async (trx) => {
      await lockUsers(trx)
      const row = await trx.selectFrom('users').select(['profile']).where('id', '=', id).executeTakeFirst()
      if (!row) throw notFound()
      if (normaliseProfile(row.profile) === 'admin' && (await countAdmins(trx)) <= 1) throw lastAdmin()
      await trx.deleteFrom('refresh_tokens').where('userId', '=', id).execute()
      await trx.deleteFrom('user_queues').where('userId', '=', id).execute()
      await trx.deleteFrom('users').where('id', '=', id).execute()
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
  const existing = await db.selectFrom('users').select(['id', 'profile']).where('email', '=', email).executeTakeFirst()
  const passwordHash = password ? await hashPassword(password) : undefined
  const now = nowIso()
  if (existing) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ profile: 'admin', name, passwordHash, updatedAt: now })
        .where('id', '=', existing.id)
        .execute()
      if (passwordHash) await revokeUserRefreshTokens(trx, existing.id)
    })
    const user = (await findUser(db, existing.id))!
    publisher?.user({ action: 'update', user })
    if (passwordHash) publisher?.sessionsEnded(user.id)
    return { action: normaliseProfile(existing.profile) === 'admin' ? 'updated' : 'promoted', user }
  }
  if (!name || !passwordHash) throw new Error('--name and --password are required to create a new admin')
  const { id } = await db
    .insertInto('users')
    .values({
      name,
      email,
      passwordHash,
      profile: 'admin',
      whatsappId: null,
      language: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const user = (await findUser(db, id))!
  publisher?.user({ action: 'create', user })
  return { action: 'created', user }
}
