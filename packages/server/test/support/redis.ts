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
 * The way from a server process to the real Redis, which the test can cut, freeze and restore:
 * - `cut` drops every open connection and closes each new one at once (counted in `refused`), as a Redis
 *   that went away does; `restore` forwards again;
 * - `slow` delays every byte, both ways;
 * - `freeze` makes every open connection silent for good: it stays open, but no byte crosses it either way
 *   (what each side sends is read and dropped), as when a partition, a NAT or a firewall loses the flow or
 *   Redis freezes. Connections opened while frozen are accepted and just as silent (counted in `dialled`);
 *   after `thaw`, new connections forward again, while the silent ones stay silent until their client drops
 *   them (counted in `dropped`).
 */
export async function redisLink() {
  const sockets = new Set<net.Socket>()
  /** The server processes' ends, as they reach the link. */
  const clients = new Set<net.Socket>()
  const silent = new Set<net.Socket>()
  let cut = false
  let frozen = false
  let refused = 0
  let dialled = 0
  let dropped = 0
  let latency = 0
  /** A client connection that says nothing and hears nothing. */
  const silence = (client: net.Socket) => {
    if (silent.has(client)) return
    silent.add(client)
    client.on('close', () => {
      silent.delete(client)
      dropped++
    })
  }
  const proxy = net.createServer((client) => {
    if (cut) {
      refused++
      client.destroy()
      return
    }
    sockets.add(client)
    clients.add(client)
    client.on('error', () => client.destroy())
    client.on('close', () => {
      sockets.delete(client)
      clients.delete(client)
    })
    if (frozen) {
      dialled++
      silence(client)
      client.resume()
      return
    }
    const upstream = net.connect(Number(REDIS.port || 6379), REDIS.hostname)
    sockets.add(upstream)
    upstream.on('error', () => upstream.destroy())
    upstream.on('close', () => {
      sockets.delete(upstream)
      client.destroy()
    })
    client.on('close', () => upstream.destroy())
    // Equal delays keep the bytes in order.
    const send = (to: net.Socket, chunk: Buffer) => {
      if (silent.has(client)) return
      if (!latency) to.write(chunk)
      else setTimeout(() => !to.destroyed && !silent.has(client) && to.write(chunk), latency)
    }
    client.on('data', (chunk: Buffer) => send(upstream, chunk))
    upstream.on('data', (chunk: Buffer) => send(client, chunk))
    client.on('end', () => upstream.end())
    upstream.on('end', () => {
      if (!silent.has(client)) client.end()
    })
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
      const count = sockets.size
      for (const s of sockets) s.destroy()
      return count
    },
    restore: () => {
      cut = false
    },
    /** Silences every open connection; answers how many. */
    freeze: () => {
      frozen = true
      dialled = 0
      dropped = 0
      for (const client of clients) silence(client)
      return clients.size
    },
    thaw: () => {
      frozen = false
    },
    /** Delays every byte by `ms` each way from now on (a slow but working network or Redis); 0 for none. */
    slow: (ms: number) => {
      latency = ms
    },
    /** Connections opened since the last freeze while it held. */
    dialled: () => dialled,
    /** Silent connections their client closed since the last freeze. */
    dropped: () => dropped,
    close: async () => {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => proxy.close(() => resolve()))
    },
  }
}
