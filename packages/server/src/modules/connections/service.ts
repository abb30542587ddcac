import type { ConnectionCreateData, ConnectionDetail, ConnectionUpdateData } from '@desk/api-client'
import { sql, type Transaction } from 'kysely'
import { type DB, type Db, dialectOf, type Executor, nowIso } from '../../db'
import { AppError, fieldError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { type Actor, isAdmin } from '../users/repository'
import { findConnection, findConnectionRow, hydrateConnections, parseConfig, type StoredConfig } from './repository'

const noPermission = () => new AppError('ERR_NO_PERMISSION', 403)
export const connectionNotFound = () => new AppError('ERR_NO_WAPP_FOUND', 404)
const noOtherDefault = () => new AppError('ERR_NO_OTHER_WHATSAPP', 400)

/** Serialises writers of the default flag (SQLite already has one writer at a time). */
const lockConnections = async (trx: Transaction<DB>) => {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(7201002)`.execute(trx)
}

const checkQueues = async (db: Executor, queueIds: number[] | undefined) => {
  if (!queueIds?.length) return
  const unique = [...new Set(queueIds)]
  const found = await db.selectFrom('queues').select('id').where('id', 'in', unique).execute()
  if (found.length !== unique.length) throw fieldError('queueIds', 'validation.invalid')
}

const setQueues = async (trx: Executor, whatsappId: number, queueIds: number[]) => {
  await trx.deleteFrom('whatsapp_queues').where('whatsappId', '=', whatsappId).execute()
  const unique = [...new Set(queueIds)]
  if (unique.length === 0) return
  const createdAt = nowIso()
  await trx
    .insertInto('whatsapp_queues')
    .values(unique.map((queueId) => ({ whatsappId, queueId, createdAt })))
    .execute()
}

/** With more than one queue the greeting carries the numbered menu, so it is required. */
const requireGreeting = (queueIds: number[], greeting: string | null | undefined) => {
  if (new Set(queueIds).size > 1 && !greeting) throw new AppError('ERR_WAPP_GREETING_REQUIRED', 400)
}

/** A QR code pairs a phone with the desk: only admins ever see it. */
const forViewer = (connection: ConnectionDetail, actor?: Actor): ConnectionDetail =>
  actor && !isAdmin(actor) ? { ...connection, qrcode: null } : connection

export interface ConnectionsServiceDeps {
  db: Db
  publisher: Publisher
  /**
   * Called after a connection is created (to open its session), after its driver settings
   * changed (to reopen it with them) and before one is deleted.
   */
  hooks?: {
    created?(id: number): Promise<void>
    configChanged?(id: number): Promise<void>
    removing?(id: number): Promise<void>
  }
}

/**
 * Connections ("whatsapps"): anyone signed in may read them; admins create, change and
 * delete them. The first connection becomes the default; there is always exactly one
 * default while any connection exists, so the default can be moved but not unset, and the
 * last connection (the default) cannot be deleted: `ERR_NO_OTHER_WHATSAPP`. Deleting the
 * default while others exist makes the oldest other one the default. Driver secrets are
 * stored and never answered.
 */
export const createConnectionsService = ({ db, publisher, hooks }: ConnectionsServiceDeps) => {
  const list = async (actor?: Actor): Promise<ConnectionDetail[]> => {
    const rows = await db.selectFrom('whatsapps').selectAll().orderBy('isDefault', 'desc').orderBy('id').execute()
    return (await hydrateConnections(db, rows)).map((c) => forViewer(c, actor))
  }

  const get = async (id: number, actor?: Actor): Promise<ConnectionDetail> => {
    const found = await findConnection(db, id)
    if (!found) throw connectionNotFound()
    return forViewer(found, actor)
  }

  const create = async (actor: Actor, input: ConnectionCreateData): Promise<ConnectionDetail> => {
    if (!isAdmin(actor)) throw noPermission()
    await checkQueues(db, input.queueIds)
    requireGreeting(input.queueIds, input.greetingMessage)
    const config: StoredConfig = input.driver === 'cloud-api' && input.cloudApi ? { cloudApi: input.cloudApi } : {}
    const { id, previousDefault } = await db.transaction().execute(async (trx) => {
      await lockConnections(trx)
      const existing = await trx.selectFrom('whatsapps').select('id').where('isDefault', '=', 1).executeTakeFirst()
      const isDefault = input.isDefault || !existing
      if (isDefault) await trx.updateTable('whatsapps').set({ isDefault: 0 }).where('isDefault', '=', 1).execute()
      const now = nowIso()
      const { id } = await trx
        .insertInto('whatsapps')
        .values({
          name: input.name,
          status: 'DISCONNECTED',
          qrcode: null,
          retries: 0,
          isDefault: isDefault ? 1 : 0,
          greetingMessage: input.greetingMessage ?? null,
          farewellMessage: input.farewellMessage ?? null,
          driver: input.driver,
          config: JSON.stringify(config),
          createdAt: now,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await setQueues(trx, id, input.queueIds)
      return { id, previousDefault: isDefault ? existing?.id : undefined }
    })
    publisher.whatsapp({ action: 'create', whatsapp: await get(id) })
    if (previousDefault !== undefined) publisher.whatsapp({ action: 'update', whatsapp: await get(previousDefault) })
    await hooks?.created?.(id)
    return get(id)
  }

  const update = async (actor: Actor, id: number, input: ConnectionUpdateData): Promise<ConnectionDetail> => {
    if (!isAdmin(actor)) throw noPermission()
    const current = await findConnectionRow(db, id)
    if (!current) throw connectionNotFound()
    await checkQueues(db, input.queueIds)
    const queueIds =
      input.queueIds ??
      (await db.selectFrom('whatsapp_queues').select('queueId').where('whatsappId', '=', id).execute()).map(
        (r) => r.queueId,
      )
    const greeting = input.greetingMessage === undefined ? current.greetingMessage : input.greetingMessage
    requireGreeting(queueIds, greeting)
    let config: string | undefined
    if (input.cloudApi && current.driver === 'cloud-api') {
      const stored = parseConfig(current.config)
      const changes = Object.fromEntries(Object.entries(input.cloudApi).filter(([, v]) => v !== undefined))
      config = JSON.stringify({ ...stored, cloudApi: { ...stored.cloudApi, ...changes } })
    }
    const previousDefault = await db.transaction().execute(async (trx) => {
      await lockConnections(trx)
      const row = await trx.selectFrom('whatsapps').select('isDefault').where('id', '=', id).executeTakeFirst()
      if (!row) throw connectionNotFound()
      if (input.isDefault === false && row.isDefault === 1) throw noOtherDefault()
      const becomesDefault = input.isDefault === true && row.isDefault !== 1
      const before = becomesDefault
        ? await trx.selectFrom('whatsapps').select('id').where('isDefault', '=', 1).executeTakeFirst()
        : undefined
      if (becomesDefault) await trx.updateTable('whatsapps').set({ isDefault: 0 }).where('isDefault', '=', 1).execute()
      await trx
        .updateTable('whatsapps')
        .set({
          name: input.name,
          greetingMessage: input.greetingMessage,
          farewellMessage: input.farewellMessage,
          isDefault: becomesDefault ? 1 : undefined,
          config,
          updatedAt: nowIso(),
        })
        .where('id', '=', id)
        .execute()
      if (input.queueIds !== undefined) await setQueues(trx, id, input.queueIds)
      return before?.id
    })
    if (config !== undefined) await hooks?.configChanged?.(id)
    const updated = await get(id)
    publisher.whatsapp({ action: 'update', whatsapp: updated })
    if (previousDefault !== undefined) publisher.whatsapp({ action: 'update', whatsapp: await get(previousDefault) })
    return updated
  }

  const remove = async (actor: Actor, id: number): Promise<void> => {
    if (!isAdmin(actor)) throw noPermission()
    const row = await findConnectionRow(db, id)
    if (!row) throw connectionNotFound()
    if (row.isDefault === 1) {
      const other = await db.selectFrom('whatsapps').select('id').where('id', '!=', id).executeTakeFirst()
      if (!other) throw noOtherDefault()
    }
    await hooks?.removing?.(id)
    const promoted = await db.transaction().execute(async (trx) => {
      await lockConnections(trx)
      const current = await trx.selectFrom('whatsapps').select('isDefault').where('id', '=', id).executeTakeFirst()
      if (!current) throw connectionNotFound()
      let next: number | undefined
      if (current.isDefault === 1) {
        next = (
          await trx
            .selectFrom('whatsapps')
            .select('id')
            .where('id', '!=', id)
            .orderBy('createdAt')
            .orderBy('id')
            .executeTakeFirst()
        )?.id
        if (next === undefined) throw noOtherDefault()
        await trx.updateTable('whatsapps').set({ isDefault: 1, updatedAt: nowIso() }).where('id', '=', next).execute()
      }
      await trx.deleteFrom('whatsapp_queues').where('whatsappId', '=', id).execute()
      await trx.deleteFrom('whatsapps').where('id', '=', id).execute()
      return next
    })
    publisher.whatsapp({ action: 'delete', whatsappId: id })
    if (promoted !== undefined) publisher.whatsapp({ action: 'update', whatsapp: await get(promoted) })
  }

  return { list, get, create, update, remove }
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>
