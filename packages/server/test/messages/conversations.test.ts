import type {
  AppMessageEvent,
  ErrorResponse,
  SendMessageResponse,
  Ticket,
  TicketEvent,
  TicketListResponse,
  User,
} from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { SimulatorDriver } from '../../src/drivers/simulator'
import { MEDIA_URL_TTL_SECONDS } from '../../src/modules/media/store'
import { connectSimulator, listen, notificationSocket, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { contactRow, ticketRow } from '../support/rows'
import { apiPath, type Client, type QueryValue, type TestServer } from '../support/server'

type Err = ErrorResponse
type Sim = Awaited<ReturnType<typeof connectSimulator>>

const ticketUpdate =
  (id: number, pred: (t: Ticket) => boolean = () => true) =>
  (name: string, p: unknown) =>
    name === 'ticket' &&
    (p as TicketEvent).action === 'update' &&
    (p as { ticket: Ticket }).ticket.id === id &&
    pred((p as { ticket: Ticket }).ticket)
const messageCreated = (body: string) => (name: string, p: unknown) =>
  name === 'appMessage' && (p as AppMessageEvent).action === 'create' && (p as AppMessageEvent).message.body === body

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`tickets and messages (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: User }
    let bob: { client: Client; user: User }
    let sales: number
    let support: number
    let sim: Sim

    beforeAll(async () => {
      ;({ t, admin, alice, bob, sales, support, sim } = await startTwoAgentDesk(driver, {
        alice: ['sales'],
        bob: ['support'],
        connection: { farewellMessage: 'Bye {{name}}, thanks!' },
      }))
    })
    afterAll(() => t?.close())

    const ticket = async (client: Client, id: number) => client.call('ticketGet', { params: { id } })
    const list = async (client: Client, query: Record<string, QueryValue> = {}) =>
      (await client.call('ticketList', { query })).body

    it('turns a customer message into a pending ticket everyone sees live, counting unread', async () => {
      const aliceEar = listen(await notificationSocket(t, alice.client.token))
      const first = await sim.inbound({ from: '+55 11 90000-0001', name: 'Maria', body: 'Hello?' })
      expect(first).toMatchObject({ duplicate: false })
      const seen = await aliceEar.until<{ ticket: Ticket }>(ticketUpdate(first.ticketId!))
      expect(seen.ticket).toMatchObject({ status: 'pending', userId: null, queueId: null, unreadMessages: 1 })
      expect(seen.ticket.contact).toMatchObject({ name: 'Maria', number: '5511900000001' })
      await aliceEar.until(messageCreated('Hello?'))

      // A profile name only names a contact nobody named: Maria keeps her first name here.
      const second = await sim.inbound({ from: '5511900000001', name: 'Maria Silva', body: 'Anyone there?' })
      expect(second.ticketId).toBe(first.ticketId)
      const now = (await ticket(alice.client, first.ticketId!)).body
      expect(now).toMatchObject({ unreadMessages: 2, lastMessage: 'Anyone there?', contact: { name: 'Maria' } })
      const contact = await alice.client.call('contactGet', { params: { id: now.contactId } })
      expect(contact.body.name).toBe('Maria')
      expect((await alice.client.call('contactGet', { params: { id: 99999 } })).body.error).toBe('ERR_NO_CONTACT_FOUND')
    })

    it('stores a message delivered twice only once', async () => {
      const message = { from: '5511900000002', body: 'once', providerMessageId: 'ABC-1' }
      const [a, b] = await Promise.all([sim.inbound(message), sim.inbound(message)])
      const again = await sim.inbound(message)
      expect([a.duplicate, b.duplicate].sort()).toEqual([false, true])
      expect(again).toEqual({ ticketId: a.ticketId, messageId: a.messageId, duplicate: true })
      const page = await admin.call('messageList', { params: { ticketId: a.ticketId } })
      expect(page.body.messages.map((m) => m.body)).toEqual(['once'])
      const stored = await t.server.db
        .selectFrom('tickets')
        .select('unreadMessages')
        .where('id', '=', a.ticketId!)
        .executeTakeFirst()
      expect(stored?.unreadMessages).toBe(0)
    })

    it('accepts, replies, returns, views, resolves with the farewell and reopens', async () => {
      const { ticketId } = await sim.inbound({ from: '5511900000003', name: 'Joao', body: 'I need help' })
      const id = ticketId!
      const accepted = await alice.client.call('ticketUpdate', {
        params: { id },
        body: { status: 'open', userId: 12345 },
      })
      expect(accepted.body).toMatchObject({ status: 'open', userId: alice.user.id, user: { name: 'Alice' } })
      // Bob can no longer see it: it belongs to Alice.
      expect((await ticket(bob.client, id)).status).toBe(403)

      // Messages on Alice's ticket reach Alice and admins only.
      const bobEar = listen(await notificationSocket(t, bob.client.token))
      const aliceEar = listen(await notificationSocket(t, alice.client.token))
      await sim.inbound({ from: '5511900000003', body: 'private detail' })
      await aliceEar.until(messageCreated('private detail'))
      await sim.inbound({ from: '5511900000099', body: 'a new customer' })
      await bobEar.until(messageCreated('a new customer'))
      expect(bobEar.find(messageCreated('private detail'))).toBeUndefined()
      expect(JSON.stringify(bobEar.heard)).not.toContain('private detail')

      const returned = await alice.client.call('ticketUpdate', {
        params: { id },
        body: { status: 'pending', userId: null },
      })
      expect(returned.body).toMatchObject({ status: 'pending', userId: null })
      const viewed = await bob.client.call('ticketUpdate', { params: { id }, body: { status: 'pending' } })
      expect(viewed.body).toMatchObject({ status: 'pending', userId: null })

      await bob.client.call('ticketUpdate', { params: { id }, body: { status: 'open', userId: bob.user.id } })
      const resolved = await bob.client.call('ticketUpdate', {
        params: { id },
        body: { status: 'closed', userId: bob.user.id },
      })
      expect(resolved.body).toMatchObject({ status: 'closed', userId: bob.user.id })
      const outbox = await sim.outbox('5511900000003')
      expect(outbox.map((e) => e.body)).toEqual(['Bye Joao, thanks!'])

      const reopened = await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'open' } })
      expect(reopened.status).toBe(403)
      const byBob = await bob.client.call('ticketUpdate', { params: { id }, body: { status: 'open', userId: null } })
      expect(byBob.body).toMatchObject({ status: 'open', userId: bob.user.id })
    })

    it('brings a recent ticket back pending and unassigned, and opens a new one after the window', async () => {
      const { ticketId } = await sim.inbound({ from: '5511900000004', body: 'first' })
      const id = ticketId!
      await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'open' } })
      await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'closed' } })
      const back = await sim.inbound({ from: '5511900000004', body: 'me again' })
      expect(back.ticketId).toBe(id)
      expect((await ticket(admin, id)).body).toMatchObject({ status: 'pending', userId: null, unreadMessages: 2 })

      await admin.call('ticketUpdate', { params: { id }, body: { status: 'closed' } })
      await admin.call('settingUpdate', { params: { key: 'timeCreateNewTicket' }, body: { value: '10' } })
      const old = new Date(Date.now() - 60_000).toISOString()
      await t.server.db.updateTable('tickets').set({ updatedAt: old }).where('id', '=', id).execute()
      const fresh = await sim.inbound({ from: '5511900000004', body: 'new problem' })
      expect(fresh.ticketId).not.toBe(id)
      expect((await ticket(admin, id)).body.status).toBe('closed')
      await admin.call('settingUpdate', { params: { key: 'timeCreateNewTicket' }, body: { value: '3600' } })
    })

    it('refuses a second live ticket for a contact and unknown ids with the seed codes', async () => {
      const { ticketId } = await sim.inbound({ from: '5511900000005', body: 'hey' })
      const { contactId } = (await ticket(admin, ticketId!)).body
      const dup = await alice.client.call('ticketCreate', {
        body: { contactId, userId: alice.user.id, status: 'open' },
      })
      expect(dup).toMatchObject({ status: 400, body: { error: 'ERR_OTHER_OPEN_TICKET' } })
      expect((await alice.client.call('ticketCreate', { body: { contactId: 99999, status: 'open' } })).body.error).toBe(
        'ERR_NO_CONTACT_FOUND',
      )
      expect((await ticket(admin, 99999)).body).toMatchObject({ error: 'ERR_NO_TICKET_FOUND' })
      expect((await admin.call('ticketUpdate', { params: { id: 99999 }, body: { status: 'open' } })).status).toBe(404)
      expect((await admin.call('ticketUpdate', { params: { id: ticketId }, body: { userId: 99999 } })).body.error).toBe(
        'ERR_NO_USER_FOUND',
      )
      expect(
        (await admin.call('ticketUpdate', { params: { id: ticketId }, body: { whatsappId: 99999 } })).body.error,
      ).toBe('ERR_NO_WAPP_FOUND')
      expect(
        (await admin.call('ticketUpdate', { params: { id: ticketId }, body: { queueId: 99999 } })).body.fields?.[0]
          ?.path,
      ).toBe('queueId')
      expect((await admin.call('ticketUpdate', { params: { id: ticketId }, body: {} })).status).toBe(400)
      expect((await admin.call('messageList', { params: { ticketId: 99999 } })).body.error).toBe('ERR_NO_TICKET_FOUND')
      expect((await admin.call('messageSend', { params: { ticketId: 99999 }, body: { body: 'x' } })).body.error).toBe(
        'ERR_NO_TICKET_FOUND',
      )

      await admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'closed' } })
      const created = await alice.client.call('ticketCreate', { body: { contactId, userId: null, status: 'open' } })
      expect(created.body).toMatchObject({ status: 'open', userId: alice.user.id, whatsappId: sim.id })
      const reopen = await admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
      expect(reopen.body.error).toBe('ERR_OTHER_OPEN_TICKET')
    })

    it('transfers: a queue without a user makes it pending and unassigned, and the customer is told', async () => {
      const { ticketId } = await sim.inbound({ from: '5511900000006', name: 'Ana', body: 'transfer me' })
      const id = ticketId!
      await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'open' } })
      const bobEar = listen(await notificationSocket(t, bob.client.token))
      const aliceEar = listen(await notificationSocket(t, alice.client.token))
      const moved = await alice.client.call('ticketUpdate', {
        params: { id },
        body: {
          queueId: support,
          userId: null,
          status: 'open',
        },
      })
      expect(moved.body).toMatchObject({
        status: 'pending',
        userId: null,
        queueId: support,
        queue: { name: 'Support' },
      })
      await bobEar.until(ticketUpdate(id, (tk) => tk.queueId === support))
      // Alice had it: she hears the change, so her list can drop it, and can no longer open it.
      await aliceEar.until(ticketUpdate(id, (tk) => tk.queueId === support))
      expect((await ticket(alice.client, id)).status).toBe(403)
      expect((await sim.outbox('5511900000006')).map((e) => e.body)).toEqual([
        'Your conversation was transferred to *Support*.',
      ])

      const toAlice = await bob.client.call('ticketUpdate', {
        params: { id },
        body: {
          userId: alice.user.id,
          queueId: support,
          status: 'open',
        },
      })
      expect(toAlice.body).toMatchObject({ status: 'open', userId: alice.user.id })
      expect((await sim.outbox('5511900000006')).at(-1)?.body).toBe('Your conversation was transferred to *Alice*.')
      const other = await alice.client.call('ticketUpdate', { params: { id }, body: { whatsappId: sim.id + 1000 } })
      expect(other.status).toBe(403)
    })

    it('shows users their own tickets and unassigned pending ones of their queues; show-all is for admins', async () => {
      const mk = async (from: string) => (await sim.inbound({ from, body: `vis ${from}` })).ticketId!
      const inSales = await mk('5511900000101')
      const inSupport = await mk('5511900000102')
      const noQueue = await mk('5511900000103')
      const bobs = await mk('5511900000104')
      await t.server.db.updateTable('tickets').set({ queueId: sales }).where('id', '=', inSales).execute()
      await t.server.db.updateTable('tickets').set({ queueId: support }).where('id', '=', inSupport).execute()
      await bob.client.call('ticketUpdate', { params: { id: bobs }, body: { status: 'open' } })

      const ids = (r: TicketListResponse) => r.tickets.map((tk) => tk.id)
      const alicePending = await list(alice.client, { status: 'pending', searchParam: 'vis' })
      expect(ids(alicePending).sort()).toEqual([inSales, noQueue].sort())
      expect(alicePending.count).toBe(2)
      expect((await ticket(alice.client, inSupport)).status).toBe(403)
      expect((await ticket(alice.client, bobs)).body.error).toBe('ERR_NO_PERMISSION')
      expect(ids(await list(alice.client, { showAll: true, searchParam: 'vis' })).sort()).toEqual(
        [inSales, noQueue].sort(),
      )

      expect(ids(await list(admin, { searchParam: 'vis' })).sort()).toEqual([noQueue])
      expect(ids(await list(admin, { showAll: true, searchParam: 'vis' })).sort()).toEqual(
        [inSales, inSupport, noQueue, bobs].sort(),
      )
      expect(ids(await list(admin, { showAll: true, searchParam: 'vis', queueIds: [support] })).sort()).toEqual(
        // Tickets without a queue stay in every queue filter.
        [inSupport, noQueue, bobs].sort(),
      )
      // Newest activity first.
      await sim.inbound({ from: '5511900000101', body: 'vis bump' })
      expect(ids(await list(admin, { showAll: true, searchParam: 'vis' }))[0]).toBe(inSales)

      const socket = await t.socket(alice.client.token)
      socket.emit('joinChatBox', bobs)
      socket.emit('joinChatBox', inSales)
      const rooms = async () => {
        const [s] = await t.server.io.in(socket.id!).fetchSockets()
        return [...(s?.rooms ?? [])]
      }
      await vi.waitFor(async () => expect(await rooms()).toContain(`ticket:${inSales}`))
      expect(await rooms()).not.toContain(`ticket:${bobs}`)
    })

    it('searches by name, number and message text, filters and pages, and refuses malformed queueIds', async () => {
      const { ticketId } = await sim.inbound({
        from: '5511977776666',
        name: 'Zelda Quest',
        body: 'my order 4711 is late',
      })
      const found = async (q: string) =>
        (await list(admin, { showAll: true, searchParam: q })).tickets.map((tk) => tk.id)
      expect(await found('zelda')).toEqual([ticketId])
      expect(await found('77776666')).toEqual([ticketId])
      expect(await found('ORDER 4711')).toEqual([ticketId])
      expect(await found('100%')).toEqual([])
      const unread = await list(admin, { showAll: true, withUnreadMessages: true })
      expect(unread.tickets.every((tk) => tk.unreadMessages > 0)).toBe(true)
      const today = new Date().toISOString().slice(0, 10)
      expect((await list(admin, { showAll: true, date: today })).count).toBeGreaterThan(0)
      expect((await list(admin, { showAll: true, date: '2001-01-01' })).count).toBe(0)

      for (const bad of ['[1', '{"a":1}', '[-1]', '["x"]', 'abc']) {
        const res = await admin.call('ticketList', { query: { queueIds: bad } })
        expect(res.status).toBe(400)
        expect(res.body.fields?.[0]?.path).toBe('queueIds')
      }
      expect((await admin.call('ticketList', { query: { status: 'bogus' } })).status).toBe(400)
      expect((await admin.call('ticketList', { query: { showAll: 'yes' } })).status).toBe(400)

      const now = new Date().toISOString()
      const contacts = await t.server.db
        .insertInto('contacts')
        .values(Array.from({ length: 45 }, (_, i) => contactRow({ name: `Bulk ${i}`, number: `4400${1000 + i}` }, now)))
        .returning('id')
        .execute()
      await t.server.db
        .insertInto('tickets')
        .values(
          contacts.map((c, i) =>
            ticketRow(
              {
                status: 'pending',
                contactId: c.id,
                whatsappId: sim.id,
                updatedAt: new Date(Date.parse(now) - i * 1000).toISOString(),
              },
              now,
            ),
          ),
        )
        .execute()
      const page1 = await list(admin, { showAll: true, searchParam: 'bulk' })
      expect(page1).toMatchObject({ count: 45, hasMore: true })
      expect(page1.tickets).toHaveLength(40)
      expect(page1.tickets[0]?.contact.name).toBe('Bulk 0')
      const page2 = await list(admin, { showAll: true, searchParam: 'bulk', pageNumber: 2 })
      expect(page2).toMatchObject({ count: 45, hasMore: false })
      expect(page2.tickets.map((tk) => tk.contact.name)).toEqual([
        'Bulk 40',
        'Bulk 41',
        'Bulk 42',
        'Bulk 43',
        'Bulk 44',
      ])
    })

    it('pages messages upward, marks them read live, sends, quotes, deletes own and keeps failed sends', async () => {
      const from = '5511900000200'
      let id = 0
      for (let i = 1; i <= 25; i++) id = (await sim.inbound({ from, body: `m${i}` })).ticketId!
      await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'open' } })
      const aliceEar = listen(await notificationSocket(t, alice.client.token))
      const page1 = await alice.client.call('messageList', { params: { ticketId: id } })
      expect(page1.body.messages.map((m) => m.body)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 6}`))
      expect(page1.body.hasMore).toBe(true)
      const page2 = await alice.client.call('messageList', { params: { ticketId: id }, query: { pageNumber: 2 } })
      expect(page2.body).toMatchObject({ hasMore: false })
      expect(page2.body.messages.map((m) => m.body)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5'])
      await aliceEar.until((n, p) => n === 'ticket' && (p as TicketEvent).action === 'updateUnread')
      expect((await ticket(alice.client, id)).body.unreadMessages).toBe(0)
      expect((await sim.outbox(from)).filter((e) => e.kind === 'read')).toHaveLength(1)

      const html = '<img src=x onerror=alert(1)> *hi*'
      const sent = await alice.client.call('messageSend', { params: { ticketId: id }, body: { body: `  ${html} ` } })
      expect(sent.status).toBe(200)
      expect(sent.body.messages[0]).toMatchObject({ body: html, fromMe: true, ack: 1, error: null })
      await aliceEar.until(messageCreated(html))
      const quotedTarget = page1.body.messages[0]!
      const reply = await alice.client.call('messageSend', {
        params: { ticketId: id },
        body: {
          body: 'answering that',
          quotedMsg: quotedTarget,
        },
      })
      expect(reply.body.messages[0]?.quotedMsg).toMatchObject({ id: quotedTarget.id, body: 'm6', fromMe: false })
      const out = await sim.outbox(from)
      expect(out.filter((e) => e.kind === 'text').map((e) => e.body)).toEqual([html, 'answering that'])
      expect(out.at(-1)?.quotedProviderMessageId).toMatch(/^SIMIN/)

      expect(
        (await alice.client.call('messageSend', { params: { ticketId: id }, body: { body: '   ' } })).body.fields?.[0]
          ?.path,
      ).toBe('body')
      expect(
        (await alice.client.call('messageSend', { params: { ticketId: id }, body: { body: 'x', quotedMsg: 99999 } }))
          .status,
      ).toBe(400)
      expect(
        (
          await alice.client.call('messageSend', {
            params: { ticketId: id },
            body: { body: 'x', mediaUrl: 'https://evil.test/a.png' },
          })
        ).status,
      ).toBe(400)
      expect(
        (await bob.client.call('messageSend', { params: { ticketId: id }, body: { body: 'not mine' } })).status,
      ).toBe(403)
      expect((await bob.client.call('messageList', { params: { ticketId: id } })).status).toBe(403)

      const mine = sent.body.messages[0]!
      expect((await bob.client.call('messageDelete', { params: { id: mine.id } })).status).toBe(403)
      expect((await alice.client.call('messageDelete', { params: { id: quotedTarget.id } })).status).toBe(403)
      expect((await alice.client.call('messageDelete', { params: { id: 99999 } })).status).toBe(404)
      const deleted = await alice.client.call('messageDelete', { params: { id: mine.id } })
      expect(deleted.body).toMatchObject({ id: mine.id, isDeleted: true })
      expect((await sim.outbox(from)).at(-1)).toMatchObject({ kind: 'delete' })

      const acked = await admin.call('simulatorAck', {
        params: { connectionId: sim.id },
        body: {
          messageId: reply.body.messages[0]!.id,
          ack: 3,
        },
      })
      expect(acked.body.ack).toBe(3)
      const back = await admin.call('simulatorAck', {
        params: { connectionId: sim.id },
        body: {
          messageId: reply.body.messages[0]!.id,
          ack: 2,
        },
      })
      expect(back.body.ack).toBe(3)

      // The network refuses a send: the message stays in the conversation with its error, and the call says so.
      ;(t.server.services.sessions.get(sim.id) as SimulatorDriver).failNextSends(1)
      const refused = await alice.client.call('messageSend', {
        params: { ticketId: id },
        body: { body: 'did this arrive?' },
      })
      expect(refused).toMatchObject({ status: 502, body: { error: 'ERR_SENDING_WAPP_MSG' } })
      await aliceEar.until(messageCreated('did this arrive?'))
      const kept = await alice.client.call('messageList', { params: { ticketId: id } })
      expect(kept.body.messages.at(-1)).toMatchObject({
        body: 'did this arrive?',
        error: 'ERR_SENDING_WAPP_MSG',
        ack: 0,
      })

      // The phone is gone: the send is refused before anything is stored (the composer keeps the draft).
      await admin.call('simulatorDrop', { params: { connectionId: sim.id } })
      const failed = await alice.client.call('messageSend', {
        params: { ticketId: id },
        body: { body: 'are you there?' },
      })
      expect(failed).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } })
      const history = await alice.client.call('messageList', { params: { ticketId: id } })
      expect(history.body.messages.map((m) => m.body)).not.toContain('are you there?')
      await admin.call('sessionStart', { params: { id: sim.id } })
      await admin.call('simulatorScan', { params: { connectionId: sim.id } })
    })

    it('stores inbound media and serves it through a signed, expiring address', async () => {
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      )
      const { ticketId } = await sim.inbound({
        from: '5511900000300',
        mediaType: 'image',
        mediaBase64: png.toString('base64'),
        fileName: 'x.html',
      })
      const page = await admin.call('messageList', { params: { ticketId } })
      const url = page.body.messages[0]!.mediaUrl!
      expect(url).toMatch(/^\/api\/media\/[\w-]{43}\/\d+\/[a-f0-9]{32}\.png$/)
      const res = await fetch(`${t.url}${url}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await res.arrayBuffer())).toEqual(png)
      const [, , expires = '', file = ''] = /^\/api\/media\/([\w-]+)\/(\d+)\/([^/]+)$/.exec(url) ?? []
      const forged = apiPath('media', { signature: 'A'.repeat(43), expires, name: file })
      expect(forged).not.toBe(url)
      expect((await fetch(`${t.url}${forged}`)).status).toBe(404)
      expect((await fetch(`${t.url}${url.replace(/\/\d+\//, '/1000/')}`)).status).toBe(404)

      await admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
      const forwarded = await admin.call('messageSend', { params: { ticketId }, body: { mediaUrl: url } })
      expect(forwarded.body.messages[0]).toMatchObject({ mediaType: 'image', error: null })
      expect((await sim.outbox('5511900000300')).at(-1)).toMatchObject({ kind: 'media', mimeType: 'image/png' })
      // An address that was signed right but has expired no longer sends the file either.
      const name = url.split('/').at(-1)!
      const expired = t.server.services.media.signedUrl(name, Date.now() - MEDIA_URL_TTL_SECONDS * 1000 - 60_000)
      const stale = await admin.call('messageSend', { params: { ticketId }, body: { mediaUrl: expired } })
      expect(stale).toMatchObject({ status: 400, body: { fields: [{ path: 'mediaUrl' }] } })
    })

    it('sends uploaded files, typed by their content, and refuses oversized or missing ones', async () => {
      const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
      const { ticketId } = await sim.inbound({ from: '5511900000310', body: 'send me the files' })
      await alice.client.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
      const upload = (form: FormData, client = alice.client) =>
        fetch(`${t.url}${apiPath('messageSend', { ticketId })}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${client.token}` },
          body: form,
        })
      const form = new FormData()
      form.append('body', 'two files')
      form.append('medias', new Blob([png]), 'photo.png')
      form.append('medias', new Blob(['<html><script>alert(1)</script>']), 'innocent.png')
      const res = await upload(form)
      expect(res.status).toBe(200)
      const { messages } = (await res.json()) as SendMessageResponse
      expect(messages.map((m) => [m.mediaType, m.body, m.error])).toEqual([
        ['image', 'two files', null],
        ['other', '', null],
      ])
      const out = (await sim.outbox('5511900000310')).filter((e) => e.kind === 'media')
      expect(out.map((e) => [e.fileName, e.mimeType])).toEqual([
        ['photo.png', 'image/png'],
        ['innocent.png', 'application/octet-stream'],
      ])
      const served = await fetch(`${t.url}${messages[1]!.mediaUrl}`)
      expect(served.headers.get('content-type')).toBe('application/octet-stream')
      expect(served.headers.get('content-disposition')).toBe('attachment')

      const big = new FormData()
      big.append('medias', new Blob([Buffer.alloc(16 * 1024 * 1024 + 1)]), 'huge.bin')
      const tooBig = await upload(big)
      expect(tooBig.status).toBe(413)
      expect(((await tooBig.json()) as Err).error).toBe('ERR_PAYLOAD_TOO_LARGE')
      const empty = new FormData()
      empty.append('body', 'no file')
      const missing = await upload(empty)
      expect(missing.status).toBe(400)
      expect(((await missing.json()) as Err).fields?.[0]?.path).toBe('medias')
      expect((await upload(form, bob.client)).status).toBe(403)
      const page = await alice.client.call('messageList', { params: { ticketId } })
      expect(page.body.messages.filter((m) => m.fromMe)).toHaveLength(2)
    })

    it('routes to queues: one queue assigns it; several get a numbered menu once and a number picks one', async () => {
      const one = await connectSimulator(admin, { name: 'One queue', queueIds: [sales] })
      const single = await one.inbound({ from: '5511900000400', body: 'hi' })
      expect((await ticket(admin, single.ticketId!)).body.queueId).toBe(sales)

      const many = await connectSimulator(admin, {
        name: 'Menu',
        queueIds: [support, sales],
        greetingMessage: 'Welcome!',
      })
      const from = '5511900000401'
      const first = await many.inbound({ from, body: 'hello' })
      expect((await many.outbox(from)).map((e) => e.body)).toEqual(['Welcome!\n\n*1* - Sales\n*2* - Support'])
      await many.inbound({ from, body: 'what?' })
      expect(await many.outbox(from)).toHaveLength(1)
      await many.inbound({ from, body: ' 1 ' })
      expect((await ticket(admin, first.ticketId!)).body).toMatchObject({ queueId: sales, status: 'pending' })
      expect((await many.outbox(from)).map((e) => e.body).at(-1)).toBe('Sales here, how can we help?')
    })

    it('puts group messages on the group ticket with the sender, unless groups are ignored', async () => {
      const a = await sim.inbound({
        from: '5511900000501',
        name: 'Member A',
        isGroup: true,
        groupId: '120363000000001',
        body: 'group hi',
      })
      const b = await sim.inbound({
        from: '5511900000502',
        name: 'Member B',
        isGroup: true,
        groupId: '120363000000001',
        body: 'me too',
      })
      expect(b.ticketId).toBe(a.ticketId)
      const tk = (await ticket(admin, a.ticketId!)).body
      expect(tk).toMatchObject({ isGroup: true, contact: { number: '120363000000001', isGroup: true } })
      const page = await admin.call('messageList', { params: { ticketId: a.ticketId } })
      expect(page.body.messages.map((m) => m.contact?.name)).toEqual(['Member A', 'Member B'])
      expect((await list(admin, { showAll: true, isGroup: true })).tickets.map((x) => x.id)).toEqual([a.ticketId])

      await admin.call('settingUpdate', { params: { key: 'CheckMsgIsGroup' }, body: { value: 'enabled' } })
      const ignored = await sim.inbound({
        from: '5511900000501',
        isGroup: true,
        groupId: '120363000000001',
        body: 'lost',
      })
      expect(ignored).toMatchObject({ ignored: true, ticketId: null })
      await admin.call('settingUpdate', { params: { key: 'CheckMsgIsGroup' }, body: { value: 'disabled' } })
    })

    it('creates, lists, edits and (for admins) deletes contacts with their tickets', async () => {
      const made = await alice.client.call('contactCreateSingular', {
        body: {
          name: 'Rita Lee',
          number: '+55 (11) 95555-0000',
          email: 'RITA@x.io',
          extraInfo: [{ name: 'cpf', value: '123' }],
        },
      })
      expect(made.body).toMatchObject({ name: 'Rita Lee', number: '5511955550000', email: 'rita@x.io' })
      expect(made.body.extraInfo).toMatchObject([{ name: 'cpf', value: '123' }])
      const dup = await bob.client.call('contactCreate', { body: { name: 'Other', number: '5511955550000' } })
      expect(dup).toMatchObject({ status: 400, body: { error: 'ERR_DUPLICATED_CONTACT' } })
      expect(
        (await bob.client.call('contactCreate', { body: { name: 'R', number: '12' } })).body.fields?.map((f) => f.path),
      ).toEqual(['name', 'number'])

      const found = await bob.client.call('contactList', { query: { searchParam: 'rita' } })
      expect(found.body.contacts.map((c) => c.id)).toEqual([made.body.id])
      const edited = await bob.client.call('contactUpdate', {
        params: { id: made.body.id },
        body: { name: 'Rita', extraInfo: [] },
      })
      expect(edited.body).toMatchObject({ name: 'Rita', number: '5511955550000', extraInfo: [] })
      expect(
        (await bob.client.call('contactUpdate', { params: { id: 99999 }, body: { name: 'Nobody' } })).body.error,
      ).toBe('ERR_NO_CONTACT_FOUND')

      const opened = await alice.client.call('ticketCreate', { body: { contactId: made.body.id, status: 'open' } })
      expect((await alice.client.call('contactDelete', { params: { id: made.body.id } })).status).toBe(403)
      expect((await admin.call('contactDelete', { params: { id: made.body.id } })).status).toBe(204)
      expect((await admin.call('ticketGet', { params: { id: opened.body.id } })).status).toBe(404)
      expect((await admin.call('contactGet', { params: { id: made.body.id } })).body.error).toBe('ERR_NO_CONTACT_FOUND')
    })

    it("deletes tickets for admins only, closes all of a caller's open tickets, and auto-closes idle ones", async () => {
      const { ticketId } = await sim.inbound({ from: '5511900000600', body: 'delete me' })
      expect((await alice.client.call('ticketDelete', { params: { id: ticketId } })).status).toBe(403)
      const aliceEar = listen(await notificationSocket(t, alice.client.token))
      expect((await admin.call('ticketDelete', { params: { id: ticketId } })).status).toBe(204)
      await aliceEar.until((n, p) => n === 'ticket' && (p as TicketEvent).action === 'delete')
      expect((await ticket(admin, ticketId!)).status).toBe(404)
      expect((await admin.call('ticketDelete', { params: { id: ticketId } })).body.error).toBe('ERR_NO_TICKET_FOUND')

      const c1 = (await sim.inbound({ from: '5511900000601', name: 'Caio', body: 'x' })).ticketId!
      const c2 = (await sim.inbound({ from: '5511900000602', body: 'y' })).ticketId!
      await bob.client.call('ticketUpdate', { params: { id: c1 }, body: { status: 'open' } })
      await bob.client.call('ticketUpdate', { params: { id: c2 }, body: { status: 'open' } })
      const bobOpen = (await list(bob.client, { status: 'open' })).count
      const closed = await bob.client.call('ticketCloseAll')
      expect(closed.body.closed).toBe(bobOpen)
      expect((await list(bob.client, { status: 'open' })).count).toBe(0)
      expect((await sim.outbox('5511900000601')).at(-1)?.body).toBe('Bye Caio, thanks!')

      const idle = (await sim.inbound({ from: '5511900000603', name: 'Idle Ivo', body: 'z' })).ticketId!
      await alice.client.call('ticketUpdate', { params: { id: idle }, body: { status: 'open' } })
      expect(await t.server.services.tickets.closeIdle(24)).toBe(0)
      const count = await t.server.services.tickets.closeIdle(24, Date.now() + 25 * 3_600_000)
      expect(count).toBeGreaterThan(0)
      expect((await ticket(admin, idle)).body).toMatchObject({ status: 'closed', userId: alice.user.id })
      expect((await sim.outbox('5511900000603')).at(-1)?.body).toBe('Bye Idle Ivo, thanks!')
      expect((await list(admin, { showAll: true, status: 'open' })).count).toBe(0)
    })

    it("closes only an agent's own open tickets even when they ask with show-all", async () => {
      await bob.client.call('ticketCloseAll') // what earlier tests left open for Bob
      const mine = (await sim.inbound({ from: '5511900000611', body: 'bob' })).ticketId!
      const hers = (await sim.inbound({ from: '5511900000612', body: 'alice' })).ticketId!
      const waiting = (await sim.inbound({ from: '5511900000613', body: 'nobody' })).ticketId!
      await bob.client.call('ticketUpdate', { params: { id: mine }, body: { status: 'open' } })
      await alice.client.call('ticketUpdate', { params: { id: hers }, body: { status: 'open' } })

      const closed = await bob.client.call('ticketCloseAll', { query: { showAll: true } })
      expect(closed).toMatchObject({ status: 200, body: { closed: 1 } })
      expect((await ticket(admin, mine)).body).toMatchObject({ status: 'closed', userId: bob.user.id })
      expect((await ticket(admin, hers)).body).toMatchObject({ status: 'open', userId: alice.user.id })
      expect((await ticket(admin, waiting)).body).toMatchObject({ status: 'pending', userId: null })

      // An admin's show-all does reach everyone's open tickets (and leaves the waiting one waiting).
      expect((await admin.call('ticketCloseAll', { query: { showAll: true } })).status).toBe(200)
      expect((await ticket(admin, hers)).body).toMatchObject({ status: 'closed', userId: alice.user.id })
      expect((await ticket(admin, waiting)).body).toMatchObject({ status: 'pending', userId: null })
    })
  })
}
