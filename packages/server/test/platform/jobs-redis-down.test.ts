import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createRedisWork } from '../../src/jobs/runtime'
import { bulkText, finished, type JobsDesk, startJobsDesk, waitForJob } from '../support/jobs'
import { REDIS, redisAvailable, switchableRedis } from '../support/redis'

describe.runIf(redisAvailable)('the Redis runtime while Redis is down', () => {
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
    const ran: number[] = []
    const work = createRedisWork({
      db: d.t.server.db,
      redisUrl: `redis://:secret-password@${new URL(redis.url).host}`,
      prefix: `${prefix}-b`,
      stopTimeoutMs: 500,
      warn: (message) => warnings.push(message),
      log: (_error, message) => errors.push(message),
    })
    work.register<{ n: number }>({ kind: 'redis-down', step: async ({ payload }) => void ran.push(payload.n) })
    await work.start()
    // Work stored with Redis down returns at once: it waits in the database, and runs once Redis answers.
    expect(await work.enqueue('redis-down', { n: 1 }, { dedupeKey: 'while-down' })).toBeTypeOf('number')
    await vi.waitFor(() => expect(warnings).toHaveLength(1), { timeout: 10_000 })
    expect(warnings[0]).toMatch(new RegExp(`^Redis at ${new URL(redis.url).host} is not reachable \\(ECONNREFUSED\\)`))
    expect(warnings[0]).not.toContain('secret-password')
    await redis.up()
    await vi.waitFor(() => expect(warnings).toHaveLength(2), { timeout: 15_000 })
    expect(warnings[1]).toContain('answers again')
    await vi.waitFor(() => expect(ran).toEqual([1]), { timeout: 10_000 })
    await redis.down()
    await work.stop()
    expect(errors).toEqual([])
  })
})
