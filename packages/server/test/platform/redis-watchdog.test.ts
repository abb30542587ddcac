/**
 * The watchdog on a connection to Redis: a connection gone silent (no error, no close) is dropped and
 * dialled again; a slow one that still answers is left alone, and so is one whose answer came while this
 * process was too busy to read it before the deadline.
 */
import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { watchRedis } from '../../src/realtime/redis-watchdog'
import { REDIS, redisAvailable, redisLink } from '../support/redis'

describe.skipIf(!redisAvailable)('the watchdog on a connection to Redis', () => {
  const cleanups: Array<() => unknown> = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })
  /**
   * A watched client of `url`; `silences` holds the reasons it was dropped for, `pings` counts the PINGs
   * sent, and `before` runs right before the n-th PING goes out.
   */
  const watched = async (
    url: string,
    timing: { intervalMs: number; timeoutMs: number },
    before = new Map<number, () => void>(),
  ) => {
    const client = new Redis(url, { retryStrategy: () => 50 })
    const silences: string[] = []
    let pings = 0
    const ping = client.ping.bind(client)
    client.ping = (() => {
      before.get(++pings)?.()
      return ping()
    }) as typeof client.ping
    const stop = watchRedis(client, { ...timing, onSilent: (reason) => silences.push(reason) })
    cleanups.push(() => client.disconnect(), stop)
    await vi.waitFor(() => expect(client.status).toBe('ready'))
    return { client, silences, pings: () => pings }
  }
  const newLink = async () => {
    const link = await redisLink()
    cleanups.push(() => link.close())
    return link
  }

  it('drops a connection gone silent, and the client answers again through a new one', async () => {
    const link = await newLink()
    const { client, silences } = await watched(link.url, { intervalMs: 50, timeoutMs: 200 })
    const first = client.stream
    link.freeze()
    await vi.waitFor(() => expect(link.dropped()).toBe(1))
    expect(silences).toEqual(['no answer to PING within 200 ms'])
    // Dialled again while the link is frozen: that connection is never answered and is dropped as well.
    await vi.waitFor(() => expect(silences).toContain('a new connection got no answer'))
    link.thaw()
    await vi.waitFor(() => expect(client.status).toBe('ready'))
    expect(client.stream).not.toBe(first)
    expect(await client.ping()).toBe('PONG')
  })

  it('leaves a slow connection that answers alone, a new one included', async () => {
    const link = await newLink()
    // Round trips of 200 ms, half the timeout, and longer than the interval.
    link.slow(100)
    const { client, silences, pings } = await watched(link.url, { intervalMs: 50, timeoutMs: 400 })
    const first = client.stream
    await vi.waitFor(() => expect(pings()).toBeGreaterThanOrEqual(5), { timeout: 5000 })
    expect(silences).toEqual([])
    expect(client.stream).toBe(first)
  })

  it('leaves alone a connection whose answer came while this process was busy past the deadline', async () => {
    let client: Redis | undefined
    // The second PING waits behind a 0.1 s BLPOP on its connection; meanwhile a long synchronous task holds this
    // process past the PING's deadline, so its answer arrives unread, and is read only after the deadline.
    const busyMeanwhile = () => {
      void client?.blpop(`test-watchdog-${randomBytes(4).toString('hex')}`, 0.1)
      setImmediate(() => {
        const until = Date.now() + 400
        while (Date.now() < until) {}
      })
    }
    const watch = await watched(REDIS.href, { intervalMs: 50, timeoutMs: 200 }, new Map([[2, busyMeanwhile]]))
    client = watch.client
    const first = client.stream
    await vi.waitFor(() => expect(watch.pings()).toBeGreaterThanOrEqual(4))
    expect(watch.silences).toEqual([])
    expect(client.stream).toBe(first)
  })
})
