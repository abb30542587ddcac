import type { ConnectionCreateData, ConnectionDetail, ConnectionUpdateData } from '@desk/api-client'
import type { Db, Executor } from '../../db'
import { AppError, fieldError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { allQueuesExist } from '../queues/repository'
import { updatedTelephony } from '../telephony/settings'
import { type Actor, isAdmin, requireAdmin } from '../users/access'
import { createdWebChat, readWebChat, updatedWebChat } from '../widget/settings'
import {
  clearDefault,
  connectionQueueIds,
  deleteConnection,
  findConnection,
  findConnectionRow,
  findDefaultConnectionId,
  findIsDefault,
  findOldestOtherConnectionId,
  findOtherConnectionId,
  hydrateConnections,
  insertConnection,
  listConnectionRows,
  lockConnections,
  makeDefault,
  parseConfig,
  type StoredConfig,
  setConnectionQueues,
  updateConnection,
} from './repository'

export const connectionNotFound = () => new AppError('ERR_NO_WAPP_FOUND', 404)
const noOtherDefault = () => new AppError('ERR_NO_OTHER_WHATSAPP', 400)

const checkQueues = async (db: Executor, queueIds: number[] | undefined) => {
  if (queueIds?.length && !(await allQueuesExist(db, queueIds))) throw fieldError('queueIds', 'validation.invalid')
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
   * changed (to reopen it with them), before one is deleted and after.
   */
  hooks?: {
    created?(id: number): Promise<void>
    configChanged?(id: number): Promise<void>
    removing?(id: number): Promise<void>
    removed?(id: number): Promise<void>
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
    const rows = await listConnectionRows(db)
    return (await hydrateConnections(db, rows)).map((c) => forViewer(c, actor))
  }

  const get = async (id: number, actor?: Actor): Promise<ConnectionDetail> => {
    const found = await findConnection(db, id)
    if (!found) throw connectionNotFound()
    return forViewer(found, actor)
  }

  const create = async (actor: Actor, input: ConnectionCreateData): Promise<ConnectionDetail> => {
    requireAdmin(actor)
    await checkQueues(db, input.queueIds)
    requireGreeting(input.queueIds, input.greetingMessage)
    const config: StoredConfig =
      input.driver === 'cloud-api' && input.cloudApi
        ? { cloudApi: input.cloudApi }
        : input.driver === 'webchat' && input.webChat
          ? { webChat: createdWebChat(input.webChat) }
          : input.driver === 'telephony' && input.telephony
            ? { telephony: input.telephony }
            : input.driver === 'instagram' && input.instagram
              ? { instagram: input.instagram }
              : {}
    const { id, previousDefault } = await db.transaction().execute(async (trx) => {
      await lockConnections(trx)
      const existing = await findDefaultConnectionId(trx)
      const isDefault = input.isDefault || existing === undefined
      if (isDefault) await clearDefault(trx)
      const id = await insertConnection(trx, {
        name: input.name,
        isDefault,
        greetingMessage: input.greetingMessage ?? null,
        farewellMessage: input.farewellMessage ?? null,
        driver: input.driver,
        config: JSON.stringify(config),
      })
      await setConnectionQueues(trx, id, input.queueIds)
      return { id, previousDefault: isDefault ? existing : undefined }
    })
    publisher.whatsapp({ action: 'create', whatsapp: await get(id) })
    if (previousDefault !== undefined) publisher.whatsapp({ action: 'update', whatsapp: await get(previousDefault) })
    await hooks?.created?.(id)
    return get(id)
  }

  const update = async (actor: Actor, id: number, input: ConnectionUpdateData): Promise<ConnectionDetail> => {
    requireAdmin(actor)
    const current = await findConnectionRow(db, id)
    if (!current) throw connectionNotFound()
    await checkQueues(db, input.queueIds)
    const queueIds = input.queueIds ?? (await connectionQueueIds(db, id))
    const greeting = input.greetingMessage === undefined ? current.greetingMessage : input.greetingMessage
    requireGreeting(queueIds, greeting)
    let config: string | undefined
    if (input.cloudApi && current.driver === 'cloud-api') {
      const stored = parseConfig(current.config)
      const changes = Object.fromEntries(Object.entries(input.cloudApi).filter(([, v]) => v !== undefined))
      config = JSON.stringify({ ...stored, cloudApi: { ...stored.cloudApi, ...changes } })
    }
    if (input.instagram && current.driver === 'instagram') {
      const stored = parseConfig(current.config)
      const changes = Object.fromEntries(Object.entries(input.instagram).filter(([, v]) => v !== undefined))
      config = JSON.stringify({ ...stored, instagram: { ...stored.instagram, ...changes } })
    }
    if (input.telephony && current.driver === 'telephony') {
      const stored = parseConfig(current.config)
      config = JSON.stringify({ ...stored, telephony: updatedTelephony(stored.telephony ?? {}, input.telephony) })
    }
    if (input.webChat && current.driver === 'webchat') {
      const stored = parseConfig(current.config)
      config = JSON.stringify({ ...stored, webChat: updatedWebChat(readWebChat(stored.webChat), input.webChat) })
    }
    const previousDefault = await db.transaction().execute(async (trx) => {
      await lockConnections(trx)
      const isDefault = await findIsDefault(trx, id)
      if (isDefault === undefined) throw connectionNotFound()
      if (input.isDefault === false && isDefault === 1) throw noOtherDefault()
      const becomesDefault = input.isDefault === true && isDefault !== 1
      const before = becomesDefault ? await findDefaultConnectionId(trx) : undefined
      if (becomesDefault) await clearDefault(trx)
      await updateConnection(trx, id, {
        name: input.name,
        greetingMessage: input.greetingMessage,
        farewellMessage: input.farewellMessage,
        isDefault: becomesDefault ? 1 : undefined,
        config,
      })
      if (input.queueIds !== undefined) await setConnectionQueues(trx, id, input.queueIds)
      return before
    })
    if (config !== undefined) await hooks?.configChanged?.(id)
    const updated = await get(id)
    publisher.whatsapp({ action: 'update', whatsapp: updated })
    if (previousDefault !== undefined) publisher.whatsapp({ action: 'update', whatsapp: await get(previousDefault) })
    return updated
  }

  const remove = async (actor: Actor, id: number): Promise<void> => {
    requireAdmin(actor)
    const row = await findConnectionRow(db, id)
    if (!row) throw connectionNotFound()
    if (row.isDefault === 1) {
      if ((await findOtherConnectionId(db, id)) === undefined) throw noOtherDefault()
    }
    await hooks?.removing?.(id)
    const promoted = await db.transaction().execute(async (trx) => {
      await lockConnections(trx)
      const isDefault = await findIsDefault(trx, id)
      if (isDefault === undefined) throw connectionNotFound()
      let next: number | undefined
      if (isDefault === 1) {
        next = await findOldestOtherConnectionId(trx, id)
        if (next === undefined) throw noOtherDefault()
        await makeDefault(trx, next)
      }
      await deleteConnection(trx, id)
      return next
    })
    await hooks?.removed?.(id)
    publisher.whatsapp({ action: 'delete', whatsappId: id })
    if (promoted !== undefined) publisher.whatsapp({ action: 'update', whatsapp: await get(promoted) })
  }

  return { list, get, create, update, remove }
}

export type ConnectionsService = ReturnType<typeof createConnectionsService>
