/** The test Redis: whether it answers, and a Redis that can be down and come back. */
import net from 'node:net'
import { Redis } from 'ioredis'

export const REDIS = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')
export const redisAvailable = await (async () => {
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
export async function switchableRedis() {
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
