import type { ConnectionSession } from '@desk/api-client'
import type { Db } from '../../db'
import type { StatusUpdate, StoredSession } from '../../drivers/types'
import { findSessionRow, liveHolder } from './holders'
import { connectionNotFound } from './service'
import { type Instances, isHeld, notInitialized } from './session-instances'
import type { Mirror } from './session-mirror'

export type AdminCall = 'start' | 'newQr' | 'disconnect' | 'remove'
export const ADMIN_CALLS = new Set<string>(['start', 'newQr', 'disconnect', 'remove'])

export interface AdminCallDeps {
  db: Db
  self: string
  serial: <T>(id: number, work: () => Promise<T>) => Promise<T>
  instances: Instances
  mirror: Mirror
  write(id: number, update: StatusUpdate, expected?: StoredSession): Promise<ConnectionSession | undefined>
  forward(connectionId: number, op: string, args: unknown[]): Promise<unknown>
  sessionOf(id: number): Promise<ConnectionSession>
}

/** A web session another process holds: the call goes there. */
const ELSEWHERE = Symbol('held elsewhere')

/**
 * The admin's session calls (start, new QR code, disconnect, and the stop before a delete), done in the
 * process that runs the session: here for the drivers any process serves, in the holder for a web
 * session (forwarded while its lease is live; taken here when nobody holds it). A call starts its
 * instance's reports afresh (`seen` undefined), so its first status goes through whatever is stored.
 */
export const createAdminCalls = (deps: AdminCallDeps) => {
  const { db, instances, mirror } = deps

  /** This process's instance with the stored settings (a fresh one when they changed). */
  const instanceFor = async (row: { id: number; driver: string; config: string | null }) => {
    const current = instances.local.get(row.id)
    if (current && current.kind === row.driver && current.config === row.config) return current
    await instances.drop(row.id)
    return instances.create(row, false)
  }

  const run = async (op: AdminCall, id: number, forwarded: boolean) => {
    const row = await findSessionRow(db, id)
    if (!row) {
      if (op === 'remove') return null
      throw connectionNotFound()
    }
    const held = isHeld(row.driver)
    if (held && !(await mirror.hold(id))) {
      if (!forwarded) return ELSEWHERE
      throw notInitialized('This server process no longer holds the session')
    }
    if (op === 'disconnect' || op === 'remove') {
      // A web session nobody runs still forgets its pairing files.
      if (held && !instances.local.has(id)) instances.create(row, false)
      await instances.drop(id, { logout: true })
      await mirror.release(id)
      if (op === 'remove') return null
      return (await deps.write(id, { status: 'DISCONNECTED', qrcode: null })) ?? deps.sessionOf(id)
    }
    // "Try again" leaves a running session as it is; a new QR code forgets the pairing first.
    if (op === 'start' && !held && (await mirror.sync(row))?.isConnected()) return deps.sessionOf(id)
    const instance = await instanceFor(row)
    if (op === 'start' && instance.driver.isConnected()) return deps.sessionOf(id)
    instances.see(instance, undefined)
    if (op === 'newQr') await instance.driver.stop({ logout: true })
    await instance.driver.start()
    return deps.sessionOf(id)
  }

  /** Runs an admin call here, or in the process holding the session. Answers the session (null for `remove`). */
  const call = async (op: AdminCall, id: number): Promise<ConnectionSession | null> => {
    const row = await findSessionRow(db, id)
    const holder = row && isHeld(row.driver) ? liveHolder(row) : undefined
    if (!holder || holder === deps.self) {
      const done = await deps.serial(id, () => run(op, id, false))
      if (done !== ELSEWHERE) return done
    }
    return (await deps.forward(id, op, [])) as ConnectionSession | null
  }

  /** A call another process forwarded here, as the holder. */
  const here = (op: AdminCall, id: number) =>
    deps.serial(id, async () => {
      const done = await run(op, id, true)
      return done === ELSEWHERE ? null : done
    })

  /** New settings: this process's instance starts again with them when the session was connected. */
  const reload = (id: number) =>
    deps.serial(id, async () => {
      const row = await findSessionRow(db, id)
      // A web session's settings are its holder's business (it hears the notice).
      const elsewhere = row !== undefined && isHeld(row.driver) && row.holder !== deps.self
      if (!elsewhere) await instances.drop(id)
      if (row?.status !== 'CONNECTED' || elsewhere) return
      const instance = instances.create(row, true)
      await instance.driver.start()
    })

  return { call, here, reload }
}
