/**
 * Two server processes behind one load balancer behave as one: with Redis configured, an event published
 * by the process that handled a request reaches the sockets connected to the other (socket.io's Redis
 * adapter), and presence counts the sockets of both.
 */
import { randomBytes } from 'node:crypto'
import type { AppMessageEvent } from '@desk/api-client'
import { Redis } from 'ioredis'
import { io as connectSocket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { configFromEnv, createServer, type DeskServer } from '../../src/index'
import { connectSimulator, listen, notificationSocket } from '../support/desk'
import { pgAvailable } from '../support/drivers'
import { REDIS, redisAvailable, redisLink, switchableRedis } from '../support/redis'
import {
  bootstrapAdmin,
  Client,
  followingSocket,
  startSecondServer,
  startTestServer,
  type TestServer,
} from '../support/server'

const REDIS_URL = REDIS.href

/**
 * A signed-in socket on the process at `url` that reconnects as the app's does (socket.io's own reconnection)
 * and follows notifications again on every connect; `connects` counts its connections.
 */
const reconnectingSocket = async (url: string, token: string | undefined) => {
  const socket = connectSocket(url, {
    transports: ['websocket'],
    reconnectionDelay: 50,
    reconnectionDelayMax: 200,
    forceNew: true,
    auth: { token },
  })
  let connects = 0
  let following = 0
  socket.on('connect', () => {
    connects++
    const connect = connects
    void socket.emitWithAck('joinNotification').then((joined) => {
      if (joined) following = connect
    })
  })
  // Connected and following notifications (again, after a reconnect).
  await vi.waitFor(() => expect(following).toBe(1), { timeout: 10_000 })
  return { socket, connects: () => connects, following: () => following }
}
const bodiesOf = async (client: Client, ticketId: number) =>
  (await client.call('messageList', { params: { ticketId } })).body.messages.map((m) => m.body)
/** Removes what a test's desks left in Redis under their prefix. */
const removeKeys = async (prefix: string) => {
  const redis = new Redis(REDIS_URL)
  const keys = await redis.keys(`${prefix}:*`)
  if (keys.length) await redis.del(...keys)
  redis.disconnect()
}
const isMessage = (body: string) => (name: string, payload: unknown) =>
  name === 'appMessage' && (payload as AppMessageEvent).message.body === body

describe.skipIf(!pgAvailable || !redisAvailable)('two server processes sharing PostgreSQL and Redis', () => {
  const jobs = { redisUrl: REDIS_URL, redisPrefix: `test-rooms-${randomBytes(4).toString('hex')}` }
  let t: TestServer
  let second: DeskServer
  let admin: Client
  let adminThere: Client
  let urlThere = ''

  beforeAll(async () => {
    t = await startTestServer('postgres', { autoCloseHours: 0, jobs })
    admin = await bootstrapAdmin(t)
    second = createServer({
      autoCloseHours: 0,
      dataDir: t.storage.dataDir,
      databaseUrl: t.storage.databaseUrl,
      port: 0,
      host: '127.0.0.1',
      jobs,
    })
    urlThere = (await second.listen()).url
    adminThere = new Client(urlThere)
    adminThere.token = admin.token
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
    await removeKeys(jobs.redisPrefix)
  })

  /** A signed-in socket on the second process, following notifications. */
  const socketThere = () => followingSocket(urlThere, admin.token)
  it("hears on each process what a request to the other did: a customer's message and the agent's answer", async () => {
    // The simulated phone runs in the first process; the agent answers through the second.
    const sim = await connectSimulator(admin)
    const here = await notificationSocket(t, admin.token)
    const there = await socketThere()
    const heardHere = listen(here)
    const heardThere = listen(there)
    const { ticketId } = await sim.inbound({ from: '5511955551234', name: 'Rita Rooms', body: 'Hello from the phone' })
    const arrived = await heardThere.until<AppMessageEvent>(isMessage('Hello from the phone'))
    expect(arrived.ticket.id).toBe(ticketId)
    expect((await adminThere.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })).status).toBe(
      200,
    )
    expect(
      (await adminThere.call('messageSend', { params: { ticketId }, body: { body: 'Answered over there' } })).status,
    ).toBe(200)
    await heardHere.until(isMessage('Answered over there'))
    // Each socket heard each message once, although both processes know both rooms.
    expect(heardHere.heard.filter((h) => isMessage('Hello from the phone')(h.name, h.payload))).toHaveLength(1)
    here.disconnect()
    there.disconnect()
  })
})

describe.skipIf(!pgAvailable || !redisAvailable)('a process started while Redis was down', () => {
  const prefix = `test-rooms-${randomBytes(4).toString('hex')}`
  let t: TestServer
  let second: DeskServer | undefined
  let redis: Awaited<ReturnType<typeof switchableRedis>>
  afterAll(async () => {
    await second?.close()
    await t?.close()
    await redis?.down()
    await removeKeys(prefix)
  })

  it('hears the other process once Redis answers', async () => {
    redis = await switchableRedis()
    t = await startTestServer('postgres', { autoCloseHours: 0, jobs: { redisUrl: REDIS_URL, redisPrefix: prefix } })
    const admin = await bootstrapAdmin(t)
    // The second process starts with Redis unreachable, serves anyway, then Redis comes up.
    second = createServer({
      autoCloseHours: 0,
      dataDir: t.storage.dataDir,
      databaseUrl: t.storage.databaseUrl,
      port: 0,
      host: '127.0.0.1',
      jobs: { redisUrl: redis.url, redisPrefix: prefix },
      liveEvents: { catchUpSpreadMs: 200 },
    })
    // A socket connected meanwhile reconnects once Redis answers (it missed what the first process did).
    const there = await reconnectingSocket((await second.listen()).url, admin.token)
    // Down for longer than a command's two reconnection attempts (200 + 400 ms): the subscriptions must outlast it.
    await new Promise((resolve) => setTimeout(resolve, 2500))
    await redis.up()
    await vi.waitFor(() => expect(there.following()).toBeGreaterThanOrEqual(2), { timeout: 10_000 })
    const sim = await connectSimulator(admin)
    const heard = listen(there.socket)
    // Messages until one crosses: the second process subscribes once its connection is back.
    for (let i = 0; !heard.find(isMessage(`Ping ${i - 1}`)) && i < 50; i++) {
      await sim.inbound({ from: '5511955559876', name: 'Late Listener', body: `Ping ${i}` })
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(heard.heard.some((h) => h.name === 'appMessage')).toBe(true)
    there.socket.disconnect()
  })
})

describe.skipIf(!pgAvailable || !redisAvailable)("a cut or a silence in one process's link to Redis", () => {
  const prefix = `test-rooms-${randomBytes(4).toString('hex')}`
  // The sockets' catch-up is spread over a fifth of a second instead of seconds; a silent link is noticed
  // within a second instead of eight.
  const liveEvents = { catchUpSpreadMs: 200, pingIntervalMs: 200, pingTimeoutMs: 600 }
  let t: TestServer
  let second: DeskServer
  let link: Awaited<ReturnType<typeof redisLink>>
  let admin: Client
  let adminThere: Client
  let urlThere = ''
  let sim: Awaited<ReturnType<typeof connectSimulator>>
  let ticketId = 0

  beforeAll(async () => {
    link = await redisLink()
    t = await startTestServer('postgres', {
      autoCloseHours: 0,
      jobs: { redisUrl: REDIS_URL, redisPrefix: prefix },
      liveEvents,
    })
    admin = await bootstrapAdmin(t)
    // The second process reaches Redis through the link the tests cut.
    ;({ server: second, url: urlThere } = await startSecondServer(t, {
      jobs: { redisUrl: link.url, redisPrefix: prefix },
      liveEvents,
    }))
    adminThere = new Client(urlThere)
    adminThere.token = admin.token
    sim = await connectSimulator(admin)
    ticketId = Number((await sim.inbound({ from: '5511955554321', name: 'Cora Cut', body: 'Before the cut' })).ticketId)
    expect((await admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })).status).toBe(200)
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
    await link?.close()
    await removeKeys(prefix)
  })

  /** Cuts the link until every client of the second process has failed to reconnect a few times, then restores it. */
  const cutWhile = async (during: () => Promise<unknown>) => {
    const clients = link.cut() / 2
    await during()
    // Past a publish's two reconnection attempts: what the second process published meanwhile is lost.
    await vi.waitFor(() => expect(link.refused()).toBeGreaterThanOrEqual(4 * clients), { timeout: 10_000 })
    link.restore()
  }

  it('reconnects the sockets of the cut process once Redis is back, and their catch-up holds what they missed', async () => {
    const there = await reconnectingSocket(urlThere, admin.token)
    const heard = listen(there.socket)
    await sim.inbound({ from: '5511955554321', body: 'Heard before the cut' })
    await heard.until(isMessage('Heard before the cut'))
    // Published by the first process while the second one cannot hear it.
    await cutWhile(() => sim.inbound({ from: '5511955554321', body: 'Sent during the cut' }))
    // The socket reconnects on its own (socket.io's reconnection), follows notifications again and fetches.
    await vi.waitFor(() => expect(there.following()).toBeGreaterThanOrEqual(2), { timeout: 10_000 })
    expect(await bodiesOf(adminThere, ticketId)).toContain('Sent during the cut')
    // And hears live again what the first process does.
    await sim.inbound({ from: '5511955554321', body: 'Heard after the cut' })
    await heard.until(isMessage('Heard after the cut'))
    there.socket.disconnect()
  })

  it("reconnects the other processes' sockets when events the cut process published were lost", async () => {
    const here = await reconnectingSocket(t.url, admin.token)
    const heard = listen(here.socket)
    // Answered through the second process while its events cannot leave it.
    await cutWhile(async () => {
      expect(
        (await adminThere.call('messageSend', { params: { ticketId }, body: { body: 'Answered during the cut' } }))
          .status,
      ).toBe(200)
    })
    await vi.waitFor(() => expect(here.following()).toBeGreaterThanOrEqual(2), { timeout: 10_000 })
    expect(await bodiesOf(admin, ticketId)).toContain('Answered during the cut')
    expect(
      (await adminThere.call('messageSend', { params: { ticketId }, body: { body: 'Answered after the cut' } })).status,
    ).toBe(200)
    await heard.until(isMessage('Answered after the cut'))
    here.socket.disconnect()
  })

  it('notices a link gone silent (no error, no close), and the sockets there catch up what it missed', async () => {
    const there = await reconnectingSocket(urlThere, admin.token)
    const heard = listen(there.socket)
    await sim.inbound({ from: '5511955554321', body: 'Heard before the freeze' })
    await heard.until(isMessage('Heard before the freeze'))
    // The second process's connections stay open but carry nothing, and so do new ones for now.
    expect(link.freeze()).toBeGreaterThanOrEqual(2)
    await sim.inbound({ from: '5511955554321', body: 'Sent during the freeze' })
    // The second process gives up on its silent connections (publisher and subscriber) and dials again.
    await vi.waitFor(
      () => {
        expect(link.dropped()).toBeGreaterThanOrEqual(2)
        expect(link.dialled()).toBeGreaterThanOrEqual(2)
      },
      { timeout: 10_000 },
    )
    // New connections get through again; those opened during the freeze stay silent.
    link.thaw()
    // Once its subscriptions are back, the socket is made to reconnect, follows again and fetches.
    await vi.waitFor(() => expect(there.following()).toBeGreaterThanOrEqual(2), { timeout: 10_000 })
    expect(await bodiesOf(adminThere, ticketId)).toContain('Sent during the freeze')
    expect(heard.find(isMessage('Sent during the freeze'))).toBeUndefined()
    await sim.inbound({ from: '5511955554321', body: 'Heard after the freeze' })
    await heard.until(isMessage('Heard after the freeze'))
    there.socket.disconnect()
  })
})

describe.skipIf(!pgAvailable || !redisAvailable)('two desks on one Redis', () => {
  const run = randomBytes(4).toString('hex')
  // Each desk's prefix comes from the environment, as an operator sets it.
  const jobsOf = (prefix: string) => configFromEnv({ REDIS_URL, REDIS_PREFIX: prefix }).jobs
  const [prefixA, prefixB] = [`test-desk-a-${run}`, `test-desk-b-${run}`]
  const cleanups: Array<() => Promise<unknown>> = []
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup()
    await removeKeys(prefixA)
    await removeKeys(prefixB)
  })
  const desk = async (prefix: string, driver: 'sqlite' | 'postgres' = 'sqlite') => {
    const t = await startTestServer(driver, { autoCloseHours: 0, jobs: jobsOf(prefix) })
    cleanups.push(() => t.close())
    const admin = await bootstrapAdmin(t)
    return { t, admin, heard: listen(await notificationSocket(t, admin.token)) }
  }

  it("hear only their own events when their REDIS_PREFIX differs (with the same prefix they hear each other's)", async () => {
    const a = await desk(prefixA)
    const sameAsA = await desk(prefixA)
    // Desk B runs two processes, on PostgreSQL.
    const b = await desk(prefixB, 'postgres')
    const bThere = await startSecondServer(b.t, { jobs: jobsOf(prefixB) })
    cleanups.push(() => bThere.server.close())
    const sim = await connectSimulator(a.admin)
    await sim.inbound({ from: '5511955550001', name: 'Only Desk A', body: "Desk A's customer" })
    // Through Redis to a desk on the same prefix: the event has gone out.
    await sameAsA.heard.until(isMessage("Desk A's customer"))
    // Then an event of desk B's other process reaches desk B's socket through Redis on the same subscription:
    // had desk A's event been on it, it would have arrived first.
    const adminThere = new Client(bThere.url)
    adminThere.token = b.admin.token
    await connectSimulator(adminThere, { name: 'Desk B line' })
    await b.heard.until((name, payload) => name === 'whatsapp' && JSON.stringify(payload).includes('Desk B line'))
    expect(b.heard.find(isMessage("Desk A's customer"))).toBeUndefined()
    // The work queues' keys carry the prefix too.
    const redis = new Redis(REDIS_URL)
    cleanups.push(async () => redis.disconnect())
    await vi.waitFor(async () => expect(await redis.keys(`${prefixB}:work.*`)).not.toEqual([]), {
      timeout: 10_000,
    })
  })
})
