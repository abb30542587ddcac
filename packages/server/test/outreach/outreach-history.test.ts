import type { SimulatorHistoryRequest } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { HistoryImportProgress } from '../../src/modules/outreach-inputs/history-import'
import { connectSimulator } from '../support/desk'
import { drivers } from '../support/drivers'
import { startGraphFake } from '../support/graph-fake'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'
import { fakeConnector } from '../support/web-socket-fake'

const ANA = '5511900000010'
const BRUNO = '5511900000011'
const GROUP = '120363000000000001'
const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 9, minute)).toISOString()

const history: SimulatorHistoryRequest = {
  conversations: [
    {
      id: ANA,
      name: 'Ana',
      messages: [
        { providerMessageId: 'ANA-1', body: 'Do you ship to Recife?', timestamp: at(1) },
        { providerMessageId: 'ANA-2', fromMe: true, body: 'Yes, in 3 days', timestamp: at(2) },
        // Already on the desk: it arrived live before the import.
        { providerMessageId: 'ANA-LIVE', body: 'Hi again', timestamp: at(3) },
      ],
    },
    {
      id: BRUNO,
      name: 'Bruno',
      messages: [1, 2, 3, 4, 5].map((n) => ({
        providerMessageId: `BRUNO-${n}`,
        fromMe: n % 2 === 0,
        body: `Bruno message ${n}`,
        timestamp: at(10 + n),
      })),
    },
    {
      id: GROUP,
      isGroup: true,
      name: 'Buyers',
      messages: [
        {
          providerMessageId: 'G-1',
          body: 'Group hello',
          author: '5511900000012',
          authorName: 'Caio',
          timestamp: at(20),
        },
        { providerMessageId: 'G-2', fromMe: true, body: 'Welcome all', timestamp: at(21) },
      ],
    },
  ],
}

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`history import (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let sim: Awaited<ReturnType<typeof connectSimulator>>
    let anaTicket: number
    beforeAll(async () => {
      t = await startTestServer(driver, { simulator: { qrRefreshMs: 0 }, autoCloseHours: 0 })
      admin = await bootstrapAdmin(t)
      sim = await connectSimulator(admin)
      anaTicket = (await sim.inbound({ from: ANA, name: 'Ana', body: 'Hi again', providerMessageId: 'ANA-LIVE' }))
        .ticketId as number
      const seeded = await admin.call('simulatorHistory', { params: { connectionId: sim.id }, body: history })
      expect(seeded.body).toEqual({ conversations: 3, messages: 10 })
    })
    afterAll(() => t.close())

    const importNow = (limit: number, progress: HistoryImportProgress[] = []) =>
      t.server.services.outreachInputs.importHistory(sim.id, { limit }, (p) => void progress.push(p))
    const count = async (table: 'messages' | 'tickets') =>
      Number(
        (
          await t.server.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const bodies = async (ticketId: number) =>
      (await admin.call('messageList', { params: { ticketId } })).body.messages.map((m) => [m.body, m.fromMe])

    it('turns the latest messages of each conversation into tickets and messages, once', async () => {
      const progress: HistoryImportProgress[] = []
      const first = await importNow(3, progress)
      expect(first).toMatchObject({ conversations: 3, imported: 7, duplicates: 1 })
      expect(progress.map((p) => [p.last.id, p.last.imported])).toEqual([
        [ANA, 2],
        [BRUNO, 3],
        [GROUP, 2],
      ])

      // Ana's history joins her live ticket, in the order it was written.
      // (History never counts as unread: only the live message does.)
      expect(first.ticketIds).toContain(anaTicket)
      const ana = await admin.call('ticketGet', { params: { id: anaTicket } })
      expect(ana.body).toMatchObject({ status: 'pending', unreadMessages: 1 })
      expect(await bodies(anaTicket)).toEqual([
        ['Do you ship to Recife?', false],
        ['Yes, in 3 days', true],
        ['Hi again', false],
      ])

      // Bruno had no ticket: his last three messages are on a closed one, nothing unread.
      const brunoTicket = first.ticketIds.find((id) => id !== anaTicket && id !== first.ticketIds.at(-1))!
      const bruno = await admin.call('ticketGet', { params: { id: brunoTicket } })
      expect(bruno.body).toMatchObject({ status: 'closed', unreadMessages: 0, lastMessage: 'Bruno message 5' })
      expect(bruno.body.contact).toMatchObject({ number: BRUNO, name: 'Bruno' })
      expect(await bodies(brunoTicket)).toEqual([
        ['Bruno message 3', false],
        ['Bruno message 4', true],
        ['Bruno message 5', false],
      ])

      const group = await admin.call('ticketGet', { params: { id: first.ticketIds.at(-1)! } })
      expect(group.body).toMatchObject({ isGroup: true, contact: { number: GROUP, name: 'Buyers' } })
      const groupMessages = (await admin.call('messageList', { params: { ticketId: group.body.id } })).body.messages
      expect(groupMessages.map((m) => [m.body, m.contact?.name])).toContainEqual(['Group hello', 'Caio'])
      // Nothing went out to customers: an import sends no greeting or queue menu.
      expect((await sim.outbox()).filter((e) => e.kind !== 'read')).toEqual([])
    })

    it('adds nothing when run again over the same history', async () => {
      const messages = await count('messages')
      const tickets = await count('tickets')
      const again = await importNow(3)
      expect(again).toMatchObject({ conversations: 3, imported: 0, duplicates: 8, ticketIds: [] })
      expect(await count('messages')).toBe(messages)
      expect(await count('tickets')).toBe(tickets)
    })

    it('with a larger limit takes only the older messages it had left out', async () => {
      const more = await importNow(10)
      expect(more).toMatchObject({ imported: 2, duplicates: 8 })
      expect(await importNow(10)).toMatchObject({ imported: 0 })
    })

    it('reads the phone a conversation at a time: the first is stored before the next is read', async () => {
      const many: SimulatorHistoryRequest = {
        conversations: Array.from({ length: 120 }, (_, n) => ({
          id: `55119100${String(n).padStart(5, '0')}`,
          messages: [{ providerMessageId: `MANY-${n}`, body: `Hello ${n}`, timestamp: at(30) }],
        })),
      }
      expect((await admin.call('simulatorHistory', { params: { connectionId: sim.id }, body: many })).body).toEqual({
        conversations: 120,
        messages: 120,
      })
      const driver = t.server.services.sessions.get(sim.id)
      if (!driver?.fetchHistory) throw new Error('the simulator reads history')
      const original = driver.fetchHistory.bind(driver)
      let read = 0
      const spy = vi.spyOn(driver, 'fetchHistory').mockImplementation(async function* (options) {
        for await (const conversation of original(options)) {
          read += 1
          yield conversation
        }
      })
      const seen: Array<[number, number, number]> = []
      try {
        const result = await t.server.services.outreachInputs.importHistory(sim.id, { limit: 1 }, (p) => {
          seen.push([p.conversations, p.total, read])
        })
        expect(result).toMatchObject({ conversations: 120, imported: 120 })
      } finally {
        spy.mockRestore()
      }
      // The total is known before the first conversation; each is done before the next one is read.
      expect(seen).toHaveLength(120)
      expect(seen.every(([done, total, readSoFar]) => total === 120 && readSoFar === done)).toBe(true)
      expect(await count('messages')).toBeGreaterThanOrEqual(120)
    })

    it('answers a clear code for a disconnected phone and for a network without history', async () => {
      const graph = await startGraphFake(() => 'token-1')
      try {
        const cloud = await admin.call('connectionCreate', {
          body: {
            name: 'Cloud line',
            driver: 'cloud-api',
            cloudApi: {
              phoneNumberId: '1099',
              accessToken: 'token-1',
              verifyToken: 'verify-me',
              appSecret: 'secret-1',
            },
          },
        })
        expect(cloud.status).toBe(200)
        await expect(t.server.services.outreachInputs.importHistory(cloud.body.id, { limit: 5 })).rejects.toMatchObject(
          {
            code: 'ERR_OUTREACH_HISTORY_UNSUPPORTED',
            status: 400,
          },
        )
      } finally {
        await graph.close()
      }
      await admin.call('simulatorDrop', { params: { connectionId: sim.id } })
      await expect(importNow(3)).rejects.toMatchObject({ code: 'ERR_WAPP_NOT_INITIALIZED', status: 400 })
    })
  })
}

describe('history import from a web session', () => {
  const fake = fakeConnector()
  let t: TestServer
  let admin: Client
  beforeAll(async () => {
    t = await startTestServer('sqlite', { webSession: { connector: fake.connector, reconnectDelayMs: 1 } })
    admin = await bootstrapAdmin(t)
  })
  afterAll(() => t.close())

  it('imports what the phone shared in its history sync', async () => {
    const created = await admin.call('connectionCreate', { body: { name: 'Phone', driver: 'web-session' } })
    const id = created.body.id
    await vi.waitFor(() => expect(fake.sockets.length).toBeGreaterThan(0))
    fake.pair(t.storage.dataDir, id)
    fake.current().emit('connection.update', { connection: 'open' })
    await vi.waitFor(() => expect(t.server.services.sessions.get(id)?.isConnected()).toBe(true))
    const jid = `${ANA}@s.whatsapp.net`
    fake.current().emit('messaging-history.set', {
      chats: [{ id: jid, name: 'Ana Paula' }],
      contacts: [],
      isLatest: true,
      messages: [
        {
          key: { remoteJid: jid, id: 'W1', fromMe: false },
          message: { conversation: 'Old question' },
          messageTimestamp: 1_700_000_000,
        },
        {
          key: { remoteJid: jid, id: 'W2', fromMe: true },
          message: { conversation: 'Old answer' },
          messageTimestamp: 1_700_000_060,
        },
        { key: { remoteJid: 'status@broadcast', id: 'S1', fromMe: false }, message: { conversation: 'a status post' } },
      ],
    })
    const first = await t.server.services.outreachInputs.importHistory(id, { limit: 50 })
    expect(first).toMatchObject({ conversations: 1, imported: 2 })
    const ticket = await admin.call('ticketGet', { params: { id: first.ticketIds[0] } })
    expect(ticket.body).toMatchObject({ status: 'closed', lastMessage: 'Old answer', contact: { name: 'Ana Paula' } })
    expect(await t.server.services.outreachInputs.importHistory(id, { limit: 50 })).toMatchObject({ imported: 0 })
  })
})
