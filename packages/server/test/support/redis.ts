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

/**
 * The way from a server process to the real Redis, which the test can cut and restore: `cut` drops every
 * open connection and closes each new one at once (counted in `refused`), as a Redis that went away does;
 * `restore` forwards again.
 */
export async function redisLink() {
  const sockets = new Set<net.Socket>()
  let cut = false
  let refused = 0
  const proxy = net.createServer((client) => {
    if (cut) {
      refused++
      client.destroy()
      return
    }
    const upstream = net.connect(Number(REDIS.port || 6379), REDIS.hostname)
    for (const s of [client, upstream]) {
      sockets.add(s)
      s.on('error', () => s.destroy())
      s.on('close', () => sockets.delete(s))
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return {
    url: `redis://127.0.0.1:${(proxy.address() as net.AddressInfo).port}`,
    /** Connections refused since the last cut. */
    refused: () => refused,
    /** Cuts the link; answers how many connections (client and Redis sides) it dropped. */
    cut: () => {
      cut = true
      refused = 0
      const dropped = sockets.size
      for (const s of sockets) s.destroy()
      return dropped
    },
    restore: () => {
      cut = false
    },
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => proxy.close(() => resolve()))
    },
  }
}
