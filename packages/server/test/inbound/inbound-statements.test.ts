import type { AppMessageEvent, Message } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { nowIso } from '../../src/db'
import { appendToLiveTicket } from '../../src/modules/inbound/repository'
import { addUserToQueues, connectSimulator, listen, notificationSocket, seedQueues } from '../support/desk'
import { drivers } from '../support/drivers'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

/**
 * What an arriving message sends to the database. A customer writing again on their live ticket is the
 * message a desk gets most: its contact and ticket are read in one statement, and on PostgreSQL the
 * message, the ticket's counters and the marker of its steps are written in one more (no transaction
 * around them); on both databases the live event is built from what was written, so the message is not
 * read back, and its ticket comes with its tags and the members of its queue.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`inbound statements (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let member: Client
    let outsider: Client
    let sim: Awaited<ReturnType<typeof connectSimulator>>
    let recording = false
    const statements: string[] = []
    // A desk socket that connects or leaves has the widget's presence told again a moment later (see
    // `realtime/widget.ts`), which reads the web chat lines: counted, were it to land inside a delivery.
    let presenceRounds = 0
    const presenceRound = /^select "id" from "whatsapps" where "driver" = /
    beforeAll(async () => {
      t = await startTestServer(driver, {
        simulator: { qrRefreshMs: 0 },
        autoCloseHours: 0,
        // The caller and the connection, once read, stay remembered through each test however slow the machine.
        sessionCacheMs: 60_000,
        // The server's own rounds (due work, abandoned steps, the sessions' check) send their statements when they
        // come due: none may land inside a delivery that is counted, however long a slow machine takes over it.
        connectionSessions: { steadyMs: 60_000, syncMs: 3_600_000 },
        work: { pollMs: 3_600_000 },
        inbound: { sweepMs: 3_600_000 },
        onStatement: ({ sql }) => {
          if (presenceRound.test(sql)) presenceRounds++
          if (recording) statements.push(sql)
        },
      })
      admin = await bootstrapAdmin(t)
      // As a desk runs: the line's one queue takes its tickets, and an agent works that queue.
      const [queue] = await seedQueues(t, [{ name: 'Orders', color: '#7cb342' }])
      const added = await t.addUser(admin, 'Member', 'member@desk.test')
      member = added.client
      await addUserToQueues(t, added.user.id, [queue!.id])
      outsider = (await t.addUser(admin, 'Outsider', 'outsider@desk.test')).client
      sim = await connectSimulator(admin, { queueIds: [queue!.id] })
    })
    afterAll(() => t?.close())

    const send = (from: string, body: string, name = 'Customer') =>
      admin.call('simulatorInbound', { params: { connectionId: sim.id }, body: { from, name, body } })
    /** The statements one delivery sent, answered and its steps done (the route answers after them). */
    const sentBy = async (deliver: () => Promise<{ status: number }>) => {
      statements.length = 0
      recording = true
      try {
        expect((await deliver()).status).toBe(200)
      } finally {
        recording = false
      }
      return [...statements]
    }
    /** A desk socket, once the widget's presence round its arrival set off is over. */
    const settledSocket = async (token: string | undefined) => {
      const before = presenceRounds
      const socket = await notificationSocket(t, token)
      await vi.waitFor(() => expect(presenceRounds).toBeGreaterThan(before), { timeout: 15_000 })
      return socket
    }
    const writesMessage = (text: string) => /insert into "messages"/.test(text)
    const readsMessageBack = (text: string) => /^(\/\*[^*]*\*\/ )?select .* from "messages" left join/s.test(text)

    it('writes a returning customer message without reading it back, in two statements on PostgreSQL', async () => {
      expect((await send('5511900000301', 'first')).status).toBe(200)
      const sent = await sentBy(() => send('5511900000301', 'second'))
      expect(sent.filter(writesMessage)).toHaveLength(1)
      expect(sent.filter(readsMessageBack)).toEqual([])
      // The stop words and the contact's bots come with the marker's removal, not on their own.
      for (const read of [/from "settings"/, /from "bot_switches"/]) {
        expect(sent.filter((text) => read.test(text))).toHaveLength(1)
        expect(sent.find((text) => read.test(text))).toMatch(/^(\/\* prepared \*\/ )?delete from "inbound_pending"/)
      }
      // The sender's contact and live ticket: one read.
      const reads = sent.filter((text) => /from "contacts"|from "tickets" where/.test(text))
      expect(reads).toHaveLength(1)
      expect(reads[0]).toMatch(/from "contacts" left join "tickets"/)
      // The caller (seen on the first message) and the connection (found steady then) are not read again.
      expect(sent.filter((text) => /from "users"|from "whatsapps"/.test(text))).toEqual([])
      if (driver === 'postgres') {
        expect(sent.filter((text) => /^(begin|commit)/.test(text))).toEqual([])
        const write = sent.find(writesMessage)!
        expect(write).toMatch(/^\/\* prepared \*\/ with "t" as \(\s*update "tickets"/)
        expect(write).toMatch(/insert into "inbound_pending"/)
        // The event's ticket, with its tags and the members of its queue, comes back from the write itself.
        expect(write).toMatch(/"queueMembers" from "m", "t" as "tickets"/)
        // Sender and ticket, the write, the marker taken with the opt-out words and the contact's bots (sixteen
        // before; seven before the caller and the connection were remembered, five before the bots came with
        // the marker, four before the event's ticket came with the write).
        expect(sent, sent.join('\n')).toHaveLength(3)
      }
    })

    it('announces the message to its queue as the conversation then lists it, though it was not read back', async () => {
      const heard = listen(await notificationSocket(t, member.token))
      const unheard = listen(await notificationSocket(t, outsider.token))
      await send('5511900000304', 'first')
      expect((await admin.call('tagCreate', { body: { tag: 'VIP', color: '#ff0000' } })).status).toBe(200)
      const tagged = await admin.call('seedSetUserTags', { body: { msgFrom: '5511900000304', tags: 'VIP' } })
      expect(tagged.status).toBe(200)
      const { body: stored } = await send('5511900000304', 'where is my order?')
      const event = await heard.until<AppMessageEvent>(
        (name, p) => name === 'appMessage' && (p as AppMessageEvent).message.id === stored.messageId,
      )
      // The event's ticket is the ticket as it is read afterwards: contact, tags, queue, connection, counters.
      const ticket = await admin.call('ticketGet', { params: { id: stored.ticketId! } })
      expect(event.ticket).toEqual(ticket.body)
      expect(event.ticket.tags).toEqual([expect.objectContaining({ tag: 'VIP', color: '#ff0000' })])
      const page = await admin.call('messageList', { params: { ticketId: stored.ticketId! } })
      const listed = (page.body.messages as Message[]).find((m) => m.id === stored.messageId)
      expect(listed).toMatchObject({ body: 'where is my order?', fromMe: false, contact: { name: 'Customer' } })
      // Listing the conversation marks it read; the event told of it unread.
      expect(event.message).toEqual({ ...listed, read: false })
      expect(event.ticket).toMatchObject({ id: stored.ticketId, lastMessage: 'where is my order?', unreadMessages: 2 })
      // Not the agent outside the queue (by then the event has gone out to every socket it was for).
      expect(unheard.heard.filter((h) => h.name === 'appMessage')).toEqual([])
    })

    it("opens a new customer's ticket without reading the contact twice or looking for a ticket to bring back", async () => {
      const heard = listen(await settledSocket(member.token))
      const sent = await sentBy(() => send('5511900000305', 'hello, first time here'))
      // One read of the sender (none has the number), then the contact's insert.
      expect(sent.filter((text) => /from "contacts"/.test(text))).toHaveLength(1)
      expect(sent.filter((text) => /insert into "contacts"/.test(text))).toHaveLength(1)
      // A contact created in this transaction has no ticket: none is read, neither live, nor a bulk
      // message's to answer, nor a recent one to bring back.
      expect(sent.filter((text) => /from "tickets" where|"messages"\."jobId"/.test(text))).toEqual([])
      expect(sent.filter((text) => /insert into "tickets"/.test(text))).toHaveLength(1)
      // The sender, begin, the contact, the line's queues, the ticket, the message, its counters, the
      // marker, commit, the event's ticket, the marker taken with the opt-out words and the contact's bots
      // (twenty-two before; fourteen before the caller and the connection were remembered, twelve before
      // the bots came with the marker).
      if (driver === 'postgres') expect(sent, sent.join('\n')).toHaveLength(11)
      const event = await heard.until<AppMessageEvent>(
        (name, p) => name === 'appMessage' && (p as AppMessageEvent).message.body === 'hello, first time here',
      )
      expect(event.ticket).toMatchObject({ status: 'pending', unreadMessages: 1, contact: { number: '5511900000305' } })
    })

    it("reads a line's queues with the sender when it has too few for a menu, not again for the menu", async () => {
      const bare = await connectSimulator(admin)
      const sendBare = (body: string) =>
        admin.call('simulatorInbound', {
          params: { connectionId: bare.id },
          body: { from: '5511900000306', name: 'Customer', body },
        })
      expect((await sendBare('first')).status).toBe(200)
      const sent = await sentBy(() => sendBare('second'))
      const queueReads = sent.filter((text) => /from "whatsapp_queues"/.test(text))
      expect(queueReads).toHaveLength(1)
      expect(queueReads[0]).toMatch(/from "contacts" left join "tickets"/)
      expect(await bare.outbox('5511900000306')).toEqual([])
    })

    it('goes through the transaction when the sender is renamed, and the contact event says so', async () => {
      // A contact still named by its number takes the name the network gives.
      expect((await send('5511900000302', 'first', '5511900000302')).status).toBe(200)
      const sent = await sentBy(() => send('5511900000302', 'second', 'Maria'))
      expect(sent.some((text) => /update "contacts"/.test(text))).toBe(true)
      const contact = await t.server.db
        .selectFrom('contacts')
        .select('name')
        .where('number', '=', '5511900000302')
        .executeTakeFirstOrThrow()
      expect(contact.name).toBe('Maria')
    })

    it.runIf(driver === 'postgres')('writes nothing when the ticket stopped being live after it was read', async () => {
      const first = await send('5511900000303', 'first')
      const ticketId = first.body.ticketId!
      await t.server.db.updateTable('tickets').set({ status: 'closed' }).where('id', '=', ticketId).execute()
      const before = await t.server.db
        .selectFrom('tickets')
        .selectAll()
        .where('id', '=', ticketId)
        .executeTakeFirstOrThrow()
      const contactId = before.contactId
      const appended = await appendToLiveTicket(t.server.db, {
        ticketId,
        contactId,
        providerMessageId: 'closed-meanwhile',
        body: 'too late',
        mediaType: 'chat',
        mediaPath: null,
        mediaMime: null,
        mediaSize: null,
        mediaName: null,
        storyKind: null,
        storyUrl: null,
        preview: 'too late',
        now: nowIso(),
        context: '{}',
        holder: 'test',
        leaseUntil: nowIso(),
      })
      expect(appended).toBeUndefined()
      const messages = await t.server.db
        .selectFrom('messages')
        .select('body')
        .where('ticketId', '=', ticketId)
        .execute()
      expect(messages.map((m) => m.body)).toEqual(['first'])
      expect(await t.server.db.selectFrom('tickets').selectAll().where('id', '=', ticketId).executeTakeFirst()).toEqual(
        before,
      )
      // The customer's next message finds no live ticket, so the transaction brings one back (the recent
      // one here, within `timeCreateNewTicket`) and stores the message on it.
      const next = await send('5511900000303', 'again')
      const live = await t.server.db
        .selectFrom('tickets')
        .select(['id', 'status', 'lastMessage'])
        .where('id', '=', next.body.ticketId!)
        .executeTakeFirstOrThrow()
      expect(live).toMatchObject({ status: 'pending', lastMessage: 'again' })
    })
  })
}
