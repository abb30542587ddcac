import type { SimulatorInboundRequest, User } from '@desk/api-client'
import type { Socket } from 'socket.io-client'
import type { ServerConfig } from '../../src/index'
import type { DriverName } from './drivers'
import { queueRow } from './rows'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from './server'

/** Collects what a socket hears, and waits for a matching event without a fixed delay. */
export const listen = (socket: Socket) => {
  const heard: Array<{ name: string; payload: unknown }> = []
  const waiters: Array<() => void> = []
  socket.onAny((name: string, payload: unknown) => {
    heard.push({ name, payload })
    for (const w of waiters.splice(0)) w()
  })
  const find = (pred: (name: string, payload: unknown) => boolean) => heard.find((h) => pred(h.name, h.payload))
  const until = <T = unknown>(pred: (name: string, payload: unknown) => boolean) =>
    new Promise<T>((resolve) => {
      const check = () => {
        const hit = find(pred)
        if (hit) resolve(hit.payload as T)
        else waiters.push(check)
      }
      check()
    })
  return { heard, until, find }
}

/**
 * A signed-in socket that follows notifications, as the seed's notification bell does: every
 * ticket change and new message its user may see. Waits until the server let it in.
 */
export const notificationSocket = async (t: TestServer, token: string | undefined) => {
  const socket = await t.socket(token)
  if (!(await socket.emitWithAck('joinNotification'))) throw new Error('joinNotification was refused')
  return socket
}

/** Queues straight into the database (the queues API belongs to a later feature). */
export const seedQueues = async (t: TestServer, queues: Array<{ name: string; color: string; greeting?: string }>) => {
  const now = new Date().toISOString()
  return t.server.db
    .insertInto('queues')
    .values(queues.map((q) => queueRow({ name: q.name, color: q.color, greetingMessage: q.greeting ?? null }, now)))
    .returning(['id', 'name'])
    .execute()
}

export const addUserToQueues = async (t: TestServer, userId: number, queueIds: number[]) => {
  const now = new Date().toISOString()
  await t.server.db
    .insertInto('user_queues')
    .values(queueIds.map((queueId) => ({ userId, queueId, createdAt: now })))
    .execute()
}

/** A connected simulator connection, created and paired through the API, with its controls. */
export const connectSimulator = async (admin: Client, fields: Record<string, unknown> = {}) => {
  const created = await admin.call('connectionCreate', { body: { name: 'Sim line', ...fields } })
  if (created.status !== 200) throw new Error(`create connection: ${created.status} ${JSON.stringify(created.body)}`)
  const id = created.body.id
  const scanned = await admin.call('simulatorScan', { params: { connectionId: id } })
  if (scanned.body.status !== 'CONNECTED') throw new Error(`scan: ${JSON.stringify(scanned.body)}`)
  return simulatorControls(admin, id)
}

export const simulatorControls = (admin: Client, id: number) => ({
  id,
  inbound: async (message: SimulatorInboundRequest) => {
    const res = await admin.call('simulatorInbound', { params: { connectionId: id }, body: message })
    if (res.status !== 200) throw new Error(`inbound: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  },
  outbox: async (to?: string) =>
    (await admin.call('simulatorOutbox', { params: { connectionId: id }, query: { to } })).body,
})

export type Queues = 'sales' | 'support'

/**
 * The desk most ticket tests start from: an admin, the agents Alice and Bob in the queues given,
 * the Sales (with a greeting) and Support queues, and a paired simulator connection.
 */
export const startTwoAgentDesk = async (
  driver: DriverName,
  {
    alice: aliceIn,
    bob: bobIn,
    connection = {},
    config = {},
  }: { alice: Queues[]; bob: Queues[]; connection?: Record<string, unknown>; config?: Partial<ServerConfig> },
) => {
  const t = await startTestServer(driver, { simulator: { qrRefreshMs: 0 }, autoCloseHours: 0, ...config })
  const admin = await bootstrapAdmin(t)
  const alice: { client: Client; user: User } = await t.addUser(admin, 'Alice', 'alice@desk.test')
  const bob: { client: Client; user: User } = await t.addUser(admin, 'Bob', 'bob@desk.test')
  const [sales, support] = (
    await seedQueues(t, [
      { name: 'Sales', color: '#00ff00', greeting: 'Sales here, how can we help?' },
      { name: 'Support', color: '#0000ff' },
    ])
  ).map((q) => q.id) as [number, number]
  const ids = (names: Queues[]) => names.map((name) => (name === 'sales' ? sales : support))
  if (aliceIn.length) await addUserToQueues(t, alice.user.id, ids(aliceIn))
  if (bobIn.length) await addUserToQueues(t, bob.user.id, ids(bobIn))
  const sim = await connectSimulator(admin, { name: 'Main', ...connection })
  return { t, admin, alice, bob, sales, support, sim }
}
