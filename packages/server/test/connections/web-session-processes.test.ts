/**
 * A web session (one socket per linked device) with two server processes on one PostgreSQL and Redis:
 * exactly one process opens the socket, the other forwards its sends to it, and when the holder goes away
 * (its database cut off, as a killed process stops renewing) the other restores the session.
 */
import { randomBytes } from 'node:crypto'
import type { WAMessage } from '@whiskeysockets/baileys'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DeskServer } from '../../src/index'
import { pgAvailable } from '../support/drivers'
import { REDIS, redisAvailable } from '../support/redis'
import { apiPath, bootstrapAdmin, Client, startSecondServer, startTestServer, type TestServer } from '../support/server'
import { fakeConnector } from '../support/web-socket-fake'

const MARIA = '5511900000001@s.whatsapp.net'
const fromMaria = (id: string, text: string): WAMessage => ({
  key: { remoteJid: MARIA, fromMe: false, id },
  messageTimestamp: 1_700_000_000,
  pushName: 'Maria',
  message: { conversation: text },
})

describe.skipIf(!pgAvailable || !redisAvailable)('a web session across two server processes', () => {
  const jobs = { redisUrl: REDIS.href, redisPrefix: `test-web-${randomBytes(4).toString('hex')}` }
  // Short leases, so a holder that stops renewing is replaced within the test.
  const connectionSessions = { leaseMs: 1500, syncMs: 100 }
  // Each process's socket names what it sends in its own way, as two real sockets never repeat an id.
  const here = fakeConnector(undefined, '3EB0HERE')
  const there = fakeConnector(undefined, '3EB0THERE')
  let t: TestServer
  let second: DeskServer
  let admin: Client
  let adminThere: Client
  let id: number
  let ticketId: number

  const waitForStatus = (status: string) =>
    vi.waitFor(async () => expect((await admin.call('connectionGet', { params: { id } })).body.status).toBe(status), {
      timeout: 5000,
    })

  beforeAll(async () => {
    t = await startTestServer('postgres', {
      autoCloseHours: 0,
      jobs,
      connectionSessions,
      webSession: { connector: here.connector },
    })
    admin = await bootstrapAdmin(t)
    const created = await admin.call('connectionCreate', { body: { name: 'Phone', driver: 'web-session' } })
    id = created.body.id
    here.current().emit('connection.update', { qr: '2@scan-me' })
    here.pair(t.storage.dataDir, id)
    here.current().emit('connection.update', { connection: 'open' })
    await waitForStatus('CONNECTED')
    // The second process starts with the session connected: it must not open a socket of its own.
    const started = await startSecondServer(t, { jobs, connectionSessions, webSession: { connector: there.connector } })
    second = started.server
    adminThere = Object.assign(new Client(started.url), { token: admin.token })
  })
  afterAll(async () => {
    await second?.close()
    // The first process may have lost its database (the last test): its close reports that.
    await t?.server.close().catch(() => {})
    await t?.close()
  })

  it('runs one socket, and sends what the other process is asked through it', async () => {
    expect(there.sockets).toHaveLength(0)
    expect(here.sockets).toHaveLength(1)
    here.current().emit('messages.upsert', { type: 'notify', messages: [fromMaria('3A1', 'Oi')] })
    await vi.waitFor(async () => {
      const list = await admin.call('ticketList', { query: { showAll: true, searchParam: '5511900000001' } })
      expect(list.body.tickets).toHaveLength(1)
      ticketId = list.body.tickets[0]!.id
    })
    expect((await adminThere.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })).status).toBe(
      200,
    )

    const reply = await adminThere.call('messageSend', { params: { ticketId }, body: { body: 'Olá Maria' } })
    expect(reply).toMatchObject({ status: 200, body: { messages: [{ body: 'Olá Maria', error: null, ack: 1 }] } })
    expect(here.current().sent.at(-1)).toMatchObject({ jid: MARIA, content: { text: 'Olá Maria' } })
    // Reading the conversation through the second process marks it read on the phone.
    expect((await adminThere.call('messageList', { params: { ticketId } })).status).toBe(200)
    expect(here.current().read).toContainEqual(expect.objectContaining({ id: '3A1' }))

    // A file goes through as it was uploaded.
    const form = new FormData()
    const pdf = Buffer.from('%PDF-1.4\n% a small document\n')
    form.append('medias', new Blob([pdf], { type: 'application/pdf' }), 'invoice.pdf')
    form.append('body', 'The invoice')
    const res = await fetch(`${adminThere.baseUrl}${apiPath('messageSend', { ticketId })}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    })
    expect(res.status).toBe(200)
    const sent = here.current().sent.at(-1)!.content as { document: Buffer; fileName: string }
    expect(sent.fileName).toBe('invoice.pdf')
    expect(Buffer.from(sent.document)).toEqual(pdf)
    expect(there.sockets).toHaveLength(0)
  })

  it("reaches the holder with the admin's session calls made through the other process", async () => {
    const first = here.current()
    const renewed = await adminThere.call('sessionNewQr', { params: { id } })
    expect(renewed.status).toBe(200)
    expect(first.loggedOut).toBe(true)
    expect(here.sockets).toHaveLength(2)
    here.current().emit('connection.update', { qr: '2@again' })
    await waitForStatus('qrcode')
    here.pair(t.storage.dataDir, id)
    here.current().emit('connection.update', { connection: 'open' })
    await waitForStatus('CONNECTED')
    expect(there.sockets).toHaveLength(0)
  })

  it('is restored by the other process when the holder stops renewing, and the old holder lets its socket go', async () => {
    const old = here.current()
    // The first process loses its database, as a killed process stops renewing its lease.
    await t.server.database.destroy()
    await vi.waitFor(() => expect(there.sockets).toHaveLength(1), { timeout: 6000 })
    await vi.waitFor(() => expect(old.ended).toBe(true), { timeout: 6000 })
    there.current().emit('connection.update', { connection: 'open' })
    const viaSecond = () => adminThere.call('connectionGet', { params: { id } })
    await vi.waitFor(async () => expect((await viaSecond()).body.status).toBe('CONNECTED'), { timeout: 5000 })
    const reply = await adminThere.call('messageSend', { params: { ticketId }, body: { body: 'Still here' } })
    expect(reply).toMatchObject({ status: 200, body: { messages: [{ error: null }] } })
    expect(there.current().sent.at(-1)).toMatchObject({ jid: MARIA, content: { text: 'Still here' } })
  })
})
