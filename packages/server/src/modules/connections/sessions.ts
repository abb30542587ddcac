import { randomUUID } from 'node:crypto'
import type { Ack, ConnectionSession, Driver, ErrorCode } from '@desk/api-client'
import type { Db } from '../../db'
import { runForwarded } from '../../drivers/forwarding'
import type { DriverFactory, InboundMessage, MessagingDriver, StatusUpdate, StoredSession } from '../../drivers/types'
import type { Publisher } from '../../realtime/publisher'
import { RelayError, type SessionCall, type SessionRelay } from '../../realtime/session-relay'
import { type Actor, requireAdmin } from '../users/access'
import { findSessionRow } from './holders'
import { findConnectionRow, toSession, updateSessionStatus } from './repository'
import { connectionNotFound } from './service'
import { ADMIN_CALLS, type AdminCall, createAdminCalls } from './session-admin'
import { createInstances, type Instance, isTransient, notInitialized } from './session-instances'
import { createMirror } from './session-mirror'
import { createSessionSync } from './session-sync'

export interface SessionHandlers {
  inbound(connectionId: number, message: InboundMessage): Promise<unknown>
  ack(connectionId: number, providerMessageId: string, ack: Ack): Promise<unknown>
  failed?(connectionId: number, providerMessageId: string, code?: ErrorCode): Promise<unknown>
}

export interface SessionOptions {
  /** How long a process holds a session it stopped renewing (default 30 s; env `WEB_SESSION_LEASE_SECONDS`). */
  leaseMs?: number
  /** How often each process renews its leases and checks its sessions against the stored ones (default 5 s). */
  syncMs?: number
  /** How long a call waits for the process holding the session (default 60 s). */
  callTimeoutMs?: number
  /** How long a connection found steady is believed without reading its row (default `STEADY_BELIEVED_MS`). */
  steadyMs?: number
}

export interface SessionManagerDeps {
  db: Db
  publisher: Publisher
  dataDir: string
  factories: Partial<Record<Driver, DriverFactory>>
  handlers: SessionHandlers
  /** The other server processes (socket.io server-side events). */
  relay: SessionRelay
  /** This process's name in leases. */
  self?: string
  options?: SessionOptions
  log?: (error: unknown, message: string) => void
}

export const DEFAULT_SESSION_LEASE_MS = 30_000
/**
 * How long a lookup that found a process-free session steady here is believed without reading the
 * row again (see `driver`). Every change a process makes is announced to the others at once (and
 * forgets the belief there); this bounds what a lost announcement leaves stale.
 */
export const STEADY_BELIEVED_MS = 1_000
export const DEFAULT_SESSION_SYNC_MS = 5_000
const DEFAULT_CALL_TIMEOUT_MS = 60_000

/**
 * Every connection's session, in every server process (docs/architecture.md: "Two agents at once, several server
 * processes"). The stored connection row is the truth: status, QR code and settings. Each process runs instances of the
 * drivers that keep nothing in one process (simulator, Cloud API, web chat), taken up quietly from the
 * stored session; a web session runs in the one process that holds its lease (`session_holders`), and the
 * others reach it through a forwarding driver. A driver writes its status only over the state it last saw,
 * and every change is announced to the other processes (`connectionChanged`), which bring their instances
 * in line; a periodic pass (renewing leases, taking over sessions whose holder went quiet) heals what a
 * missed notice left behind. Callers get a connection's driver through `driver(id)`.
 */
export const createSessionManager = (deps: SessionManagerDeps) => {
  const { db, publisher, relay } = deps
  const self = deps.self ?? `p${process.pid}-${randomUUID().slice(0, 8)}`
  const log = deps.log ?? (() => {})
  const leaseMs = deps.options?.leaseMs ?? DEFAULT_SESSION_LEASE_MS
  const callTimeoutMs = deps.options?.callTimeoutMs ?? DEFAULT_CALL_TIMEOUT_MS
  const steadyMs = deps.options?.steadyMs ?? STEADY_BELIEVED_MS
  const statusListeners: Array<(session: ConnectionSession) => Promise<unknown> | unknown> = []

  /** One thing at a time per connection in this process: lookups, notices, the periodic pass, admin calls. */
  const queues = new Map<number, Promise<unknown>>()
  const serial = <T>(id: number, work: () => Promise<T>): Promise<T> => {
    const run = (queues.get(id) ?? Promise.resolve()).then(work, work)
    const tail = run.then(
      () => {},
      () => {},
    )
    queues.set(id, tail)
    void tail.then(() => queues.get(id) === tail && queues.delete(id))
    return run
  }

  /**
   * Lookups that found a process-free session steady, by connection: the instance and the version of
   * its stored session then. Believed for `steadyMs` while the instance stays the same and
   * sees no change, and forgotten on any status written here, any announcement of a change, and while
   * any of the connection's other work (an admin's call, a sync) is under way.
   */
  const believed = new Map<number, { instance: Instance; version: number; until: number }>()

  /** Stores a status (only over `expected`, when given), tells clients and the other processes. */
  const write = async (id: number, update: StatusUpdate, expected?: StoredSession) => {
    believed.delete(id)
    const row = await updateSessionStatus(db, id, update, expected)
    if (!row) return undefined
    const session = toSession(row)
    publisher.whatsappSession(session)
    relay.changed(id)
    for (const listener of statusListeners) {
      await Promise.resolve()
        .then(() => listener(session))
        .catch((error) => log(error, `a listener of connection ${id}'s status failed`))
    }
    return session
  }

  /** A status an instance reported: stored over what it last saw; refused, the instance catches up instead. */
  const report = async (id: number, instance: Instance, update: StatusUpdate) => {
    // A process-free driver's pairing is held by the process showing the QR code (see session-mirror.ts).
    const pairing = !instance.held && isTransient(update.status)
    if (pairing) await mirror.hold(id, true)
    const session = await write(id, update, instance.seen)
    if (!session) {
      if (pairing) await mirror.release(id)
      if (instances.local.get(id) === instance) void refresh(id)
      return
    }
    instances.see(instance, session)
    if (!instance.held && !pairing) await mirror.release(id)
  }

  const instances = createInstances({
    dataDir: deps.dataDir,
    factories: deps.factories,
    handlers: deps.handlers,
    report,
  })

  const forward = async (connectionId: number, op: string, args: unknown[]) => {
    try {
      return await relay.call({ connectionId, op, args }, callTimeoutMs)
    } catch (error) {
      if (!(error instanceof RelayError)) throw error
      if (error.reason === 'unheld' || error.code === 'ERR_WAPP_NOT_INITIALIZED') {
        throw notInitialized(error.message, ADMIN_CALLS.has(op) ? 503 : 400)
      }
      if (error.code === 'ERR_NO_WAPP_FOUND') throw connectionNotFound()
      // A send that timed out may have gone out: it fails as a send, not as a stopped connection.
      throw error.reason === 'timeout' && ADMIN_CALLS.has(op)
        ? notInitialized(error.message, 503)
        : new Error(error.message)
    }
  }

  const mirror = createMirror({ db, instances, self, leaseMs, write, forward, log })

  const believedDriver = (id: number) => {
    const known = believed.get(id)
    if (!known) return undefined
    const current = instances.local.get(id)
    if (current === known.instance && current.version === known.version && known.until > Date.now() && !queues.has(id))
      return current.driver
    believed.delete(id)
    return undefined
  }

  /**
   * Brings this process in line with the stored row now; answers the driver serving the connection here.
   * On a notice (`takeOver`) a web session its holder just let go is taken here.
   */
  const refresh = async (id: number, takeOver = false) => {
    if (takeOver) believed.delete(id)
    else {
      const driver = believedDriver(id)
      if (driver) return driver
    }
    const read = await findSessionRow(db, id)
    const steady = read && !takeOver ? mirror.steady(read) : null
    if (steady) {
      const current = instances.local.get(id)
      if (current && !current.held && steady.driver === current.driver && !queues.has(id)) {
        believed.set(id, { instance: current, version: current.version, until: Date.now() + steadyMs })
      }
      return steady.driver
    }
    believed.delete(id)
    return serial(id, async () => {
      const row = await findSessionRow(db, id)
      if (row) return mirror.sync(row, { takeOver })
      await instances.drop(id)
      return undefined
    })
  }

  const sessionOf = async (id: number): Promise<ConnectionSession> => {
    const row = await findConnectionRow(db, id)
    if (!row) throw connectionNotFound()
    return toSession(row)
  }

  const admin = createAdminCalls({ db, self, serial, instances, mirror, write, forward, sessionOf })
  /** An admin's call answers the session it left. */
  const adminCall = async (op: AdminCall, id: number) => (await admin.call(op, id)) ?? sessionOf(id)
  const syncMs = deps.options?.syncMs ?? DEFAULT_SESSION_SYNC_MS
  const sync = createSessionSync({ db, self, leaseMs, syncMs, instances, mirror, serial, relay, log })

  relay.onChanged((id) => {
    refresh(id, true).catch((error) => log(error, `connection ${id} could not catch up`))
  })
  relay.serve((call: SessionCall) => {
    const instance = instances.local.get(call.connectionId)
    if (!instance?.held) return undefined
    if (ADMIN_CALLS.has(call.op)) return admin.here(call.op as AdminCall, call.connectionId)
    return runForwarded(instance.driver, call.op, call.args)
  })

  return {
    /**
     * The driver that serves a connection in this process, or undefined when nothing runs it: a
     * process-free session taken up here on demand (so a connection opened through another process works
     * at once), the web session where this process holds it, or a driver forwarding to the process that
     * does. Callers still check `isConnected()`.
     */
    driver: (id: number): Promise<MessagingDriver | undefined> => refresh(id, false),
    /** This process's own instance of a connection, if it runs one (tests use its hooks). */
    get: (id: number) => instances.local.get(id)?.driver,
    session: sessionOf,
    /** Opens the session ("try again"), or shows a QR code to pair; a running session is left as it is. */
    start: (id: number) => adminCall('start', id),
    /** The connection is being deleted: its session stops and forgets the pairing, wherever it runs. */
    remove: async (id: number) => {
      await admin.call('remove', id).catch((error) => log(error, `the session of connection ${id} did not stop`))
    },
    /** The connection was deleted: the other processes drop their instances. */
    removed: async (id: number) => {
      await serial(id, () => instances.drop(id))
      relay.changed(id)
    },
    /** The connection's settings changed: a running session starts again with them, everywhere. */
    reload: async (id: number) => {
      await admin.reload(id)
      relay.changed(id)
    },
    /** At boot: takes up the stored sessions, then keeps them in line (see `session-sync.ts`). */
    restore: sync.start,
    /** Stops every session here without forgetting pairings, and lets other processes take the held ones. */
    stopAll: sync.stop,
    /** Calls `listener` after every status change is stored (outreach jobs pause on a disconnect). */
    onStatus: (listener: (session: ConnectionSession) => Promise<unknown> | unknown) => {
      statusListeners.push(listener)
    },
    /** The session calls of `/whatsappsession/:id`, admin-only. */
    forActor: (actor: Actor) => {
      requireAdmin(actor)
      return {
        start: (id: number) => adminCall('start', id),
        newQr: (id: number) => adminCall('newQr', id),
        disconnect: (id: number) => adminCall('disconnect', id),
      }
    },
  }
}

export type SessionManager = ReturnType<typeof createSessionManager>
