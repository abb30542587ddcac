import type { AppMessageEvent, ErrorResponse, Job } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { cloudChange, deliverCloud } from '../support/cloud'
import { connectSimulator, listen, notificationSocket } from '../support/desk'
import { drivers } from '../support/drivers'
import { startGraphFake } from '../support/graph-fake'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'
import { fakeConnector } from '../support/web-socket-fake'
import { createWebChat, openSession, widgetClient } from '../support/widget'

/**
 * What PostgreSQL refuses where SQLite takes it: network fields longer than their columns, dates
 * outside the years 0001 to 9999, ids past the integer columns. On both databases a network's message
 * is kept (its fields fitted) and stored once however often it is delivered, the API's input answers
 * 400 naming the field, and nothing answers 5xx.
 */

const PHONE_ID = '106540352242922'
const APP_SECRET = 'limits-app-secret'

const textFrom = (from: string, id: string, body: string, name: string, extra: Record<string, unknown> = {}) =>
  cloudChange(
    {
      contacts: [{ wa_id: from, profile: { name } }],
      messages: [{ from, id, timestamp: '1700000000', type: 'text', text: { body }, ...extra }],
    },
    PHONE_ID,
  )

const statusOf = (id: string, status: string) =>
  cloudChange({ statuses: [{ id, status, timestamp: '1700000001', recipient_id: '5511900000001' }] }, PHONE_ID)

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`values past the columns and the calendar (${driver})`, () => {
    let t: TestServer
    let graph: Awaited<ReturnType<typeof startGraphFake>>
    let admin: Client
    let simId: number
    let cloudId: number

    beforeAll(async () => {
      graph = await startGraphFake(() => 'cloud-token')
      t = await startTestServer(driver, {
        simulator: { qrRefreshMs: 0 },
        autoCloseHours: 0,
        cloudApiBaseUrl: graph.url,
      })
      admin = await bootstrapAdmin(t)
      simId = (await connectSimulator(admin, { name: 'Limits line' })).id
      const cloud = await admin.call('connectionCreate', {
        body: {
          name: 'Cloud line',
          driver: 'cloud-api',
          cloudApi: {
            phoneNumberId: PHONE_ID,
            accessToken: 'cloud-token',
            verifyToken: 'verify',
            appSecret: APP_SECRET,
          },
        },
      })
      cloudId = cloud.body.id
    })
    afterAll(async () => {
      await t?.close()
      await graph?.close()
    })

    const deliver = (payload: unknown) => deliverCloud(t.client(), cloudId, payload, APP_SECRET)
    const storedWith = (body: string) =>
      t.server.db
        .selectFrom('messages')
        .innerJoin('contacts', 'contacts.id', 'messages.contactId')
        .select(['messages.id', 'messages.providerMessageId', 'contacts.name', 'contacts.number'])
        .where('messages.body', '=', body)
        .execute()

    it('stores a Cloud API message with an overlong id and profile name once across redeliveries; the agent sees it', async () => {
      const socket = listen(await notificationSocket(t, admin.token))
      const id = `wamid.${'A'.repeat(300)}`
      const name = `Ana ${'Maria '.repeat(60)}`.trim()
      const payload = textFrom('5511900000101', id, 'an oversized hello', name)
      expect((await deliver(payload)).status).toBe(200)
      expect((await deliver(payload)).status).toBe(200)

      const heard = await socket.until<AppMessageEvent>(
        (event, p) => event === 'appMessage' && (p as AppMessageEvent).message.body === 'an oversized hello',
      )
      expect(heard.contact.name).toBe(name.slice(0, 255))
      const [stored, ...more] = await storedWith('an oversized hello')
      expect(more).toEqual([])
      expect(stored!.providerMessageId).toHaveLength(200)
      expect(stored!.providerMessageId!.startsWith(id.slice(0, 135))).toBe(true)

      // An id that differs only past the column's length is another message; a reply quoting the first finds it.
      const reply = textFrom('5511900000101', `${id}B`, 'a reply to it', name, { context: { id } })
      expect((await deliver(reply)).status).toBe(200)
      expect((await deliver(reply)).status).toBe(200)
      const page = await admin.call('messageList', { params: { ticketId: heard.ticket.id } })
      expect(page.body.messages.map((m) => [m.body, m.quotedMsg?.id ?? null])).toEqual([
        ['an oversized hello', null],
        ['a reply to it', stored!.id],
      ])
      socket.heard.length = 0
    })

    it('stores the messages of senders longer than the number column apart, each once', async () => {
      const long = '55'.repeat(75)
      const alike = `${long.slice(0, 120)}9${long.slice(121)}`
      for (const [from, body] of [
        [long, 'from a long sender'],
        [alike, 'from a look-alike'],
      ] as const) {
        const payload = textFrom(from, `wamid.${body.replaceAll(' ', '-')}`, body, 'Long Number')
        expect((await deliver(payload)).status).toBe(200)
        expect((await deliver(payload)).status).toBe(200)
      }
      const [first] = await storedWith('from a long sender')
      const [second] = await storedWith('from a look-alike')
      expect(first!.number).toMatch(/^\d{100}$/)
      expect(second!.number).toMatch(/^\d{100}$/)
      expect(first!.number).not.toBe(second!.number)
      expect((await storedWith('from a long sender')).length + (await storedWith('from a look-alike')).length).toBe(2)
      // A stop word from such a sender: nothing to opt out of, and the message is kept.
      expect((await deliver(textFrom(long, 'wamid.stop-long', 'STOP', 'Long Number'))).status).toBe(200)
      expect(await storedWith('STOP')).toHaveLength(1)
    })

    it("keeps a sent message's overlong network id, so the network's receipts reach it", async () => {
      await deliver(textFrom('5511900000102', 'wamid.IN-102', 'please answer', 'Bia'))
      const [incoming] = await storedWith('please answer')
      const ticket = await t.server.db
        .selectFrom('messages')
        .select('ticketId')
        .where('id', '=', incoming!.id)
        .executeTakeFirstOrThrow()
      await admin.call('ticketUpdate', { params: { id: ticket.ticketId }, body: { status: 'open' } })
      graph.lengthenIds('Z'.repeat(300))
      try {
        const sent = await admin.call('messageSend', { params: { ticketId: ticket.ticketId }, body: { body: 'on it' } })
        expect(sent.status).toBe(200)
        expect(sent.body.messages[0]).toMatchObject({ body: 'on it', ack: 1, error: null })
      } finally {
        graph.lengthenIds('')
      }
      // The fake numbers its answers to sends (read receipts are not sends).
      const answered = graph.sends().filter((c) => (c.body as { status?: string }).status !== 'read').length
      const wamid = `wamid.OUT${answered}${'Z'.repeat(300)}`
      expect((await deliver(statusOf(wamid, 'read'))).status).toBe(200)
      const page = await admin.call('messageList', { params: { ticketId: ticket.ticketId } })
      expect(page.body.messages.find((m) => m.body === 'on it')?.ack).toBe(3)
    })

    const OUT_OF_RANGE = ['0000-01-01', '0000-12-31', '-000001-01-01', '+010000-01-01', '10000-01-01']
    const OUT_OF_RANGE_TIMES = [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:30:00+01:00',
      '9999-12-31T23:00:00-05:00',
      '-000001-01-01T00:00:00Z',
      '+010000-01-01T00:00:00Z',
    ]
    const fieldsOf = (res: { status: number; body: unknown }) => [
      res.status,
      (res.body as ErrorResponse).error,
      (res.body as ErrorResponse).fields?.map((f) => f.path),
    ]

    it('answers a day outside the years 0001 to 9999 with 400 naming the field', async () => {
      for (const day of [...OUT_OF_RANGE, ...OUT_OF_RANGE_TIMES, '9999-12-31']) {
        expect([day, ...fieldsOf(await admin.call('ticketList', { query: { date: day } }))]).toEqual([
          day,
          400,
          'ERR_VALIDATION',
          ['date'],
        ])
        expect([day, ...fieldsOf(await admin.call('dashboard', { query: { date: day } }))]).toEqual([
          day,
          400,
          'ERR_VALIDATION',
          ['date'],
        ])
        const released = await admin.call('scheduleStart', { body: { ticketwhatsappId: simId, dataEnvio: day } })
        expect([day, ...fieldsOf(released)]).toEqual([day, 400, 'ERR_VALIDATION', ['dataEnvio']])
      }
      // The span's own ends are days both databases answer for.
      for (const day of ['0001-01-02', '9999-12-30']) {
        expect((await admin.call('ticketList', { query: { date: day } })).status).toBe(200)
        expect((await admin.call('dashboard', { query: { date: day } })).status).toBe(200)
        expect((await admin.call('scheduleStart', { body: { ticketwhatsappId: simId, dataEnvio: day } })).status).toBe(
          200,
        )
      }
    })

    it("answers a job's start outside the years 0001 to 9999 with 400 naming the field, on create and reschedule", async () => {
      const bulk = (startAt: string) =>
        admin.call<'bulkText', Job & Partial<ErrorResponse>>('bulkText', {
          body: {
            ticketwhatsappId: simId,
            numbers: '5511900000201',
            message: 'scheduled hello',
            minInterval: 0,
            maxInterval: 0,
            startAt,
          },
        })
      for (const startAt of OUT_OF_RANGE_TIMES) {
        expect([startAt, ...fieldsOf(await bulk(startAt))]).toEqual([startAt, 400, 'ERR_VALIDATION', ['startAt']])
      }
      const job = await bulk('9999-12-31T23:59:59Z')
      expect([job.status, job.body.startAt]).toEqual([202, '9999-12-31T23:59:59.000Z'])
      for (const startAt of OUT_OF_RANGE_TIMES) {
        const moved = await admin.call('jobAction', {
          params: { id: job.body.id },
          body: { action: 'reschedule', startAt },
        })
        expect([startAt, ...fieldsOf(moved)]).toEqual([startAt, 400, 'ERR_VALIDATION', ['startAt']])
      }
      const moved = await admin.call('jobAction', {
        params: { id: job.body.id },
        body: {
          action: 'reschedule',
          startAt: '0001-01-01T00:00:00Z',
        },
      })
      expect([moved.status, moved.body.startAt]).toEqual([200, '0001-01-01T00:00:00.000Z'])
      await admin.call('jobAction', { params: { id: job.body.id }, body: { action: 'cancel' } })
    })

    it("answers a simulated phone's history dated outside the years 0001 to 9999 with 400 naming the field", async () => {
      const history = await admin.call('simulatorHistory', {
        params: { connectionId: simId },
        body: {
          conversations: [
            {
              id: '5511900000301',
              messages: [{ providerMessageId: 'old-1', body: 'ancient', timestamp: '0000-06-01T00:00:00Z' }],
            },
          ],
        },
      })
      expect(fieldsOf(history)).toEqual([400, 'ERR_VALIDATION', ['conversations.0.messages.0.timestamp']])
    })

    it("answers a widget's message cursor past the id column with 400 naming it", async () => {
      const webChat = await createWebChat(admin, {}, { name: 'Limits site' })
      const visitor = await openSession(t, webChat.id, { name: 'Visitor' })
      const frame = widgetClient(t, visitor.body)
      await frame.send('hello from the site')
      for (const query of ['after=2147483648', 'before=99999999999', 'after=1e12']) {
        const key = query.split('=')[0]
        expect([query, ...fieldsOf(await frame.messages(Object.fromEntries([query.split('=')])))]).toEqual([
          query,
          400,
          'ERR_VALIDATION',
          [key],
        ])
      }
      expect((await frame.messages({ after: 2147483647 })).status).toBe(200)
    })
  })
}

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`a history import past the columns and the calendar (${driver})`, () => {
    const fake = fakeConnector()
    let t: TestServer
    let admin: Client
    beforeAll(async () => {
      t = await startTestServer(driver, { webSession: { connector: fake.connector, reconnectDelayMs: 1 } })
      admin = await bootstrapAdmin(t)
    })
    afterAll(() => t?.close())

    it('keeps an old message with an overlong id, a NUL and a year-0 date once, dated when imported', async () => {
      const created = await admin.call('connectionCreate', { body: { name: 'Phone', driver: 'web-session' } })
      const id = created.body.id
      await vi.waitFor(() => expect(fake.sockets.length).toBeGreaterThan(0))
      fake.pair(t.storage.dataDir, id)
      fake.current().emit('connection.update', { connection: 'open' })
      await vi.waitFor(() => expect(t.server.services.sessions.get(id)?.isConnected()).toBe(true))
      const jid = '5511900000401@s.whatsapp.net'
      const name = `Carla ${'Souza '.repeat(60)}`.trim()
      fake.current().emit('messaging-history.set', {
        chats: [{ id: jid, name }],
        contacts: [],
        isLatest: true,
        messages: [
          {
            key: { remoteJid: jid, id: `3A${'F'.repeat(300)}`, fromMe: false },
            message: { conversation: 'from\u0000 long ago' },
            // 0000-01-01T00:00:00Z, in seconds.
            messageTimestamp: -62_167_219_200,
          },
        ],
      })
      const before = new Date().toISOString()
      const first = await t.server.services.outreachInputs.importHistory(id, { limit: 50 })
      expect(first).toMatchObject({ conversations: 1, imported: 1 })
      expect(await t.server.services.outreachInputs.importHistory(id, { limit: 50 })).toMatchObject({ imported: 0 })
      const page = await admin.call('messageList', { params: { ticketId: first.ticketIds[0] } })
      expect(page.body.messages.map((m) => m.body)).toEqual(['from long ago'])
      expect(page.body.messages[0]!.createdAt >= before).toBe(true)
      expect(page.body.ticket).toMatchObject({ contact: { name: name.slice(0, 255) } })
    })
  })
}
