/**
 * Two server processes on one PostgreSQL and Redis behind a load balancer: a connection created through
 * one works through the other at once (the simulator's pairing and messages, the Cloud API's webhooks and
 * replies), its settings and its deletion reach both, and taking a session up makes no status flicker.
 */
import { randomBytes } from 'node:crypto'
import type { ConnectionSession, ErrorResponse } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DeskServer } from '../../src/index'
import { cloudText, deliverCloud } from '../support/cloud'
import { listen } from '../support/desk'
import { pgAvailable } from '../support/drivers'
import { startGraphFake } from '../support/graph-fake'
import { REDIS, redisAvailable } from '../support/redis'
import { apiPath, bootstrapAdmin, Client, startSecondServer, startTestServer, type TestServer } from '../support/server'

type Err = ErrorResponse

const PHONE_ID = '106540352242922'
const APP_SECRET = 'app-secret-for-tests'

describe.skipIf(!pgAvailable || !redisAvailable)('connections across two server processes', () => {
  const jobs = { redisUrl: REDIS.href, redisPrefix: `test-conn-${randomBytes(4).toString('hex')}` }
  let token = 'graph-token-1'
  let graph: Awaited<ReturnType<typeof startGraphFake>>
  let t: TestServer
  let second: DeskServer
  let admin: Client
  /** The same admin session, its requests sent to the other process. */
  let adminThere: Client

  beforeAll(async () => {
    graph = await startGraphFake(() => token)
    const shared = { autoCloseHours: 0, jobs, simulator: { qrRefreshMs: 0 }, cloudApiBaseUrl: graph.url }
    t = await startTestServer('postgres', shared)
    admin = await bootstrapAdmin(t)
    const started = await startSecondServer(t, shared)
    second = started.server
    adminThere = Object.assign(new Client(started.url), { token: admin.token })
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
    await graph?.close()
  })

  const ticketOf = async (number: string) => {
    const list = await admin.call('ticketList', { query: { showAll: true, searchParam: number } })
    const ticket = list.body.tickets[0]
    if (!ticket) throw new Error(`no ticket for ${number}`)
    return ticket
  }

  it('pairs a simulated phone through the other process, takes its messages and sends the replies there', async () => {
    const socket = await t.socket(admin.token)
    const heard = listen(socket)
    const created = await admin.call('connectionCreate', { body: { name: 'Sim line' } })
    expect(created.body.status).toBe('qrcode')
    const id = created.body.id

    // The QR code shown through the first process is scanned through the second.
    const scanned = await adminThere.call('simulatorScan', { params: { connectionId: id } })
    expect(scanned).toMatchObject({ status: 200, body: { status: 'CONNECTED' } })
    expect((await admin.call('connectionGet', { params: { id } })).body.status).toBe('CONNECTED')
    // The process that showed the code hears of the scan and stops showing (and refreshing) it.
    await vi.waitFor(() => expect(t.server.services.sessions.get(id)?.isConnected()).toBe(true))
    const updates = () =>
      heard.heard
        .filter((h) => h.name === 'whatsappSession')
        .map((h) => (h.payload as { session: ConnectionSession }).session)
        .filter((s) => s.id === id)
    await vi.waitFor(() => expect(updates().at(-1)?.status).toBe('CONNECTED'))
    const announced = updates().length

    const inbound = await adminThere.call('simulatorInbound', {
      params: { connectionId: id },
      body: {
        from: '5511900000101',
        name: 'Ana',
        body: 'Hello?',
      },
    })
    expect(inbound.status).toBe(200)
    const ticket = await ticketOf('5511900000101')
    expect(
      (await adminThere.call('ticketUpdate', { params: { id: ticket.id }, body: { status: 'open' } })).status,
    ).toBe(200)
    const reply = await adminThere.call('messageSend', { params: { ticketId: ticket.id }, body: { body: 'Hi Ana' } })
    expect(reply.status).toBe(200)
    expect(reply.body.messages[0]).toMatchObject({ body: 'Hi Ana', error: null, ack: 1 })
    const outbox = await admin.call('simulatorOutbox', { params: { connectionId: id }, query: { to: '5511900000101' } })
    expect(outbox.body.map((e) => [e.kind, e.body])).toEqual([['text', 'Hi Ana']])
    // The same through the first process, which showed the code.
    const here = await admin.call('messageSend', { params: { ticketId: ticket.id }, body: { body: 'Still here' } })
    expect(here.body.messages[0]).toMatchObject({ error: null, ack: 1 })

    // Serving the connection in the second process made no status change (no OPENING, no second CONNECTED).
    expect(updates()).toHaveLength(announced)
    socket.disconnect()
  })

  it('stops a simulated phone dropped or disconnected through the other process, in both', async () => {
    const id = (await admin.call('connectionList')).body.find((c) => c.name === 'Sim line')!.id
    const ticket = await ticketOf('5511900000101')
    expect((await adminThere.call('simulatorDrop', { params: { connectionId: id } })).body.status).toBe('DISCONNECTED')
    const inbound = await admin.call('simulatorInbound', {
      params: { connectionId: id },
      body: { from: '5511900000101', body: 'x' },
    })
    expect(inbound).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } })

    // Paired again through the first process (a new QR code), then disconnected by the admin there.
    expect((await admin.call('sessionStart', { params: { id } })).body.status).toBe('qrcode')
    expect((await adminThere.call('simulatorScan', { params: { connectionId: id } })).body.status).toBe('CONNECTED')
    const through = await adminThere.call('messageSend', { params: { ticketId: ticket.id }, body: { body: 'Back' } })
    expect(through.body.messages[0]).toMatchObject({ error: null })
    expect((await admin.call('sessionDisconnect', { params: { id } })).body.status).toBe('DISCONNECTED')
    await vi.waitFor(() => expect(second.services.sessions.get(id)).toBeUndefined())
    const after = await adminThere.call('simulatorInbound', {
      params: { connectionId: id },
      body: { from: '5511900000101', body: 'y' },
    })
    expect(after).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } })

    // A reply through either process is refused before anything is stored, text or file.
    const text = await adminThere.call('messageSend', {
      params: { ticketId: ticket.id },
      body: { body: 'Nobody will get this' },
    })
    expect(text).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } })
    const form = new FormData()
    form.append('medias', new Blob([Buffer.from('%PDF-1.4\n')], { type: 'application/pdf' }), 'a.pdf')
    const file = await fetch(`${adminThere.baseUrl}${apiPath('messageSend', { ticketId: ticket.id })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    })
    expect(file.status).toBe(400)
    expect(((await file.json()) as Err).error).toBe('ERR_WAPP_NOT_INITIALIZED')
    const page = await admin.call('messageList', { params: { ticketId: ticket.id } })
    expect(page.body.messages.at(-1)).toMatchObject({ body: 'Back', error: null })
  })

  it('takes Cloud API webhooks and replies in the other process, with the settings as they change, until deleted', async () => {
    const created = await admin.call('connectionCreate', {
      body: {
        name: 'Cloud line',
        driver: 'cloud-api',
        cloudApi: { phoneNumberId: PHONE_ID, accessToken: token, verifyToken: 'verify-me', appSecret: APP_SECRET },
      },
    })
    expect(created.body.status).toBe('CONNECTED')
    const id = created.body.id
    const hook = cloudText(PHONE_ID, { from: '5511900000202', id: 'wamid.IN-B1', body: 'Oi', name: 'Rui' })
    expect((await deliverCloud(adminThere, id, hook, APP_SECRET)).status).toBe(200)
    const ticket = await ticketOf('5511900000202')
    expect((await adminThere.call('messageList', { params: { ticketId: ticket.id } })).body.messages).toMatchObject([
      { body: 'Oi', fromMe: false },
    ])

    await adminThere.call('ticketUpdate', { params: { id: ticket.id }, body: { status: 'open' } })
    const reply = await adminThere.call('messageSend', { params: { ticketId: ticket.id }, body: { body: 'Olá Rui' } })
    expect(reply).toMatchObject({ status: 200, body: { messages: [{ body: 'Olá Rui', error: null }] } })
    expect(graph.sends().at(-1)).toMatchObject({
      authorization: 'Bearer graph-token-1',
      body: { to: '5511900000202', text: { body: 'Olá Rui' } },
    })

    // A new access token saved through the first process is the one the second sends with.
    token = 'graph-token-2'
    expect(
      (await admin.call('connectionUpdate', { params: { id }, body: { cloudApi: { accessToken: token } } })).status,
    ).toBe(200)
    const again = await adminThere.call('messageSend', { params: { ticketId: ticket.id }, body: { body: 'Tudo bem?' } })
    expect(again).toMatchObject({ status: 200, body: { messages: [{ error: null }] } })
    expect(graph.sends().at(-1)).toMatchObject({ authorization: 'Bearer graph-token-2' })

    // Deleted through the first process: the second lets its instance go at once, and refuses the webhook.
    expect(second.services.sessions.get(id)).toBeDefined()
    expect((await admin.call('connectionDelete', { params: { id } })).status).toBe(204)
    await vi.waitFor(() => expect(second.services.sessions.get(id)).toBeUndefined())
    const late = cloudText(PHONE_ID, { from: '5511900000202', id: 'wamid.IN-B2', body: 'Oi?' })
    expect((await deliverCloud(adminThere, id, late, APP_SECRET)).status).toBe(404)
  })
})
