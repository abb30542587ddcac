import type { Locale, Profile, QueueRef, User } from '@desk/api-client'
import { type Executor, nowIso, type UserRow } from '../../db'
import { containsPattern, lowerLike } from '../../db/expressions'
import { reusableQuery } from '../../db/reusable'
import type { Actor } from './access'

// Kept here too for the modules that import them from the repository.
export { type Actor, isAdmin } from './access'

/** Columns safe to read for the API: never the password hash. */
export const PUBLIC_USER_COLUMNS = [
  'users.id',
  'users.name',
  'users.email',
  'users.profile',
  'users.whatsappId',
  'users.language',
  'users.createdAt',
  'users.updatedAt',
] as const

type PublicUserRow = Omit<UserRow, 'passwordHash'>

export const normaliseProfile = (value: string): Profile => (value.toLowerCase() === 'admin' ? 'admin' : 'user')

/** Turns rows into contract Users, loading queues and default connections in two queries. */
export const hydrateUsers = async (db: Executor, rows: PublicUserRow[]): Promise<User[]> => {
  if (rows.length === 0) return []
  const ids = rows.map((r) => r.id)
  const queueRows = await db
    .selectFrom('user_queues')
    .innerJoin('queues', 'queues.id', 'user_queues.queueId')
    .select(['user_queues.userId', 'queues.id', 'queues.name', 'queues.color'])
    .where('user_queues.userId', 'in', ids)
    .orderBy('queues.name')
    .execute()
  const whatsappIds = [...new Set(rows.map((r) => r.whatsappId).filter((id): id is number => id != null))]
  const whatsapps = whatsappIds.length
    ? await db.selectFrom('whatsapps').select(['id', 'name']).where('id', 'in', whatsappIds).execute()
    : []
  const queuesByUser = new Map<number, QueueRef[]>()
  for (const q of queueRows) {
    const list = queuesByUser.get(q.userId) ?? []
    list.push({ id: q.id, name: q.name, color: q.color })
    queuesByUser.set(q.userId, list)
  }
  return rows.map((r) => {
    const whatsapp = whatsapps.find((w) => w.id === r.whatsappId)
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      profile: normaliseProfile(r.profile),
      queues: queuesByUser.get(r.id) ?? [],
      whatsappId: r.whatsappId,
      whatsapp: whatsapp ? { id: whatsapp.id, name: whatsapp.name } : null,
      language: (r.language as Locale | null) ?? null,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    }
  })
}

export const findUser = async (db: Executor, id: number): Promise<User | undefined> => {
  const row = await db.selectFrom('users').select(PUBLIC_USER_COLUMNS).where('users.id', '=', id).executeTakeFirst()
  return row ? (await hydrateUsers(db, [row]))[0] : undefined
}

const actorById = reusableQuery(['id'], (db, p) =>
  db.selectFrom('users').select(['id', 'name', 'profile']).where('id', '=', p.id),
)

export const findActor = async (db: Executor, id: number): Promise<Actor | undefined> => {
  const [row] = await actorById(db, { id })
  return row ? { id: row.id, name: row.name, profile: normaliseProfile(row.profile) } : undefined
}

export const countAdmins = async (db: Executor): Promise<number> => {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('profile', '=', 'admin')
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** The id of the user with this e-mail (other than `exceptId`), if any. */
export const findUserIdByEmail = async (db: Executor, email: string, exceptId?: number) =>
  (
    await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId as number))
      .executeTakeFirst()
  )?.id

/** What a login checks: the id and password hash of the user with this e-mail. */
export const findCredentials = (db: Executor, email: string) =>
  db.selectFrom('users').select(['id', 'passwordHash']).where('email', '=', email).executeTakeFirst()

/** The id and stored profile of the user with this e-mail (the command line's make-admin). */
export const findProfileByEmail = (db: Executor, email: string) =>
  db.selectFrom('users').select(['id', 'profile']).where('email', '=', email).executeTakeFirst()

/** The stored profile of a user, or undefined when there is no such user. */
export const findProfile = async (db: Executor, id: number) =>
  (await db.selectFrom('users').select(['profile']).where('id', '=', id).executeTakeFirst())?.profile

/** Whether any user exists at all. */
export const hasAnyUser = async (db: Executor): Promise<boolean> =>
  Boolean(await db.selectFrom('users').select('id').limit(1).executeTakeFirst())

export const countUsers = async (db: Executor): Promise<number> => {
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

export interface NewUser {
  name: string
  email: string
  passwordHash: string
  profile: Profile
  whatsappId?: number | null
  language?: string | null
}

/** The one place a user is written for the first time (signup, user create, make-admin). Answers its id. */
export const insertUser = async (db: Executor, user: NewUser): Promise<number> => {
  const now = nowIso()
  const { id } = await db
    .insertInto('users')
    .values({
      name: user.name,
      email: user.email,
      passwordHash: user.passwordHash,
      profile: user.profile,
      whatsappId: user.whatsappId ?? null,
      language: user.language ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** Fields left undefined are not changed; `updatedAt` always is. */
export interface UserChanges {
  name?: string
  email?: string
  profile?: Profile
  whatsappId?: number | null
  language?: string | null
  passwordHash?: string
}

export const updateUser = async (db: Executor, id: number, changes: UserChanges): Promise<void> => {
  await db
    .updateTable('users')
    .set({ ...changes, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute()
}

/** Replaces a user's queues (repeated ids count once). */
export const setUserQueues = async (db: Executor, userId: number, queueIds: number[]) => {
  await db.deleteFrom('user_queues').where('userId', '=', userId).execute()
  const unique = [...new Set(queueIds)]
  if (unique.length) {
    const createdAt = nowIso()
    await db
      .insertInto('user_queues')
      .values(unique.map((queueId) => ({ userId, queueId, createdAt })))
      .execute()
  }
}

/** Deletes a user and their queue memberships (their refresh tokens go first, see the auth repository). */
export const deleteUser = async (db: Executor, id: number) => {
  await db.deleteFrom('user_queues').where('userId', '=', id).execute()
  await db.deleteFrom('users').where('id', '=', id).execute()
}

/** One page of users by name, optionally matching `search` (lower-case) in the name or e-mail, with the count. */
export const listUsers = async (
  db: Executor,
  { search, offset, limit }: { search: string; offset: number; limit: number },
) => {
  const pattern = containsPattern(search)
  const base = db
    .selectFrom('users')
    .$if(search !== '', (q) =>
      q.where(({ or }) => or([lowerLike('users.name', pattern), lowerLike('users.email', pattern)])),
    )
  // Count and page together: PostgreSQL runs them on separate connections at once.
  const [{ n }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base.select(PUBLIC_USER_COLUMNS).orderBy('users.name').orderBy('users.id').limit(limit).offset(offset).execute(),
  ])
  return { count: Number(n), users: await hydrateUsers(db, rows), read: rows.length }
}

/** The users that hold a queue. */
export const userIdsInQueue = async (db: Executor, queueId: number): Promise<number[]> =>
  (await db.selectFrom('user_queues').select('userId').where('queueId', '=', queueId).execute()).map((r) => r.userId)
