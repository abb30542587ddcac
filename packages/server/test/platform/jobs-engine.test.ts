import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SentMessage } from '../../src/drivers/types'
import { createServer } from '../../src/index'
import { simulatorControls } from '../support/desk'
import { bulkText, finished, type JobsDesk, recipientsOf, sleep, startJobsDesk, waitForJob } from '../support/jobs'
import { REDIS, redisAvailable } from '../support/redis'
import { Client } from '../support/server'

const REDIS_URL = REDIS.href
if (!redisAvailable) console.warn(`Redis not reachable at ${REDIS_URL}: the Redis engine test is skipped`)

describe('the job engine', () => {
  let d: JobsDesk
  beforeAll(async () => {
    d = await startJobsDesk('sqlite')
  })
  afterAll(() => d?.t.close())

  it('sends one message at a time on a connection, however many jobs use it', async () => {
    const driver = d.simDriver()
    const original = driver.sendText.bind(driver)
    const spans: Array<{ start: number; end: number }> = []
    driver.sendText = async (to, body, options): Promise<SentMessage> => {
      const span = { start: performance.now(), end: Number.POSITIVE_INFINITY }
      spans.push(span)
      await sleep(2)
      try {
        return await original(to, body, options)
      } finally {
        span.end = performance.now()
      }
    }
    const numbers = (prefix: string) => Array.from({ length: 12 }, (_, i) => `${prefix}${String(i).padStart(2, '0')}`)
    const [a, b] = await Promise.all([
      bulkText(d.agent, d.sim.id, numbers('55119111000')),
      bulkText(d.admin, d.sim.id, numbers('55119222000')),
    ])
    for (const job of [a, b]) expect(await waitForJob(d.admin, job.id, finished)).toMatchObject({ sent: 12 })
    driver.sendText = original
    expect(spans).toHaveLength(24)
    const sorted = [...spans].sort((x, y) => x.start - y.start)
    for (let i = 1; i < sorted.length; i++)
      expect(sorted[i]?.start).toBeGreaterThanOrEqual(sorted[i - 1]?.end as number)
  })

  it('after a crash, a recipient left sending becomes uncertain when the server starts again and is never sent twice', async () => {
    const { t, admin } = d
    const job = await bulkText(admin, d.sim.id, ['5511933300001', '5511933300002', '5511933300003'], {
      startAt: new Date(Date.now() + 3_600_000).toISOString(),
    })
    // The state a process leaves when it dies during the second send: claimed, job held, hold lapsed.
    const past = new Date(Date.now() - 60_000).toISOString()
    await t.server.db
      .updateTable('job_recipients')
      .set({ state: 'sending' })
      .where('jobId', '=', job.id)
      .where('position', '=', 2)
      .execute()
    await t.server.db
      .updateTable('jobs')
      .set({ status: 'running', startAt: null, nextRunAt: past, leaseHolder: 'a-dead-process', leaseUntil: past })
      .where('id', '=', job.id)
      .execute()
    await t.server.close()
    const again = createServer({
      dataDir: t.storage.dataDir,
      databaseUrl: t.storage.databaseUrl,
      port: 0,
      host: '127.0.0.1',
      simulator: { qrRefreshMs: 0 },
      autoCloseHours: 0,
      jobs: { pollMs: 50 },
    })
    try {
      const { url } = await again.listen()
      const client = new Client(url)
      client.token = admin.token
      const done = await waitForJob(client, job.id, finished)
      expect(done).toMatchObject({ status: 'done', sent: 2, uncertain: 1 })
      expect((await recipientsOf(client, job.id)).map((r) => [r.state, r.reason])).toEqual([
        ['sent', null],
        ['uncertain', 'interrupted'],
        ['sent', null],
      ])
      // The simulated network outlives the desk: its outbox holds every send of both lives of the server.
      const outbox = await simulatorControls(client, d.sim.id).outbox()
      const toThisJob = outbox.map((e) => e.to).filter((to) => to.startsWith('55119333'))
      expect(toThisJob.sort()).toEqual(['5511933300001', '5511933300003'])
      // Retrying failed recipients leaves uncertain ones alone.
      await client.call('jobAction', { params: { id: job.id }, body: { action: 'retryFailed' } })
      expect((await client.call('jobGet', { params: { id: job.id } })).body).toMatchObject({
        status: 'done',
        uncertain: 1,
      })
    } finally {
      await again.close()
    }
  })
})

describe.runIf(redisAvailable)('the Redis engine', () => {
  let d: JobsDesk
  const prefix = `desk-test-${randomBytes(4).toString('hex')}`
  beforeAll(async () => {
    d = await startJobsDesk('sqlite', { jobs: { redisUrl: REDIS_URL, redisPrefix: prefix } })
  })
  afterAll(async () => {
    await d?.t.close()
    const redis = new Redis(REDIS_URL)
    const keys = await redis.keys(`${prefix}:*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
  })

  it('runs the same job to done through BullMQ, and pauses and resumes it', async () => {
    expect(d.t.server.services.outreach.engine.name).toBe('redis')
    const job = await bulkText(d.agent, d.sim.id, ['5511944400001', '5511944400002', '5511944400003', '5511944400001'])
    expect(await waitForJob(d.agent, job.id, finished)).toMatchObject({ status: 'done', sent: 3, skipped: 1 })
    expect((await d.sim.outbox()).map((e) => e.to).sort()).toEqual(['5511944400001', '5511944400002', '5511944400003'])
    const slow = await bulkText(d.agent, d.sim.id, ['5511944400004', '5511944400005'], {
      minInterval: 3600,
      maxInterval: 3600,
    })
    await waitForJob(d.agent, slow.id, (j) => j.waitingReason === 'interval')
    await d.agent.call('jobAction', { params: { id: slow.id }, body: { action: 'pause' } })
    await d.agent.call('jobAction', { params: { id: slow.id }, body: { action: 'resume' } })
    expect(await waitForJob(d.agent, slow.id, (j) => j.sent === 1)).toMatchObject({ status: 'running' })
  })
})
