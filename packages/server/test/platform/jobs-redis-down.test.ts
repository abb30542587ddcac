import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createRedisEngine } from '../../src/modules/outreach/engine/redis-engine'
import type { Stepper } from '../../src/modules/outreach/engine/step'
import { bulkText, finished, type JobsDesk, startJobsDesk, waitForJob } from '../support/jobs'
import { REDIS, redisAvailable, switchableRedis } from '../support/redis'

describe.runIf(redisAvailable)('the Redis engine while Redis is down', () => {
  const prefix = `desk-test-${randomBytes(4).toString('hex')}`
  const cleanups: Array<() => Promise<unknown>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
    const redis = new Redis(REDIS.href)
    const keys = await redis.keys(`${prefix}*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
  })

  it('starts the desk without waiting for Redis; a job made meanwhile runs once Redis answers', async () => {
    const redis = await switchableRedis()
    cleanups.push(redis.down)
    const d: JobsDesk = await startJobsDesk('sqlite', { jobs: { redisUrl: redis.url, redisPrefix: prefix } })
    cleanups.push(() => d.t.close())
    // The desk answers (sign-in, connections, a new job) with Redis still down.
    const job = await bulkText(d.agent, d.sim.id, ['5511955500001', '5511955500002'])
    expect(job.sent).toBe(0)
    expect((await d.agent.call('jobGet', { params: { id: job.id } })).body).toMatchObject({ sent: 0 })
    await redis.up()
    expect(await waitForJob(d.agent, job.id, finished)).toMatchObject({ status: 'done', sent: 2 })
  })

  it('says once where Redis was expected, retries, says when it is back, and stops without it', async () => {
    const redis = await switchableRedis()
    cleanups.push(redis.down)
    const d = await startJobsDesk('sqlite')
    cleanups.push(() => d.t.close())
    const warnings: string[] = []
    const errors: string[] = []
    const stepper = { recoverAll: async () => {}, step: async () => null } as unknown as Stepper
    const engine = createRedisEngine({
      db: d.t.server.db,
      stepper,
      redisUrl: `redis://:secret-password@${new URL(redis.url).host}`,
      prefix: `${prefix}-b`,
      stopTimeoutMs: 500,
      warn: (message) => warnings.push(message),
      log: (_error, message) => errors.push(message),
    })
    await engine.start()
    // Waking a job with Redis down returns at once: the job stays due in the database.
    await engine.wake(1, new Date())
    await vi.waitFor(() => expect(warnings).toHaveLength(1), { timeout: 10_000 })
    expect(warnings[0]).toMatch(new RegExp(`^Redis at ${new URL(redis.url).host} is not reachable \\(ECONNREFUSED\\)`))
    expect(warnings[0]).not.toContain('secret-password')
    await redis.up()
    await vi.waitFor(() => expect(warnings).toHaveLength(2), { timeout: 15_000 })
    expect(warnings[1]).toContain('answers again')
    await redis.down()
    await engine.stop()
    expect(errors).toEqual([])
  })
})
