/**
 * Two server processes behind one load balancer behave as one: with Redis configured, an event published
 * by the process that handled a request reaches the sockets connected to the other (socket.io's Redis
 * adapter), and presence counts the sockets of both.
 */
import { randomBytes } from 'node:crypto'
import type { AppMessageEvent } from '@desk/api-client'
import { Redis } from 'ioredis'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type DeskServer } from '../src/index'
import { connectSimulator, listen, notificationSocket } from './support/desk'
import { pgAvailable } from './support/drivers'
import { bootstrapAdmin, Client, startTestServer, type TestServer } from './support/server'

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'
const redisAvailable = await (async () => {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 })
  try {
    await probe.connect()
    return (await probe.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    probe.disconnect()
  }
})()

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
  const socketThere = async (): Promise<Socket> => {
    const socket = connectSocket(urlThere, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: admin.token },
    })
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve())
      socket.once('connect_error', reject)
    })
    if (!(await socket.emitWithAck('joinNotification'))) throw new Error('joinNotification was refused')
    return socket
  }
  const isMessage = (body: string) => (name: string, payload: unknown) =>
    name === 'appMessage' && (payload as AppMessageEvent).message.body === body

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
