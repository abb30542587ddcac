import type { Driver } from '@desk/api-client'
import { cleanInbound, storedProviderId } from '../../drivers/clean'
import type { DriverFactory, MessagingDriver, StatusUpdate, StoredSession } from '../../drivers/types'
import { AppError } from '../../http/errors'
import { parseConfig } from './repository'
import type { SessionHandlers } from './sessions'

/**
 * Drivers whose session runs in exactly one process: the web session (one socket per linked device;
 * two sockets on one device fight). Every other driver keeps nothing in one process, so any process
 * serves a connected session with its own instance.
 */
const HELD = new Set<Driver>(['web-session'])
export const isHeld = (driver: string) => HELD.has(driver as Driver)

/** Statuses of a session on its way (opening, showing a QR code, pairing): some process is running it. */
const TRANSIENT = new Set(['OPENING', 'qrcode', 'PAIRING'])
export const isTransient = (status: string) => TRANSIENT.has(status)

export const notInitialized = (message?: string, status = 400) =>
  new AppError('ERR_WAPP_NOT_INITIALIZED', status, undefined, message)

/** One connection's driver in this process. */
export interface Instance {
  readonly driver: MessagingDriver
  readonly kind: string
  /** The stored settings it was built with. */
  readonly config: string | null
  /** This process holds the session (held drivers only have instances where they are held). */
  readonly held: boolean
  /**
   * The stored session it last wrote or took up, which its next status write expects to find; undefined
   * after an admin's call, whose first write goes through whatever is stored.
   */
  seen: StoredSession | undefined
  /** When `seen` last changed (this process's counter), so an older read never overrides it. */
  version: number
}

export interface InstanceDeps {
  dataDir: string
  factories: Partial<Record<Driver, DriverFactory>>
  handlers: SessionHandlers
  /** A status the instance reported, to be stored (see `sessions.ts`). */
  report(id: number, instance: Instance, update: StatusUpdate): Promise<void>
}

/** The instances this process runs, one per connection at most. */
export const createInstances = (deps: InstanceDeps) => {
  const local = new Map<number, Instance>()
  let clock = 0

  const create = (row: { id: number; driver: string; config: string | null }, paired: boolean): Instance => {
    const factory = deps.factories[row.driver as Driver]
    if (!factory) throw notInitialized(`The ${row.driver} driver is not available on this server`)
    const id = row.id
    const instance = { kind: row.driver, config: row.config, held: isHeld(row.driver), seen: undefined, version: 0 }
    let reporting: Promise<void> = Promise.resolve()
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
        failed: async (providerMessageId, code) =>
          deps.handlers.failed?.(id, storedProviderId(providerMessageId), code),
        // One at a time and in order: each is written over the one before.
        status: (update) => {
          const next = reporting.then(async () => {
            // A driver replaced or removed meanwhile no longer speaks for the connection.
            if (local.get(id) === made) await deps.report(id, made, update)
          })
          reporting = next.catch(() => {})
          return next
        },
      },
    })
    const made: Instance = { ...instance, driver }
    local.set(id, made)
    see(made, undefined)
    return made
  }

  /** Forgets a connection's instance here and stops it (`logout` also forgets the pairing). */
  const drop = async (id: number, options?: { logout?: boolean }) => {
    const instance = local.get(id)
    local.delete(id)
    await instance?.driver.stop(options)
  }

  const see = (instance: Instance, session: StoredSession | undefined) => {
    instance.seen = session && { status: session.status, qrcode: session.qrcode }
    clock += 1
    instance.version = clock
  }

  return { local, create, drop, see, clock: () => clock }
}

export type Instances = ReturnType<typeof createInstances>

export const sameSession = (a: StoredSession | undefined, b: StoredSession) =>
  a !== undefined && a.status === b.status && (a.qrcode ?? null) === (b.qrcode ?? null)
