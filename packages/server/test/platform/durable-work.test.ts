import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Database, migrateToLatest, openDatabase } from '../../src/db'
import { createDatabaseWork, createRedisWork, type DurableWork, type WorkKind } from '../../src/jobs/runtime'
import { createStorage, drivers, type TestStorage } from '../support/drivers'
import { REDIS, redisAvailable } from '../support/redis'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const workOf = (database: Database, kind: string) =>
  database.db.selectFrom('durable_work').selectAll().where('kind', '=', kind).executeTakeFirst()
const until = async (check: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out')
    await sleep(10)
  }
}

/** Each runtime on each database: the same behaviour whether BullMQ or the database wakes the work. */
const variants = drivers.flatMap(({ driver, available }) => [
  { driver, runtime: 'database' as const, available },
  { driver, runtime: 'redis' as const, available: available && redisAvailable },
])

describe.each(variants)('the $runtime durable work runtime on $driver', ({ driver, runtime: name, available }) => {
  let storage: TestStorage
  // Two handles on one database: two server processes as far as the runtime can tell.
  let first: Database
  let second: Database
  const runtimes: DurableWork[] = []
  // Each test's processes share a Redis prefix of their own.
  const prefixes = `durable-test-${randomBytes(4).toString('hex')}`
  let prefix = prefixes
  let tests = 0
  beforeEach(() => {
    tests += 1
    prefix = `${prefixes}-${tests}`
  })
  const runtime = (database: Database, kinds: WorkKind<never>[]) => {
    const work =
      name === 'redis'
        ? createRedisWork({ db: database.db, redisUrl: REDIS.href, prefix, reconcileMs: 50, graceMs: 200 })
        : createDatabaseWork({ db: database.db, pollMs: 20 })
    for (const kind of kinds) work.register(kind)
    runtimes.push(work)
    return work
  }
  beforeAll(async () => {
    if (!available) return
    storage = await createStorage(driver)
    first = openDatabase(storage)
    await migrateToLatest(first.db)
    second = openDatabase(storage)
  })
  afterAll(async () => {
    for (const work of runtimes) await work.stop()
    await first?.destroy()
    await second?.destroy()
    await storage?.cleanup()
    if (name !== 'redis' || !available) return
    const redis = new Redis(REDIS.href)
    const keys = await redis.keys(`${prefixes}-*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
  })

  it.runIf(available)('runs each piece of work once across two processes, and a dedupe key once', async () => {
    const ran: number[] = []
    const kind: WorkKind<{ n: number }> = {
      kind: 'count',
      step: async ({ payload }) => {
        ran.push(payload.n)
        await sleep(2)
      },
    }
    const a = runtime(first, [kind as WorkKind<never>])
    const b = runtime(second, [kind as WorkKind<never>])
    await Promise.all([a.start(), b.start()])
    for (let n = 0; n < 30; n += 1) await (n % 2 ? a : b).enqueue('count', { n })
    expect(await a.enqueue('count', { n: 100 }, { dedupeKey: 'mail-7' })).toBeTypeOf('number')
    expect(await b.enqueue('count', { n: 101 }, { dedupeKey: 'mail-7' })).toBeNull()
    await until(() => ran.length >= 31)
    await sleep(150)
    expect([...ran].sort((x, y) => x - y)).toEqual([...Array.from({ length: 30 }, (_, n) => n), 100])
  })

  it.runIf(available)('tries failed work again with growing waits, then gives up once', async () => {
    const attempts: Array<{ at: number; attempt: number }> = []
    const givenUp: string[] = []
    const a = runtime(first, [
      {
        kind: 'flaky',
        maxAttempts: 3,
        backoffMs: 80,
        step: async ({ attempt }) => {
          attempts.push({ at: Date.now(), attempt })
          throw new Error(`refused ${attempt}`)
        },
        onGiveUp: async (_context, error) => {
          givenUp.push((error as Error).message)
        },
      },
    ])
    await a.start()
    await a.enqueue('flaky', null)
    await until(() => givenUp.length === 1)
    await sleep(300)
    expect(attempts.map((x) => x.attempt)).toEqual([1, 2, 3])
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(75)
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(155)
    expect(givenUp).toEqual(['refused 3'])
    const row = await first.db
      .selectFrom('durable_work')
      .selectAll()
      .where('kind', '=', 'flaky')
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ state: 'failed', attempts: 3, lastError: 'refused 3' })
  })

  it.runIf(available)('runs work at its time, runs steps until done, and keeps progress', async () => {
    const seen: number[] = []
    const a = runtime(first, [
      {
        kind: 'steps',
        step: async ({ progress }) => {
          seen.push(Date.now())
          await progress({ done: seen.length })
          return seen.length < 3 ? { again: new Date(Date.now() + 30) } : undefined
        },
      },
    ])
    await a.start()
    const asked = Date.now()
    await a.enqueue('steps', null, { runAt: new Date(asked + 200), dedupeKey: 'job-1' })
    await until(() => seen.length === 3)
    expect(seen[0]! - asked).toBeGreaterThanOrEqual(195)
    await until(async () => ((await a.progressOf('steps', 'job-1')) as { done: number })?.done === 3)
  })

  it.runIf(available)('holds paused work until it is resumed', async () => {
    const ran: string[] = []
    const a = runtime(first, [{ kind: 'pausable', step: async () => void ran.push('ran') }])
    await a.enqueue('pausable', null, { runAt: new Date(Date.now() + 100), dedupeKey: 'job-2' })
    expect(await a.pause('pausable', 'job-2')).toBe(true)
    await a.start()
    await sleep(300)
    expect(ran).toEqual([])
    expect(await a.resume('pausable', 'job-2')).toBe(true)
    await until(() => ran.length === 1)
  })

  it.runIf(available)('hands work whose process stopped answering to another once its lease ends', async () => {
    const ranBy: Array<{ by: string; at: number }> = []
    let release = () => {}
    const stuck = new Promise<void>((resolve) => {
      release = resolve
    })
    const a = runtime(first, [
      {
        kind: 'leased',
        leaseMs: 300,
        step: async () => {
          ranBy.push({ by: 'a', at: Date.now() })
          await stuck
        },
      },
    ])
    await a.start()
    const enqueued = Date.now()
    await a.enqueue('leased', null)
    await until(() => ranBy.length === 1)
    // When a's lease ends, as it wrote it (a lease only ever moves later).
    const leased = await first.db
      .selectFrom('durable_work')
      .select('leaseUntil')
      .where('kind', '=', 'leased')
      .executeTakeFirstOrThrow()
    const leaseEnd = Date.parse(String(leased.leaseUntil))
    // Process a stops answering (it takes no more work) with the step still under way.
    a.unregister('leased')
    const b = runtime(second, [
      { kind: 'leased', leaseMs: 300, step: async () => void ranBy.push({ by: 'b', at: Date.now() }) },
    ])
    await b.start()
    await until(() => ranBy.length === 2)
    expect(ranBy.map((r) => r.by)).toEqual(['a', 'b'])
    // Not before a's lease ended (measured from the lease itself: a's step starts a moment after it is taken).
    expect(ranBy[1]!.at).toBeGreaterThanOrEqual(leaseEnd)
    expect(leaseEnd).toBeGreaterThanOrEqual(enqueued + 300)
    release()
    // The lapsed holder's late outcome is not recorded over the new one.
    await sleep(50)
    const row = await first.db
      .selectFrom('durable_work')
      .selectAll()
      .where('kind', '=', 'leased')
      .executeTakeFirstOrThrow()
    expect(row.state).toBe('done')
  })

  it.runIf(available)(
    'runs other work while one step is slow (a bot that takes its time holds up no mail)',
    async () => {
      let release = () => {}
      const slow = new Promise<void>((resolve) => {
        release = resolve
      })
      const ran: string[] = []
      const a = runtime(first, [
        {
          kind: 'slow',
          step: async () => {
            ran.push('slow started')
            await slow
          },
        },
        { kind: 'fast', step: async () => void ran.push('fast') },
      ])
      await a.start()
      await a.enqueue('slow', null)
      await until(() => ran.length === 1)
      await a.enqueue('fast', null)
      try {
        await until(() => ran.includes('fast'), 1000)
      } finally {
        release()
      }
      expect(ran).toEqual(['slow started', 'fast'])
    },
  )

  it.runIf(available)('lets the process answer other events while work is due without a pause', async () => {
    let steps = 0
    const a = runtime(first, [
      {
        kind: 'busy',
        step: async () => {
          steps += 1
          return steps < 100 ? { again: new Date() } : undefined
        },
      },
    ])
    await a.start()
    await a.enqueue('busy', null)
    await until(() => steps > 0)
    // A request arriving now (a timer here) is answered while the work goes on, not after it.
    const answeredAt = await new Promise<number>((resolve) => setTimeout(() => resolve(steps), 0))
    expect(answeredAt).toBeLessThan(100)
    await until(() => steps === 100, 20_000)
  })

  it.runIf(available)(
    'wakes keyed work: stores it, brings it forward, queues it again when done, and runs it again after a step under way',
    async () => {
      const ran: number[] = []
      let hold = Promise.resolve()
      const a = runtime(first, [
        {
          kind: 'woken',
          step: async () => {
            ran.push(Date.now())
            await hold
          },
        },
      ])
      await a.start()
      // Missing: stored, for its time.
      await a.wake('woken', null, { dedupeKey: 'job-3', runAt: new Date(Date.now() + 60_000) })
      await sleep(150)
      expect(ran).toEqual([])
      // Queued for later: brought forward to now.
      await a.wake('woken', null, { dedupeKey: 'job-3' })
      await until(() => ran.length === 1)
      // Done: queued again.
      await until(async () => (await workOf(first, 'woken'))?.state === 'done')
      await a.wake('woken', null, { dedupeKey: 'job-3' })
      await until(() => ran.length === 2)
      // Under way: its step finishes (saying it is done), then it runs again for the wake.
      let release = () => {}
      hold = new Promise<void>((resolve) => {
        release = resolve
      })
      await until(async () => (await workOf(first, 'woken'))?.state === 'done')
      await a.wake('woken', null, { dedupeKey: 'job-3' })
      await until(() => ran.length === 3)
      hold = Promise.resolve()
      await a.wake('woken', null, { dedupeKey: 'job-3' })
      release()
      await until(() => ran.length === 4)
      await sleep(150)
      expect(ran).toHaveLength(4)
      expect(await workOf(first, 'woken')).toMatchObject({ state: 'done', wakeAt: null })
    },
  )

  it.runIf(available && name === 'redis')(
    'loses nothing when Redis forgets: the database hands its due work over again',
    async () => {
      const ran: string[] = []
      const a = runtime(first, [{ kind: 'kept', step: async ({ payload }) => void ran.push(payload as string) }])
      await a.start()
      await a.enqueue('kept', 'later', { runAt: new Date(Date.now() + 300) })
      await sleep(100)
      // Redis loses every key of this desk (a flush, a new empty instance).
      const redis = new Redis(REDIS.href)
      const keys = await redis.keys(`${prefix}:*`)
      expect(keys.length).toBeGreaterThan(0)
      await redis.del(...keys)
      redis.disconnect()
      await until(() => ran.length === 1)
      expect(ran).toEqual(['later'])
    },
  )

  it.runIf(available)('runs a recurring kind once a period desk-wide, however many processes', async () => {
    const runs: number[] = []
    const kind: WorkKind<never> = { kind: 'tick', step: async () => void runs.push(Date.now()) }
    const a = runtime(first, [kind])
    const b = runtime(second, [kind])
    await Promise.all([a.every('tick', 150), b.every('tick', 150)])
    await Promise.all([a.start(), b.start()])
    await sleep(1000)
    await Promise.all([a.stop(), b.stop()])
    expect(runs.length).toBeGreaterThanOrEqual(2)
    expect(runs.length).toBeLessThanOrEqual(7)
    for (let i = 1; i < runs.length; i += 1) expect(runs[i]! - runs[i - 1]!).toBeGreaterThanOrEqual(140)
  })
})
