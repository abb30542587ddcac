import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SimulatorDriver } from '../../src/drivers/simulator'
import type { SentMessage } from '../../src/drivers/types'
import { createServer, type DeskServer } from '../../src/index'
import { drivers } from '../support/drivers'
import { bulkText, finished, type JobsDesk, sleep, startJobsDesk, waitForJob } from '../support/jobs'

/** Records when each send of a driver starts and ends. */
const recordSpans = (driver: SimulatorDriver, spans: Array<{ start: number; end: number; to: string }>) => {
  const original = driver.sendText.bind(driver)
  driver.sendText = async (to, body, options): Promise<SentMessage> => {
    const span = { start: performance.now(), end: Number.POSITIVE_INFINITY, to }
    spans.push(span)
    await sleep(1)
    try {
      return await original(to, body, options)
    } finally {
      span.end = performance.now()
    }
  }
}

describe.each(drivers)('two server processes on one $driver database', ({ driver, available }) => {
  let d: JobsDesk
  let second: DeskServer | undefined
  beforeAll(async () => {
    if (!available) return
    d = await startJobsDesk(driver)
    // A second server on the same database: it restores the paired connection and polls for due jobs.
    second = createServer({
      dataDir: d.t.storage.dataDir,
      databaseUrl: d.t.storage.databaseUrl,
      port: 0,
      host: '127.0.0.1',
      simulator: { qrRefreshMs: 0 },
      autoCloseHours: 0,
      jobs: { pollMs: 20 },
    })
    await second.listen()
  })
  afterAll(async () => {
    await second?.close()
    await d?.t.close()
  })

  it.runIf(available)(
    'share the jobs: every number gets one message, and a connection never sends two at once',
    async () => {
      const other = second?.services.sessions.get(d.sim.id) as SimulatorDriver
      expect(other.isConnected()).toBe(true)
      const firstSpans: Array<{ start: number; end: number; to: string }> = []
      const otherSpans: typeof firstSpans = []
      recordSpans(d.simDriver(), firstSpans)
      recordSpans(other, otherSpans)
      const numbers = (prefix: string) => Array.from({ length: 15 }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`)
      // The first server's engine starts again only once the second has taken some work.
      const first = d.t.server.services.outreach.engine
      await first.stop()
      const jobs = await Promise.all([
        bulkText(d.agent, d.sim.id, numbers('55119500000')),
        bulkText(d.admin, d.sim.id, numbers('55119600000')),
        bulkText(d.admin, d.sim.id, numbers('55119700000')),
      ])
      for (let i = 0; i < 400 && otherSpans.length === 0; i++) await sleep(10)
      await first.start()
      for (const job of jobs)
        expect(await waitForJob(d.admin, job.id, finished)).toMatchObject({ status: 'done', sent: 15 })
      // Both processes send into the same simulated network (its outbox lives in the shared data folder).
      const delivered = d
        .simDriver()
        .outbox()
        .map((e) => e.to)
      expect(delivered).toHaveLength(45)
      expect(new Set(delivered).size).toBe(45)
      const sorted = [...firstSpans, ...otherSpans].sort((a, b) => a.start - b.start)
      for (let i = 1; i < sorted.length; i++)
        expect(sorted[i]?.start).toBeGreaterThanOrEqual(sorted[i - 1]?.end as number)
      expect(otherSpans.length).toBeGreaterThan(0)
    },
  )
})
