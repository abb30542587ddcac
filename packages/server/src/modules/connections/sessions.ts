import type { Ack, ConnectionSession, Driver } from '@desk/api-client'
import type { Db } from '../../db'
import { cleanInbound, storedProviderId } from '../../drivers/clean'
import type { DriverFactory, InboundMessage, MessagingDriver, StatusUpdate } from '../../drivers/types'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { type Actor, requireAdmin } from '../users/access'
import { findConnectionRow, listSessionStates, parseConfig, toSession, updateSessionStatus } from './repository'
import { connectionNotFound } from './service'

export interface SessionHandlers {
  inbound(connectionId: number, message: InboundMessage): Promise<unknown>
  ack(connectionId: number, providerMessageId: string, ack: Ack): Promise<unknown>
  failed?(connectionId: number, providerMessageId: string): Promise<unknown>
}

export interface SessionManagerDeps {
  db: Db
  publisher: Publisher
  dataDir: string
  factories: Partial<Record<Driver, DriverFactory>>
  handlers: SessionHandlers
  log?: (error: unknown, message: string) => void
}

/** Drivers whose session any process may run at once (see `ensure`). */
const PROCESS_FREE = new Set<Driver>(['webchat'])

const notInitialized = (message?: string) => new AppError('ERR_WAPP_NOT_INITIALIZED', 400, undefined, message)

/**
 * Owns one driver instance per connection for the life of the process: starts, re-pairs
 * and disconnects sessions, writes every status change to the connection (status, QR code,
 * retries, updatedAt) and announces it as `whatsappSession`. At boot, sessions that were
 * CONNECTED are restored (already paired) and the others are marked DISCONNECTED.
 */
export const createSessionManager = (deps: SessionManagerDeps) => {
  const { db, publisher } = deps
  const drivers = new Map<number, MessagingDriver>()
  const log = deps.log ?? (() => {})
  const statusListeners: Array<(session: ConnectionSession) => Promise<unknown> | unknown> = []

  const setStatus = async (id: number, update: StatusUpdate): Promise<ConnectionSession | undefined> => {
    const row = await updateSessionStatus(db, id, update)
    if (!row) return undefined
    const session = toSession(row)
    publisher.whatsappSession(session)
    for (const listener of statusListeners) {
      await Promise.resolve()
        .then(() => listener(session))
        .catch((error) => log(error, `a listener of connection ${id}'s status failed`))
    }
    return session
  }

  const instance = async (id: number, paired: boolean): Promise<MessagingDriver> => {
    const existing = drivers.get(id)
    if (existing) return existing
    const row = await findConnectionRow(db, id)
    if (!row) throw connectionNotFound()
    const factory = deps.factories[row.driver as Driver]
    if (!factory) throw notInitialized(`The ${row.driver} driver is not available on this server`)
    const driver = factory({
      connectionId: id,
      config: parseConfig(row.config),
      dataDir: deps.dataDir,
      paired,
      // Every network's text passes here on its way to storage: NUL bytes go, as in the contract, and
      // what is longer than its column is fitted to it (a provider id as it was stored, to be found again).
      events: {
        inbound: (message) => deps.handlers.inbound(id, cleanInbound(message)),
        ack: (providerMessageId, ack) => deps.handlers.ack(id, storedProviderId(providerMessageId), ack),
        failed: async (providerMessageId) => deps.handlers.failed?.(id, storedProviderId(providerMessageId)),
        status: async (update) => {
          // A driver replaced or removed meanwhile no longer speaks for the connection.
          if (drivers.get(id) === driver) await setStatus(id, update)
        },
      },
    })
    drivers.set(id, driver)
    return driver
  }

  const sessionOf = async (id: number): Promise<ConnectionSession> => {
    const row = await findConnectionRow(db, id)
    if (!row) throw connectionNotFound()
    return toSession(row)
  }

  /** Opens the session ("try again"); a running session is left as it is. */
  const start = async (id: number, paired = false): Promise<ConnectionSession> => {
    const driver = await instance(id, paired)
    if (!driver.isConnected()) await driver.start()
    return sessionOf(id)
  }

  /**
   * The connection's driver in this process, started here when the connection is CONNECTED and its
   * driver keeps nothing in one process (the web chat, whose network is the database and the socket
   * rooms): with several processes, the one an agent's request reaches may not have started it yet.
   * Other drivers hold a session one process owns, and are only what `get` says.
   */
  const ensure = async (id: number): Promise<MessagingDriver | undefined> => {
    const running = drivers.get(id)
    if (running) return running
    const row = await findConnectionRow(db, id)
    if (row?.status !== 'CONNECTED' || !PROCESS_FREE.has(row.driver as Driver)) return undefined
    await start(id, true)
    return drivers.get(id)
  }

  /** Forgets the pairing and starts over with a new QR code. */
  const newQr = async (id: number): Promise<ConnectionSession> => {
    const driver = await instance(id, false)
    await driver.stop({ logout: true })
    await driver.start()
    return sessionOf(id)
  }

  /** Ends the session and forgets the pairing. */
  const disconnect = async (id: number): Promise<ConnectionSession> => {
    if (!(await findConnectionRow(db, id))) throw connectionNotFound()
    await drivers.get(id)?.stop({ logout: true })
    return (await setStatus(id, { status: 'DISCONNECTED', qrcode: null })) ?? sessionOf(id)
  }

  /** Stops and forgets a connection's driver (the connection is being deleted). */
  const remove = async (id: number) => {
    const driver = drivers.get(id)
    drivers.delete(id)
    await driver?.stop({ logout: true })
  }

  /** The connection's settings changed: a running session starts again with them. */
  const reload = async (id: number) => {
    const driver = drivers.get(id)
    if (!driver) return
    const wasConnected = driver.isConnected()
    drivers.delete(id)
    await driver.stop()
    if (wasConnected) await start(id, true)
  }

  const restore = async () => {
    const rows = await listSessionStates(db)
    for (const row of rows) {
      if (row.status === 'CONNECTED' && deps.factories[row.driver as Driver]) {
        try {
          await start(row.id, true)
        } catch (error) {
          log(error, `could not restore the session of connection ${row.id}`)
          await setStatus(row.id, { status: 'DISCONNECTED', qrcode: null })
        }
      } else if (row.status !== 'DISCONNECTED') {
        await setStatus(row.id, { status: 'DISCONNECTED', qrcode: null })
      }
    }
  }

  /** Closes every session without forgetting pairings, so the next boot restores them. */
  const stopAll = async () => {
    const all = [...drivers.values()]
    drivers.clear()
    await Promise.allSettled(all.map((d) => d.stop()))
  }

  return {
    /** The running driver of a connection, if any. */
    get: (id: number) => drivers.get(id),
    ensure,
    session: sessionOf,
    start,
    newQr,
    disconnect,
    remove,
    reload,
    restore,
    stopAll,
    setStatus,
    /** Calls `listener` after every status change is stored (outreach jobs pause on a disconnect). */
    onStatus: (listener: (session: ConnectionSession) => Promise<unknown> | unknown) => {
      statusListeners.push(listener)
    },
    /** The session calls of `/whatsappsession/:id`, admin-only. */
    forActor: (actor: Actor) => {
      requireAdmin(actor)
      return { start: (id: number) => start(id), newQr, disconnect }
    },
  }
}

export type SessionManager = ReturnType<typeof createSessionManager>
