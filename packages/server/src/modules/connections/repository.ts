import type {
  CloudApiConfig,
  CloudApiConfigPublic,
  ConnectionDetail,
  ConnectionSession,
  InstagramConfigData,
  InstagramConfigPublic,
  QueueRef,
} from '@desk/api-client'
import { ConnectionStatus, Driver } from '@desk/api-client'
import { sql, type Transaction } from 'kysely'
import { type DB, dialectOf, type Executor, nowIso, type WhatsappRow } from '../../db'
import { reusableQuery } from '../../db/reusable'
import { publicTelephony, type StoredTelephony } from '../telephony/settings'
import { publicWebChat, readWebChat, type StoredWebChat } from '../widget/settings'

/** The stored driver settings, secrets included. */
export interface StoredConfig {
  cloudApi?: Partial<CloudApiConfig>
  webChat?: Partial<StoredWebChat>
  telephony?: StoredTelephony
  instagram?: Partial<InstagramConfigData>
}

export const parseConfig = (raw: string | null): StoredConfig => {
  if (!raw) return {}
  try {
    return JSON.parse(raw) as StoredConfig
  } catch {
    return {}
  }
}

const publicCloudApi = (row: WhatsappRow): CloudApiConfigPublic | null => {
  if (row.driver !== 'cloud-api') return null
  const cloud = parseConfig(row.config).cloudApi ?? {}
  return {
    phoneNumberId: cloud.phoneNumberId ?? null,
    businessAccountId: cloud.businessAccountId ?? null,
    hasAccessToken: Boolean(cloud.accessToken),
    hasVerifyToken: Boolean(cloud.verifyToken),
    hasAppSecret: Boolean(cloud.appSecret),
    webhookPath: `/webhooks/whatsapp/${row.id}`,
  }
}

const publicInstagram = (row: WhatsappRow): InstagramConfigPublic | null => {
  if (row.driver !== 'instagram') return null
  const settings = parseConfig(row.config).instagram ?? {}
  return {
    provider: settings.provider ?? 'graph',
    accountId: settings.accountId ?? null,
    hasAccessToken: Boolean(settings.accessToken),
    hasAppSecret: Boolean(settings.appSecret),
    hasVerifyToken: Boolean(settings.verifyToken),
    webhookPath: `/webhooks/instagram/${row.id}`,
  }
}

const statusOf = (value: string) => {
  const parsed = ConnectionStatus.safeParse(value)
  return parsed.success ? parsed.data : 'DISCONNECTED'
}

export const toSession = (row: Pick<WhatsappRow, 'id' | 'status' | 'qrcode' | 'retries' | 'updatedAt'>) =>
  ({
    id: row.id,
    status: statusOf(row.status),
    qrcode: row.qrcode,
    retries: row.retries,
    updatedAt: row.updatedAt,
  }) satisfies ConnectionSession

/** Rows to public connections (never the stored secrets), queues loaded in one query. */
export const hydrateConnections = async (db: Executor, rows: WhatsappRow[]): Promise<ConnectionDetail[]> => {
  if (rows.length === 0) return []
  const queueRows = await db
    .selectFrom('whatsapp_queues')
    .innerJoin('queues', 'queues.id', 'whatsapp_queues.queueId')
    .select(['whatsapp_queues.whatsappId', 'queues.id', 'queues.name', 'queues.color'])
    .where(
      'whatsapp_queues.whatsappId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('queues.name')
    .execute()
  const byConnection = new Map<number, QueueRef[]>()
  for (const q of queueRows) {
    const list = byConnection.get(q.whatsappId) ?? []
    list.push({ id: q.id, name: q.name, color: q.color })
    byConnection.set(q.whatsappId, list)
  }
  return rows.map((row) => ({
    ...toSession(row),
    name: row.name,
    isDefault: row.isDefault === 1,
    greetingMessage: row.greetingMessage,
    farewellMessage: row.farewellMessage,
    driver: Driver.safeParse(row.driver).data ?? 'simulator',
    queues: byConnection.get(row.id) ?? [],
    createdAt: row.createdAt,
    cloudApi: publicCloudApi(row),
    webChat: row.driver === 'webchat' ? publicWebChat(row.id, readWebChat(parseConfig(row.config).webChat)) : null,
    telephony: row.driver === 'telephony' ? publicTelephony(row.id, parseConfig(row.config).telephony ?? {}) : null,
    instagram: publicInstagram(row),
  }))
}

export const findConnectionRow = (db: Executor, id: number) =>
  db.selectFrom('whatsapps').selectAll().where('id', '=', id).executeTakeFirst()

export const findConnection = async (db: Executor, id: number): Promise<ConnectionDetail | undefined> => {
  const row = await findConnectionRow(db, id)
  return row ? (await hydrateConnections(db, [row]))[0] : undefined
}

/** The queues of a connection in menu order (by name, then id). */
// Read for every arriving message (and every simulator call): compiled once.
const queuesOfConnection = reusableQuery(['whatsappId'], (db, p) =>
  db
    .selectFrom('whatsapp_queues')
    .innerJoin('queues', 'queues.id', 'whatsapp_queues.queueId')
    .select(['queues.id', 'queues.name', 'queues.color', 'queues.greetingMessage'])
    .where('whatsapp_queues.whatsappId', '=', p.whatsappId)
    .orderBy('queues.name')
    .orderBy('queues.id'),
)
const connectionDriver = reusableQuery(['id'], (db, p) =>
  db.selectFrom('whatsapps').select(['id', 'driver', 'config']).where('id', '=', p.id),
)

export const connectionQueues = (db: Executor, whatsappId: number) => queuesOfConnection(db, { whatsappId })

/** Serialises writers of the default flag (SQLite already has one writer at a time). */
export const lockConnections = async (trx: Transaction<DB>) => {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(7201002)`.execute(trx)
}

/** Every connection, the default first, then by id. */
export const listConnectionRows = (db: Executor) =>
  db.selectFrom('whatsapps').selectAll().orderBy('isDefault', 'desc').orderBy('id').execute()

export const connectionExists = async (db: Executor, id: number): Promise<boolean> =>
  Boolean(await db.selectFrom('whatsapps').select('id').where('id', '=', id).executeTakeFirst())

/** The driver of a connection and its stored settings (secrets included), if it exists. */
export const findConnectionDriver = async (db: Executor, id: number) => (await connectionDriver(db, { id }))[0]

/** The id of the default connection, if there is one. */
export const findDefaultConnectionId = async (db: Executor): Promise<number | undefined> =>
  (await db.selectFrom('whatsapps').select('id').where('isDefault', '=', 1).executeTakeFirst())?.id

export const findIsDefault = async (db: Executor, id: number): Promise<number | undefined> =>
  (await db.selectFrom('whatsapps').select('isDefault').where('id', '=', id).executeTakeFirst())?.isDefault

/** Some connection other than `id`, if any. */
export const findOtherConnectionId = async (db: Executor, id: number): Promise<number | undefined> =>
  (await db.selectFrom('whatsapps').select('id').where('id', '!=', id).executeTakeFirst())?.id

/** The oldest connection other than `id`, if any (the next default). */
export const findOldestOtherConnectionId = async (db: Executor, id: number): Promise<number | undefined> =>
  (
    await db
      .selectFrom('whatsapps')
      .select('id')
      .where('id', '!=', id)
      .orderBy('createdAt')
      .orderBy('id')
      .executeTakeFirst()
  )?.id

/** No connection is the default any more (one is about to become it). */
export const clearDefault = async (db: Executor) => {
  await db.updateTable('whatsapps').set({ isDefault: 0 }).where('isDefault', '=', 1).execute()
}

export const makeDefault = async (db: Executor, id: number) => {
  await db.updateTable('whatsapps').set({ isDefault: 1, updatedAt: nowIso() }).where('id', '=', id).execute()
}

export interface NewConnection {
  name: string
  isDefault: boolean
  greetingMessage: string | null
  farewellMessage: string | null
  driver: string
  config: string
}

/** A new connection, disconnected; answers its id. */
export const insertConnection = async (db: Executor, connection: NewConnection): Promise<number> => {
  const now = nowIso()
  const { id } = await db
    .insertInto('whatsapps')
    .values({
      name: connection.name,
      status: 'DISCONNECTED',
      qrcode: null,
      retries: 0,
      isDefault: connection.isDefault ? 1 : 0,
      greetingMessage: connection.greetingMessage,
      farewellMessage: connection.farewellMessage,
      driver: connection.driver,
      config: connection.config,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** Fields left undefined are not changed; `updatedAt` always is. */
export const updateConnection = async (
  db: Executor,
  id: number,
  changes: {
    name?: string
    greetingMessage?: string | null
    farewellMessage?: string | null
    isDefault?: 1
    config?: string
  },
) => {
  await db
    .updateTable('whatsapps')
    .set({ ...changes, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute()
}

export const deleteConnection = async (db: Executor, id: number) => {
  await db.deleteFrom('whatsapp_queues').where('whatsappId', '=', id).execute()
  await db.deleteFrom('whatsapps').where('id', '=', id).execute()
}

/** The queue ids of a connection. */
export const connectionQueueIds = async (db: Executor, whatsappId: number): Promise<number[]> =>
  (await db.selectFrom('whatsapp_queues').select('queueId').where('whatsappId', '=', whatsappId).execute()).map(
    (r) => r.queueId,
  )

/** The connections that hold a queue. */
export const connectionIdsInQueue = async (db: Executor, queueId: number): Promise<number[]> =>
  (await db.selectFrom('whatsapp_queues').select('whatsappId').where('queueId', '=', queueId).execute()).map(
    (r) => r.whatsappId,
  )

/** Replaces a connection's queues (repeated ids count once). */
export const setConnectionQueues = async (db: Executor, whatsappId: number, queueIds: number[]) => {
  await db.deleteFrom('whatsapp_queues').where('whatsappId', '=', whatsappId).execute()
  const unique = [...new Set(queueIds)]
  if (unique.length === 0) return
  const createdAt = nowIso()
  await db
    .insertInto('whatsapp_queues')
    .values(unique.map((queueId) => ({ whatsappId, queueId, createdAt })))
    .execute()
}

/**
 * Writes a session's status (QR code and retries when given); answers the session row, if the connection
 * exists and, with `expected`, still shows that status and QR code (a driver speaks only over the state
 * it last saw, so a process that missed a change cannot write over it).
 */
export const updateSessionStatus = (
  db: Executor,
  id: number,
  update: { status: string; qrcode?: string | null; retries?: number },
  expected?: { status: string; qrcode: string | null },
) =>
  db
    .updateTable('whatsapps')
    .set({ status: update.status, qrcode: update.qrcode, retries: update.retries, updatedAt: nowIso() })
    .where('id', '=', id)
    .$if(expected !== undefined, (q) =>
      q
        .where('status', '=', expected!.status)
        .where('qrcode', expected!.qrcode === null ? 'is' : '=', expected!.qrcode),
    )
    .returning(['id', 'status', 'qrcode', 'retries', 'updatedAt'])
    .executeTakeFirst()
