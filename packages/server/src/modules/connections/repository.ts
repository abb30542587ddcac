import type {
  CloudApiConfig,
  CloudApiConfigPublic,
  ConnectionDetail,
  ConnectionSession,
  QueueRef,
} from '@desk/api-client'
import { ConnectionStatus, Driver } from '@desk/api-client'
import type { Executor, WhatsappRow } from '../../db'

/** The stored driver settings, secrets included. */
export interface StoredConfig {
  cloudApi?: Partial<CloudApiConfig>
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
    hasAccessToken: Boolean(cloud.accessToken),
    hasVerifyToken: Boolean(cloud.verifyToken),
    hasAppSecret: Boolean(cloud.appSecret),
    webhookPath: `/webhooks/whatsapp/${row.id}`,
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
  }))
}

export const findConnectionRow = (db: Executor, id: number) =>
  db.selectFrom('whatsapps').selectAll().where('id', '=', id).executeTakeFirst()

export const findConnection = async (db: Executor, id: number): Promise<ConnectionDetail | undefined> => {
  const row = await findConnectionRow(db, id)
  return row ? (await hydrateConnections(db, [row]))[0] : undefined
}

/** The queues of a connection in menu order (by name, then id). */
export const connectionQueues = (db: Executor, whatsappId: number) =>
  db
    .selectFrom('whatsapp_queues')
    .innerJoin('queues', 'queues.id', 'whatsapp_queues.queueId')
    .select(['queues.id', 'queues.name', 'queues.color', 'queues.greetingMessage'])
    .where('whatsapp_queues.whatsappId', '=', whatsappId)
    .orderBy('queues.name')
    .orderBy('queues.id')
    .execute()
