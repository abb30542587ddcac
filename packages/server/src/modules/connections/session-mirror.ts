import type { Driver } from '@desk/api-client'
import type { Db } from '../../db'
import { ForwardingDriver } from '../../drivers/forwarding'
import type { MessagingDriver, StatusUpdate, StoredSession } from '../../drivers/types'
import { holdSession, liveHolder, releaseSession, type SessionRow } from './holders'
import { type Instance, type Instances, isHeld, isTransient, sameSession } from './session-instances'

export interface MirrorDeps {
  db: Db
  instances: Instances
  /** This process's name in `session_holders`. */
  self: string
  leaseMs: number
  /** Stores a status (only over `expected`, when given). */
  write(id: number, update: StatusUpdate, expected?: StoredSession): Promise<unknown>
  /** A call to the process holding a session. */
  forward(connectionId: number, op: string, args: unknown[]): Promise<unknown>
  log(error: unknown, message: string): void
}

const DISCONNECTED = { status: 'DISCONNECTED', qrcode: null } as const

/**
 * Brings this process's instance of one connection in line with the stored row, and answers the driver
 * that serves the connection here (undefined when nothing runs it):
 * - process-free drivers: an instance takes up the stored session quietly (`resume`), so no status
 *   flickers when a process starts serving a connection another one opened; settings that changed
 *   replace the instance; a session that ended drops it.
 * - held drivers (the web session): the holder's own instance, or a forwarding driver to the live
 *   holder. With `takeOver` (the periodic pass), a connected session nobody holds any more (its holder
 *   stopped renewing) is taken and restored here.
 * Either way a session left halfway (opening, a QR code, pairing) by a process that no longer holds it
 * is marked DISCONNECTED, so the fault shows.
 */
export const createMirror = (deps: MirrorDeps) => {
  const { db, instances, self } = deps
  const times = () => ({ now: new Date().toISOString(), until: new Date(Date.now() + deps.leaseMs).toISOString() })

  const hold = (id: number, force = false) => holdSession(db, id, self, times(), force)
  const release = (id: number) => releaseSession(db, id, self)

  const forwarding = (row: SessionRow) =>
    new ForwardingDriver(row.driver as Driver, row.status === 'CONNECTED', (op, args) => deps.forward(row.id, op, args))

  /**
   * The driver serving the row here when `sync` would change nothing (no write, no instance made or
   * dropped), else null: most lookups end here, without waiting for the connection's other work.
   */
  const steady = (row: SessionRow): { driver: MessagingDriver | undefined } | null => {
    const current = instances.local.get(row.id)
    if (isTransient(row.status) && !liveHolder(row)) return null
    if (isHeld(row.driver)) {
      if (row.holder === self) return current ? { driver: current.driver } : null
      if (current) return null
      return { driver: liveHolder(row) ? forwarding(row) : undefined }
    }
    if (!current) return row.status === 'CONNECTED' || row.status === 'qrcode' ? null : { driver: undefined }
    const same = current.kind === row.driver && current.config === row.config
    return same && sameSession(current.seen, { status: row.status, qrcode: row.qrcode })
      ? { driver: current.driver }
      : null
  }

  const abandoned = async (row: SessionRow, stored: StoredSession) => {
    if (isTransient(row.status) && !liveHolder(row)) await deps.write(row.id, DISCONNECTED, stored)
  }

  const free = async (read: SessionRow, current: Instance | undefined): Promise<MessagingDriver | undefined> => {
    let row = read
    const stored = { status: row.status, qrcode: row.qrcode }
    if (current && sameSession(current.seen, stored)) return current.driver
    // Whatever this process showed is someone else's now, or over.
    if (row.holder === self) {
      await release(row.id)
      row = { ...row, holder: null, expiresAt: null }
    }
    const live = row.status === 'CONNECTED' || (row.status === 'qrcode' && row.qrcode !== null && liveHolder(row))
    if (!live) {
      if (current) await instances.drop(row.id)
      await abandoned(row, stored)
      return undefined
    }
    const instance = current ?? instances.create(row, row.status === 'CONNECTED')
    await instance.driver.resume?.(stored)
    instances.see(instance, stored)
    if (row.status === 'CONNECTED' && !instance.driver.isConnected()) {
      await instances.drop(row.id)
      await deps.write(row.id, DISCONNECTED, stored)
      return undefined
    }
    return instance.driver
  }

  const held = async (
    row: SessionRow,
    current: Instance | undefined,
    takeOver: boolean,
  ): Promise<MessagingDriver | undefined> => {
    if (row.holder === self) {
      if (current) return current.driver
      await release(row.id)
      return undefined
    }
    // Held elsewhere, or by nobody: an instance here lost its lease.
    if (current) await instances.drop(row.id)
    const holder = liveHolder(row)
    if (holder) return forwarding(row)
    if (takeOver && row.status === 'CONNECTED' && (await hold(row.id))) {
      const instance = instances.create(row, true)
      try {
        await instance.driver.start()
      } catch (error) {
        deps.log(error, `could not restore the session of connection ${row.id}`)
        await instances.drop(row.id)
        await release(row.id)
        await deps.write(row.id, DISCONNECTED)
        return undefined
      }
      return instance.driver
    }
    await abandoned(row, { status: row.status, qrcode: row.qrcode })
    return undefined
  }

  /** See above; `readAt` (the instances' counter when the row was read) keeps an older read from undoing a newer change. */
  const sync = async (row: SessionRow, options: { takeOver?: boolean; readAt?: number } = {}) => {
    let current = instances.local.get(row.id)
    if (current && options.readAt !== undefined && current.version > options.readAt) return current.driver
    if (current && !current.held && (current.kind !== row.driver || current.config !== row.config)) {
      await instances.drop(row.id)
      current = undefined
    }
    try {
      return isHeld(row.driver) ? await held(row, current, options.takeOver ?? false) : await free(row, current)
    } catch (error) {
      deps.log(error, `the session of connection ${row.id} could not be taken up`)
      return undefined
    }
  }

  return { sync, steady, hold, release }
}

export type Mirror = ReturnType<typeof createMirror>
