import type { Db } from '../../db'
import type { SessionRelay } from '../../realtime/session-relay'
import { listSessionRows, releaseSessions, renewSessions } from './holders'
import type { Instances } from './session-instances'
import type { Mirror } from './session-mirror'

export interface SessionSyncDeps {
  db: Db
  self: string
  leaseMs: number
  syncMs: number
  instances: Instances
  mirror: Mirror
  serial: <T>(id: number, work: () => Promise<T>) => Promise<T>
  relay: Pick<SessionRelay, 'changed'>
  log: (error: unknown, message: string) => void
}

/**
 * The periodic pass of each process: renews the leases it holds, then brings every instance in line with
 * the stored rows (one query for all connections), drops those of deleted connections and takes over
 * connected web sessions whose holder stopped renewing. The first pass, at boot, takes up the stored
 * sessions quietly. A process that cannot renew (its database went away) stops its held sessions once its
 * lease would have run out, since another process may have taken them by then.
 */
export const createSessionSync = (deps: SessionSyncDeps) => {
  const { db, self, instances, mirror, serial, log } = deps
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let renewedAt = Date.now()

  const stopHeld = async () => {
    for (const [id, instance] of [...instances.local]) {
      if (instance.held) await serial(id, () => instances.drop(id))
    }
  }

  const pass = async () => {
    try {
      await renewSessions(db, self, new Date(Date.now() + deps.leaseMs).toISOString())
      renewedAt = Date.now()
    } catch (error) {
      log(error, 'the session leases of this process could not be renewed')
      if (Date.now() - renewedAt >= deps.leaseMs) await stopHeld()
      return
    }
    const readAt = instances.clock()
    const rows = await listSessionRows(db)
    const stored = new Set(rows.map((r) => r.id))
    for (const id of [...instances.local.keys()]) {
      if (!stored.has(id)) await serial(id, () => instances.drop(id))
    }
    for (const row of rows) await serial(row.id, () => mirror.sync(row, { takeOver: true, readAt }))
  }

  const tick = () => {
    running ??= pass()
      .catch((error) => log(error, 'the sessions could not be checked against the stored ones'))
      .finally(() => {
        running = undefined
      })
    return running
  }

  return {
    /** The first pass, then one every `syncMs`. */
    start: async () => {
      await tick()
      timer = setInterval(() => void tick(), deps.syncMs)
      timer.unref()
    },
    /** Stops every session here without forgetting pairings; the held ones are released for another process. */
    stop: async () => {
      clearInterval(timer)
      await running
      for (const id of [...instances.local.keys()]) await serial(id, () => instances.drop(id))
      const released = await releaseSessions(db, self).catch((error) => {
        log(error, 'the session leases of this process could not be released')
        return []
      })
      for (const id of released) deps.relay.changed(id)
    },
  }
}
