/**
 * The seed's own client, socket side, replayed against the real server: it opens a socket per
 * component with the token in the query, emits `joinNotification`, `joinTickets(status)` or
 * `joinChatBox(ticketId)` on connect, and applies whatever `ticket` and `appMessage` events
 * arrive without checking which ticket they name. So a socket must hear only what it joined,
 * and of that only the tickets its user may see.
 */
import type {
  AppMessageEvent,
  ConnectionDetail,
  TicketEvent,
  User,
  WhatsappEvent,
  WhatsappSessionEvent,
} from '@desk/api-client'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type connectSimulator, listen, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { type Client, PASSWORD, type TestServer } from '../support/server'

type Sim = Awaited<ReturnType<typeof connectSimulator>>

/** A socket and what it hears. */
const ear = (socket: Socket) => ({ socket, ...listen(socket) })
type Ear = ReturnType<typeof ear>

/** A ticket or message event in short: `ticket update 5 open`, `ticket delete 5`, `appMessage create 5 hi`. */
const describeEvent = (name: string, payload: unknown): string | null => {
  if (name === 'appMessage') {
    const e = payload as AppMessageEvent
    return `appMessage ${e.action} ${e.ticket.id} ${e.message.body}`
  }
  if (name !== 'ticket') return null
  const e = payload as TicketEvent
  return e.action === 'update' ? `ticket update ${e.ticket.id} ${e.ticket.status}` : `ticket ${e.action} ${e.ticketId}`
}

/** The ticket and message events an ear heard since the last call, in order; forgets them. */
const take = (e: Ear) =>
  e.heard
    .splice(0)
    .map((h) => describeEvent(h.name, h.payload))
    .filter((d): d is string => d !== null)

const messageCreated = (body: string) => (name: string, p: unknown) =>
  name === 'appMessage' && (p as AppMessageEvent).action === 'create' && (p as AppMessageEvent).message.body === body
const named = (ticketId: number) => (line: string) => line.split(' ')[2] === String(ticketId)

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the seed's client over socket.io (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: User }
    let bob: { client: Client; user: User }
    let sales: number
    let support: number
    let sim: Sim
    let customers = 0
    let marker = { id: 0, n: 0 }

    beforeAll(async () => {
      ;({ t, admin, alice, bob, sales, support, sim } = await startTwoAgentDesk(driver, {
        alice: ['sales'],
        bob: ['support'],
      }))
      const contact = await admin.post<{ id: number }>('/api/contacts', { name: 'Marker 0' })
      marker = { id: contact.body.id, n: 0 }
    })
    afterAll(() => t?.close())

    /** A socket as the seed opens it: the token in the query. */
    const seedSocket = (client: Client) => t.socket(client.token, 'query')
    const seedEar = async (client: Client) => ear(await seedSocket(client))
    /**
     * Joins as the seed does; the acknowledgement (which the seed does not ask for, and which
     * changes nothing on the server) says when the server has let the socket in, or refused it.
     */
    const enter = async (e: Ear, event: string, ...args: unknown[]) =>
      (await e.socket.emitWithAck(event, ...args)) as boolean
    /** A new customer who writes. */
    const customer = async (body: string) => {
      const from = `55119000${String(++customers).padStart(5, '0')}`
      return { from, id: (await sim.inbound({ from, name: `Customer ${customers}`, body })).ticketId! }
    }
    /**
     * Waits until everything sent to these sockets so far has arrived: a contact change that every
     * signed-in socket hears is sent after it, down the same connection.
     */
    const settle = async (...ears: Ear[]) => {
      const name = `Marker ${++marker.n}`
      expect((await admin.put(`/api/contacts/${marker.id}`, { name })).status).toBe(200)
      for (const e of ears) {
        await e.until((n, p) => n === 'contact' && (p as { contact: { name: string } }).contact.name === name)
      }
    }

    it("keeps each conversation to its own customer's messages", async () => {
      const a = await customer('A: hello')
      const b = await customer('B: hello')
      for (const { id } of [a, b]) await alice.client.put(`/api/tickets/${id}`, { status: 'open' })
      const chatA = await seedEar(alice.client)
      // Exactly as the seed does it, with the id from the address bar and no acknowledgement.
      chatA.socket.emit('joinChatBox', String(a.id))
      await vi.waitFor(async () => {
        const [server] = await t.server.io.in(chatA.socket.id!).fetchSockets()
        expect([...(server?.rooms ?? [])]).toContain(`ticket:${a.id}`)
      })

      await sim.inbound({ from: b.from, body: 'B: my card number is 4111' })
      await alice.client.post(`/api/messages/${b.id}`, { body: 'B: thanks, noted' })
      await alice.client.put(`/api/tickets/${b.id}`, { status: 'closed' })
      await sim.inbound({ from: a.from, body: 'A: are you there?' })
      await alice.client.post(`/api/messages/${a.id}`, { body: 'A: yes, here' })
      await alice.client.put(`/api/tickets/${a.id}`, { status: 'closed' })
      await settle(chatA)

      const heard = take(chatA)
      expect(heard).toEqual(
        expect.arrayContaining([
          `appMessage create ${a.id} A: are you there?`,
          `appMessage create ${a.id} A: yes, here`,
          `ticket update ${a.id} closed`,
        ]),
      )
      expect(heard.filter((line) => !named(a.id)(line))).toEqual([])
      expect(JSON.stringify(chatA.heard)).not.toContain('B: ')
    })

    it("drops a ticket from a status list when it leaves that status or the user's sight", async () => {
      const alicePending = await seedEar(alice.client)
      const aliceOpen = await seedEar(alice.client)
      const aliceClosed = await seedEar(alice.client)
      const bobPending = await seedEar(bob.client)
      const bobOpen = await seedEar(bob.client)
      const adminOpen = await seedEar(admin)
      const lists = [alicePending, aliceOpen, aliceClosed, bobPending, bobOpen, adminOpen]
      const statuses = ['pending', 'open', 'closed', 'pending', 'open', 'open']
      for (const [i, list] of lists.entries()) expect(await enter(list, 'joinTickets', statuses[i])).toBe(true)
      const step = async () => {
        await settle(...lists)
        return lists.map((list) => take(list))
      }

      // A new customer without a queue waits where everyone sees it, with its message.
      const c = await customer('C: first')
      const c1 = [`ticket update ${c.id} pending`, `appMessage create ${c.id} C: first`]
      expect(await step()).toEqual([c1, [], [], c1, [], []])

      // Accept: every pending list drops it; it shows in the open lists of its owner and admins.
      await alice.client.put(`/api/tickets/${c.id}`, { status: 'open', userId: alice.user.id })
      const gone = `ticket delete ${c.id}`
      const open = `ticket update ${c.id} open`
      expect(await step()).toEqual([[gone], [open], [], [gone], [], [open]])
      await sim.inbound({ from: c.from, body: 'C: second' })
      const c2 = `appMessage create ${c.id} C: second`
      expect(await step()).toEqual([[], [c2], [], [], [], [c2]])

      // Return: out of the open lists, waiting again for everyone.
      await alice.client.put(`/api/tickets/${c.id}`, { status: 'pending', userId: null })
      const pending = `ticket update ${c.id} pending`
      expect(await step()).toEqual([[pending], [gone], [], [pending], [], [gone]])

      // Accept, resolve, reopen.
      await alice.client.put(`/api/tickets/${c.id}`, { status: 'open' })
      await step()
      await alice.client.put(`/api/tickets/${c.id}`, { status: 'closed' })
      const closed = `ticket update ${c.id} closed`
      expect(await step()).toEqual([[], [gone], [closed], [], [], [gone]])
      await alice.client.put(`/api/tickets/${c.id}`, { status: 'open' })
      expect(await step()).toEqual([[], [open], [gone], [], [], [open]])

      // Transfer to Bob, status kept: gone from Alice's open list, shown in Bob's (with the
      // notice the customer gets); admins keep it.
      await alice.client.put(`/api/tickets/${c.id}`, { userId: bob.user.id, status: 'open' })
      const notice = `appMessage create ${c.id} Your conversation was transferred to *Bob*.`
      expect(await step()).toEqual([[], [gone], [], [], [open, notice], [open, notice]])

      // Delete (admins): gone from the lists that showed it.
      expect((await admin.del(`/api/tickets/${c.id}`)).status).toBe(204)
      expect(await step()).toEqual([[], [], [], [], [gone], [gone]])
    })

    it('drops a waiting ticket from the lists of those outside the queue it moves to, and back', async () => {
      const alicePending = await seedEar(alice.client)
      const bobPending = await seedEar(bob.client)
      const adminPending = await seedEar(admin)
      const lists = [alicePending, bobPending, adminPending]
      for (const list of lists) expect(await enter(list, 'joinTickets', 'pending')).toBe(true)
      const step = async () => {
        await settle(...lists)
        return lists.map((list) => take(list))
      }
      const w = await customer('W: which queue?')
      await step()

      // From everyone's sight (no queue) to Support's: Alice (Sales) loses it.
      await admin.put(`/api/tickets/${w.id}`, { queueId: support, userId: null, status: 'pending' })
      const gone = `ticket delete ${w.id}`
      const waiting = `ticket update ${w.id} pending`
      const notice = `appMessage create ${w.id} Your conversation was transferred to *Support*.`
      expect(await step()).toEqual([[gone], [waiting, notice], [waiting, notice]])

      // From Support to Sales: now Bob loses it and Alice gets it.
      await admin.put(`/api/tickets/${w.id}`, { queueId: sales, userId: null, status: 'pending' })
      const toSales = `appMessage create ${w.id} Your conversation was transferred to *Sales*.`
      expect(await step()).toEqual([[waiting, toSales], [gone], [waiting, toSales]])
    })

    it('sends nothing about tickets or messages to a socket that joined nothing', async () => {
      const idle = await seedEar(alice.client)
      const bell = await seedEar(alice.client)
      expect(await enter(bell, 'joinNotification')).toBe(true)
      const d = await customer('D: hello')
      await alice.client.put(`/api/tickets/${d.id}`, { status: 'open' })
      await alice.client.post(`/api/messages/${d.id}`, { body: 'D: hi there' })
      await alice.client.get(`/api/messages/${d.id}`)
      await admin.del(`/api/tickets/${d.id}`)
      await settle(idle, bell)
      expect(take(bell)).toEqual(
        expect.arrayContaining([`appMessage create ${d.id} D: hi there`, `ticket delete ${d.id}`]),
      )
      // It still hears what every signed-in socket hears.
      expect(idle.find((n) => n === 'contact')).toBeDefined()
      expect(take(idle)).toEqual([])
    })

    it('never tells an agent about a ticket they cannot see, whatever they joined', async () => {
      // A customer routed to Support: Alice (Sales) cannot see it, Bob (Support) can.
      const e = await customer('E: hello')
      await admin.put(`/api/tickets/${e.id}`, { queueId: support, userId: null, status: 'pending' })
      const alicePending = await seedEar(alice.client)
      const aliceBell = await seedEar(alice.client)
      const aliceChat = await seedEar(alice.client)
      const bobPending = await seedEar(bob.client)
      const adminChat = await seedEar(admin)
      expect(await enter(alicePending, 'joinTickets', 'pending')).toBe(true)
      expect(await enter(aliceBell, 'joinNotification')).toBe(true)
      // The seed opens a conversation from its address: refused for a ticket she cannot see.
      expect(await enter(aliceChat, 'joinChatBox', e.id)).toBe(false)
      expect(await enter(bobPending, 'joinTickets', 'pending')).toBe(true)
      expect(await enter(adminChat, 'joinChatBox', e.id)).toBe(true)

      await sim.inbound({ from: e.from, body: 'E: private details' })
      await bob.client.put(`/api/tickets/${e.id}`, { status: 'open' })
      await bob.client.post(`/api/messages/${e.id}`, { body: 'E: answered by Bob' })
      // What Alice may see still arrives: a customer without a queue.
      const f = await customer('F: public')
      await settle(alicePending, aliceBell, aliceChat, bobPending, adminChat)

      expect(take(bobPending)).toEqual(
        expect.arrayContaining([`appMessage create ${e.id} E: private details`, `ticket delete ${e.id}`]),
      )
      expect(take(adminChat)).toEqual(
        expect.arrayContaining([
          `appMessage create ${e.id} E: private details`,
          `appMessage create ${e.id} E: answered by Bob`,
        ]),
      )
      expect(take(alicePending)).toEqual([`ticket update ${f.id} pending`, `appMessage create ${f.id} F: public`])
      expect(take(aliceBell)).toEqual([`ticket update ${f.id} pending`, `appMessage create ${f.id} F: public`])
      expect(take(aliceChat)).toEqual([])
      for (const ear of [alicePending, aliceBell, aliceChat]) expect(JSON.stringify(ear.heard)).not.toContain('E: ')
    })

    it('gives the notification bell new messages, changes and deletes of the tickets its user sees', async () => {
      const bell = await seedEar(alice.client)
      expect(await enter(bell, 'joinNotification')).toBe(true)
      const g = await customer('G: need help')
      const created = await bell.until<AppMessageEvent>(messageCreated('G: need help'))
      expect(created).toMatchObject({ ticket: { id: g.id, unreadMessages: 1 }, message: { read: false } })
      await settle(bell)
      take(bell)

      // Someone else takes it: the bell hears that change (so it drops it), then nothing more of it.
      await bob.client.put(`/api/tickets/${g.id}`, { status: 'open' })
      await sim.inbound({ from: g.from, body: 'G: for Bob only' })
      await settle(bell)
      expect(take(bell)).toEqual([`ticket update ${g.id} open`])

      // A ticket of her own: a new message, reading it (unread reset), deleting it.
      const h = await customer('H: hi Alice')
      await alice.client.put(`/api/tickets/${h.id}`, { status: 'open' })
      await settle(bell)
      take(bell)
      await sim.inbound({ from: h.from, body: 'H: again' })
      await alice.client.get(`/api/messages/${h.id}`)
      expect((await admin.del(`/api/tickets/${h.id}`)).status).toBe(204)
      await settle(bell)
      expect(take(bell)).toEqual([
        `appMessage create ${h.id} H: again`,
        `ticket updateUnread ${h.id}`,
        `ticket delete ${h.id}`,
      ])
    })

    it('delivers an event once to a socket in several of its rooms', async () => {
      const k = await customer('K: one')
      await alice.client.put(`/api/tickets/${k.id}`, { status: 'open' })
      const all = await seedEar(alice.client)
      expect(await enter(all, 'joinNotification')).toBe(true)
      expect(await enter(all, 'joinTickets', 'open')).toBe(true)
      expect(await enter(all, 'joinChatBox', k.id)).toBe(true)
      await sim.inbound({ from: k.from, body: 'K: two' })
      await alice.client.put(`/api/tickets/${k.id}`, { status: 'closed' })
      await settle(all)
      expect(take(all)).toEqual([
        `appMessage create ${k.id} K: two`,
        // Left the open list…
        `ticket delete ${k.id}`,
        // …and the conversation and the bell hear the change, once.
        `ticket update ${k.id} closed`,
      ])
    })

    it('announces a new connection as an update, and a connected session with an empty QR code', async () => {
      const adminEar = await seedEar(admin)
      const agentEar = await seedEar(alice.client)
      const created = await admin.post<ConnectionDetail>('/api/whatsapp', { name: 'Second line' })
      expect(created.status).toBe(200)
      const id = created.body.id
      const isThis = (n: string, p: unknown) =>
        n === 'whatsapp' && (p as { whatsapp?: { id: number } }).whatsapp?.id === id
      expect(await adminEar.until<WhatsappEvent>(isThis)).toMatchObject({
        action: 'update',
        whatsapp: { id, name: 'Second line' },
      })
      expect(await agentEar.until<WhatsappEvent>(isThis)).toMatchObject({
        action: 'update',
        whatsapp: { qrcode: null },
      })

      const session = (status: string) => (n: string, p: unknown) =>
        n === 'whatsappSession' &&
        (p as WhatsappSessionEvent).session.id === id &&
        (p as WhatsappSessionEvent).session.status === status
      const qr = await adminEar.until<WhatsappSessionEvent>(session('qrcode'))
      expect(qr.session.qrcode).toMatch(/^limedesk-sim:/)
      expect((await agentEar.until<WhatsappSessionEvent>(session('qrcode'))).session.qrcode).toBe('')
      await admin.post(`/api/simulator/${id}/scan`)
      expect(await adminEar.until<WhatsappSessionEvent>(session('CONNECTED'))).toMatchObject({
        action: 'update',
        session: { id, status: 'CONNECTED', qrcode: '' },
      })
      expect((await agentEar.until<WhatsappSessionEvent>(session('CONNECTED'))).session.qrcode).toBe('')
      expect(JSON.stringify(agentEar.heard)).not.toContain(qr.session.qrcode!)
      expect((await admin.del(`/api/whatsapp/${id}`)).status).toBe(204)
      await agentEar.until((n, p) => n === 'whatsapp' && (p as WhatsappEvent).action === 'delete')
      const actions = [...adminEar.heard, ...agentEar.heard].filter((h) => h.name === 'whatsapp')
      expect(actions.map((h) => (h.payload as WhatsappEvent).action)).not.toContain('create')
    })

    it("closes a user's other sockets when their password changes, and keeps them out", async () => {
      const { user: carol } = await t.addUser(admin, 'Carol', 'carol@desk.test')
      const here = await t.signIn('carol@desk.test')
      const elsewhere = await t.signIn('carol@desk.test')
      const hereEar = await seedEar(here)
      const elsewhereSocket = await seedSocket(elsewhere)
      const closed = new Promise<string>((resolve) => elsewhereSocket.once('disconnect', resolve))

      const changed = await here.put<User>(`/api/users/${carol.id}`, { password: 'a-new-password' })
      expect(changed.status).toBe(200)
      expect(await closed).toBe('io server disconnect')
      // The session that made the change carries on.
      await settle(hereEar)
      expect(hereEar.socket.connected).toBe(true)
      // The other session's token has not expired, but its session has ended: no way back in.
      await expect(seedSocket(elsewhere)).rejects.toThrow('ERR_SESSION_EXPIRED')

      // An admin changing it ends every session of the user, and their sockets with them.
      const again = await t.signIn('carol@desk.test', 'a-new-password')
      const sockets = [await seedSocket(again), hereEar.socket]
      const allClosed = Promise.all(sockets.map((s) => new Promise((resolve) => s.once('disconnect', resolve))))
      expect((await admin.put(`/api/users/${carol.id}`, { password: PASSWORD })).status).toBe(200)
      expect(await allClosed).toEqual(['io server disconnect', 'io server disconnect'])
      await expect(seedSocket(again)).rejects.toThrow('ERR_SESSION_EXPIRED')
    })
  })
}
