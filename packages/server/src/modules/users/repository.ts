import type { Locale, Profile, QueueRef, User } from '@desk/api-client'
import type { Executor, UserRow } from '../../db'
import { reusableQuery } from '../../db/reusable'

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

/** The signed-in caller as the rules see it: always read fresh from the database. */
export interface Actor {
  id: number
  name: string
  profile: Profile
  /** The session the caller's token belongs to, when it names one. */
  sessionId?: string
}

export const isAdmin = (actor: Pick<Actor, 'profile'>) => actor.profile === 'admin'

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
