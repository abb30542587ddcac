import { randomBytes } from 'node:crypto'
import net from 'node:net'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createRedisEngine } from '../src/modules/outreach/engine/redis-engine'
import type { Stepper } from '../src/modules/outreach/engine/step'
import { bulkText, finished, type JobsDesk, startJobsDesk, waitForJob } from './support/jobs'

const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')
const redisAvailable = await (async () => {
  const probe = new Redis(REDIS.href, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 })
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
})()

/**
 * A Redis that is down until `up()`: a port nobody listens on, which then forwards to the real Redis.
 * Closing it cuts every connection, as Redis going away does.
 */
async function switchableRedis() {
  const probe = net.createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const port = (probe.address() as net.AddressInfo).port
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  const sockets = new Set<net.Socket>()
  const proxy = net.createServer((client) => {
    const upstream = net.connect(Number(REDIS.port || 6379), REDIS.hostname)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('error', () => s.destroy())
      s.on('close', () => sockets.delete(s))
    }
    client.pipe(upstream).pipe(client)
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    up: () => new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve)),
    down: async () => {
      for (const s of sockets) s.destroy()
      if (proxy.listening) await new Promise<void>((resolve) => proxy.close(() => resolve()))
    },
  }
}

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
    expect((await d.agent.get(`/api/jobs/${job.id}`)).body).toMatchObject({ sent: 0 })
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
