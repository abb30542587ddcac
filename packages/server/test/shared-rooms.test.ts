/**
 * Two server processes behind one load balancer behave as one: with Redis configured, an event published
 * by the process that handled a request reaches the sockets connected to the other (socket.io's Redis
 * adapter), and presence counts the sockets of both.
 */
import { randomBytes } from 'node:crypto'
import type { AppMessageEvent } from '@desk/api-client'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type DeskServer } from '../src/index'
import { connectSimulator, listen, notificationSocket } from './support/desk'
import { pgAvailable } from './support/drivers'
import { REDIS, redisAvailable, switchableRedis } from './support/redis'
import { bootstrapAdmin, Client, startTestServer, type TestServer } from './support/server'

const REDIS_URL = REDIS.href

/** A signed-in socket on the process at `url`, following notifications. */
const followingSocket = async (url: string, token: string | undefined): Promise<Socket> => {
  const socket = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } })
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve())
    socket.once('connect_error', reject)
  })
  if (!(await socket.emitWithAck('joinNotification'))) throw new Error('joinNotification was refused')
  return socket
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
    expect((await adminThere.put(`/api/tickets/${ticketId}`, { status: 'open' })).status).toBe(200)
    expect((await adminThere.post(`/api/messages/${ticketId}`, { body: 'Answered over there' })).status).toBe(200)
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
    })
    const there = await followingSocket((await second.listen()).url, admin.token)
    // Down for longer than a command's two reconnection attempts (200 + 400 ms): the subscriptions must outlast it.
    await new Promise((resolve) => setTimeout(resolve, 2500))
    await redis.up()
    const sim = await connectSimulator(admin)
    const heard = listen(there)
    // Messages until one crosses: the second process subscribes once its connection is back.
    for (let i = 0; !heard.find(isMessage(`Ping ${i - 1}`)) && i < 50; i++) {
      await sim.inbound({ from: '5511955559876', name: 'Late Listener', body: `Ping ${i}` })
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(heard.heard.some((h) => h.name === 'appMessage')).toBe(true)
    there.disconnect()
  })
})
