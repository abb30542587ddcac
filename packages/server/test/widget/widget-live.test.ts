import type { ErrorResponse, Message, WidgetMessage, WidgetSession } from '@desk/api-client'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createServer, type DeskServer } from '../../src/index'
import { addUserToQueues, listen, notificationSocket, seedQueues } from '../support/desk'
import { drivers, pgAvailable } from '../support/drivers'
import { apiPath, bootstrapAdmin, Client, startTestServer, type TestServer } from '../support/server'
import { createWebChat, openSession, partnerToken, widgetClient, widgetSocket } from '../support/widget'

type Err = ErrorResponse
type WidgetEvent = { action: 'create' | 'update'; message: WidgetMessage }

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the widget, live (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: Client
    let aliceId: number
    let wc: Awaited<ReturnType<typeof createWebChat>>

    const visitor = async (sub: string) => {
      const res = await openSession(t, wc.id, { token: await partnerToken(wc.secret, { sub, name: `Visitor ${sub}` }) })
      expect(res.status).toBe(200)
      return widgetClient(t, res.body)
    }
    const heardMessage = (heard: ReturnType<typeof listen>, pred: (e: WidgetEvent) => boolean) =>
      heard.until<WidgetEvent>((name, p) => name === 'widget:message' && pred(p as WidgetEvent))

    beforeAll(async () => {
      t = await startTestServer(driver, { autoCloseHours: 0 })
      admin = await bootstrapAdmin(t)
      const created = await t.addUser(admin, 'Alice', 'alice@desk.test')
      alice = created.client
      aliceId = created.user.id
      wc = await createWebChat(admin)
    })
    afterAll(() => t?.close())

    it("puts a visitor's message on a waiting ticket the agents see live, and the agent's answer in the visitor's frame", async () => {
      const desk = listen(await notificationSocket(t, alice.token))
      const maria = await visitor('maria')
      const frame = listen(await widgetSocket(t, maria.session.sessionToken))
      const sent = await maria.send('Where is my parcel?')
      expect(sent.status).toBe(200)
      const ticketId = sent.body.ticketId
      await desk.until(
        (name, p) => name === 'appMessage' && (p as { message: Message }).message.body === 'Where is my parcel?',
      )
      const waiting = await alice.call('ticketList', { query: { status: 'pending' } })
      expect(waiting.body.tickets.find((x) => x.id === ticketId)).toMatchObject({
        contact: { name: 'Visitor maria', number: null },
        whatsappId: wc.id,
        lastMessage: 'Where is my parcel?',
      })
      // The frame hears its own message too (another tab of the visitor would).
      await heardMessage(frame, (e) => e.message.id === sent.body.id)

      expect(
        (await alice.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open', userId: aliceId } }))
          .status,
      ).toBe(200)
      const answer = await alice.call('messageSend', { params: { ticketId }, body: { body: 'On its way!' } })
      expect(answer.status).toBe(200)
      const event = await heardMessage(frame, (e) => e.message.body === 'On its way!')
      expect(event).toMatchObject({
        action: 'create',
        message: { fromCustomer: false, agentName: 'Alice', ack: 1, ticketId, clientId: null },
      })
      expect(answer.body.messages[0]?.error ?? null).toBeNull()

      // The visitor reads it: the agent's conversation shows it read.
      expect((await maria.read(event.message.id)).status).toBe(204)
      const read = await heardMessage(frame, (e) => e.action === 'update' && e.message.id === event.message.id)
      expect(read.message.ack).toBe(3)
      const deskView = await alice.call('messageList', { params: { ticketId } })
      expect(deskView.body.messages.find((m) => m.id === event.message.id)?.ack).toBe(3)
      // The agent opening the conversation reads the visitor's message: the frame shows it read.
      const seen = await heardMessage(frame, (e) => e.message.id === sent.body.id && e.message.ack === 3)
      expect(seen.message.fromCustomer).toBe(true)

      // After a reconnect the frame asks for what it missed.
      const missed = await alice.call('messageSend', { params: { ticketId }, body: { body: 'Anything else?' } })
      const caught = await maria.messages({ after: event.message.id })
      expect(caught.body.messages.map((m) => m.body)).toEqual(['Anything else?'])
      expect(caught.body.messages[0]?.id).toBe(missed.body.messages[0]?.id)
    })

    it('hears only its own conversation, and no desk room can be joined from a frame', async () => {
      const ana = await visitor('ana')
      const ben = await visitor('ben')
      const anaSocket = await widgetSocket(t, ana.session.sessionToken)
      const anaHeard = listen(anaSocket)
      const benHeard = listen(await widgetSocket(t, ben.session.sessionToken))
      expect(await anaSocket.emitWithAck('joinNotification')).toBe(false)
      expect(await anaSocket.emitWithAck('joinTickets', 'pending')).toBe(false)
      await ana.send('for Ana only')
      await ben.send('for Ben only')
      await heardMessage(benHeard, (e) => e.message.body === 'for Ben only')
      await heardMessage(anaHeard, (e) => e.message.body === 'for Ana only')
      expect(benHeard.find((_, p) => (p as WidgetEvent).message?.body === 'for Ana only')).toBeUndefined()
      expect(anaHeard.heard.filter((h) => !h.name.startsWith('widget:'))).toEqual([])
      await expect(widgetSocket(t, 'not-a-session')).rejects.toThrow(/ERR_WIDGET_TOKEN_INVALID/)
    })

    it('lets the assignee reply from a partner portal (agent mode), and only them', async () => {
      const carla = await visitor('carla')
      const first = await carla.send('Hi, I need help with an invoice')
      const ticketId = first.body.ticketId
      expect(
        (await alice.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open', userId: aliceId } }))
          .status,
      ).toBe(200)
      const carlaFrame = listen(await widgetSocket(t, carla.session.sessionToken))

      const portal = await openSession(t, wc.id, {
        token: await partnerToken(wc.secret, { ticketId, userEmail: 'alice@desk.test' }),
      })
      expect(portal.status).toBe(200)
      expect(portal.body).toMatchObject({
        mode: 'agent',
        canReply: true,
        ticketId,
        user: { id: aliceId, name: 'Alice' },
      })
      const staff = widgetClient(t, portal.body)
      const history = await staff.messages()
      expect(history.body.messages.map((m) => m.body)).toEqual(['Hi, I need help with an invoice'])
      const reply = await staff.send('Sending it now')
      expect(reply.status).toBe(200)
      expect(reply.body).toMatchObject({ fromCustomer: false, agentName: 'Alice' })
      await heardMessage(carlaFrame, (e) => e.message.id === reply.body.id)
      const desk = await alice.call('messageList', { params: { ticketId } })
      expect(desk.body.messages.at(-1)).toMatchObject({ body: 'Sending it now', fromMe: true })

      // A file from the portal: typed by its content, stored as Alice's, shown to the visitor.
      const form = new FormData()
      form.append('clientId', 'portal-file-0001')
      form.append('medias', new Blob([new Uint8Array(Buffer.from('%PDF-1.4 invoice'))]), 'invoice.txt')
      const upload = await fetch(`${t.url}${apiPath('widgetSend')}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${portal.body.sessionToken}` },
        body: form,
      })
      expect(upload.status).toBe(200)
      const file = (await upload.json()) as WidgetMessage
      expect(file).toMatchObject({ mediaType: 'other', agentName: 'Alice', clientId: 'portal-file-0001' })
      expect(file.mediaUrl).toMatch(/\.pdf$/)
      await heardMessage(carlaFrame, (e) => e.message.id === file.id)

      await admin.call('quickAnswerCreate', { body: { shortcut: 'invoice', message: 'Your invoice is attached.' } })
      const answers = await staff.client.call('widgetQuickAnswers', { query: { search: 'inv' } })
      expect(answers.body.map((a) => a.shortcut)).toContain('invoice')

      // An administrator who is not the assignee reads, and may not reply there.
      const adminPortal = await openSession(t, wc.id, {
        token: await partnerToken(wc.secret, { ticketId, userEmail: 'admin@desk.test' }),
      })
      expect(adminPortal.body.canReply).toBe(false)
      const refused = await widgetClient(t, adminPortal.body as WidgetSession).send('Let me jump in')
      expect(refused.status).toBe(403)
      expect((refused.body as unknown as Err).error).toBe('ERR_WIDGET_NOT_ASSIGNEE')
      // A desk user who may not see the ticket gets nothing; nor does an unknown e-mail.
      await t.addUser(admin, 'Bob', 'bob@desk.test')
      expect(
        (
          await openSession(t, wc.id, {
            token: await partnerToken(wc.secret, { ticketId, userEmail: 'bob@desk.test' }),
          })
        ).status,
      ).toBe(403)
      expect(
        (
          await openSession(t, wc.id, {
            token: await partnerToken(wc.secret, { ticketId, userEmail: 'nobody@desk.test' }),
          })
        ).status,
      ).toBe(401)
    })

    it("takes back a message the agent deletes, and shows the partner user's reading as read ticks", async () => {
      const eve = await visitor('eve')
      const first = await eve.send('Can you call me?')
      const ticketId = first.body.ticketId
      expect(
        (await alice.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open', userId: aliceId } }))
          .status,
      ).toBe(200)
      const frame = listen(await widgetSocket(t, eve.session.sessionToken))
      const oops = await alice.call('messageSend', { params: { ticketId }, body: { body: 'Wrong customer!' } })
      const id = Number(oops.body.messages[0]!.id)
      await heardMessage(frame, (e) => e.message.id === id)
      expect((await alice.call('messageDelete', { params: { id } })).status).toBe(200)
      const gone = await heardMessage(frame, (e) => e.message.id === id && e.message.isDeleted)
      expect(gone.message).toMatchObject({ body: '', mediaUrl: null })
      expect((await eve.messages()).body.messages.find((m) => m.id === id)).toMatchObject({ isDeleted: true, body: '' })

      // Alice reads it in her partner portal: the visitor's message shows read in their frame.
      const portal = await openSession(t, wc.id, {
        token: await partnerToken(wc.secret, { ticketId, userEmail: 'alice@desk.test' }),
      })
      await eve.send('Hello?')
      const staff = widgetClient(t, portal.body)
      const latest = (await staff.messages()).body.messages.at(-1)!
      expect(latest).toMatchObject({ body: 'Hello?', ack: 2 })
      expect((await staff.read(latest.id)).status).toBe(204)
      await heardMessage(frame, (e) => e.message.id === latest.id && e.message.ack === 3)
      const ticket = await alice.call('ticketGet', { params: { id: ticketId } })
      expect(ticket.body.unreadMessages).toBe(0)
    })

    it("e-mails an agent's reply to a visitor who left an address and has no frame open, once in a while", async () => {
      const mails = async (to: string) =>
        t.server.db.selectFrom('mail_outbox').select(['subject', 'body']).where('recipient', '=', to).execute()
      const answer = async (ticketId: number, body: string) =>
        (await alice.call('messageSend', { params: { ticketId }, body: { body } })).body.messages[0]!
      // Gone: wrote, left an address, closed the page.
      const fran = await visitor('fran')
      const asked = await fran.send('Call me back please')
      expect((await fran.client.call('widgetContact', { body: { email: 'fran@mail.example' } })).status).toBe(200)
      await alice.call('ticketUpdate', {
        params: { id: asked.body.ticketId },
        body: { status: 'open', userId: aliceId },
      })
      await answer(asked.body.ticketId, 'We will call you at 3pm')
      await vi.waitFor(async () => expect(await mails('fran@mail.example')).toHaveLength(1))
      expect((await mails('fran@mail.example'))[0]).toMatchObject({
        subject: 'Web chat: a new reply',
        body: expect.stringContaining('Alice wrote:\n\nWe will call you at 3pm'),
      })
      const second = await answer(asked.body.ticketId, 'Or tomorrow, if you prefer')
      // Fran comes back and reads: their frame hears the read after the reply went through the relay.
      const franFrame = listen(await widgetSocket(t, fran.session.sessionToken))
      await fran.read(Number(second.id))
      await heardMessage(franFrame, (e) => e.message.id === Number(second.id) && e.message.ack === 3)
      expect(await mails('fran@mail.example')).toHaveLength(1)

      // Here: the frame is open, so no e-mail.
      const gus = await visitor('gus')
      const hi = await gus.send('Hi')
      await gus.client.call('widgetContact', { body: { email: 'gus@mail.example' } })
      const gusFrame = listen(await widgetSocket(t, gus.session.sessionToken))
      await alice.call('ticketUpdate', { params: { id: hi.body.ticketId }, body: { status: 'open', userId: aliceId } })
      const reply = await answer(hi.body.ticketId, 'Hello Gus')
      await gus.read(Number(reply.id))
      await heardMessage(gusFrame, (e) => e.message.id === Number(reply.id) && e.message.ack === 3)
      expect(await mails('gus@mail.example')).toEqual([])
    })

    it("routes a visitor through the connection's queue menu, as on any network", async () => {
      const [sales, support] = await seedQueues(t, [
        { name: 'Sales', color: '#00aa00', greeting: 'Sales here.' },
        { name: 'Support', color: '#0000aa', greeting: 'Support here, what broke?' },
      ])
      const shop = await createWebChat(
        admin,
        {},
        { name: 'Shop with queues', queueIds: [sales!.id, support!.id], greetingMessage: 'Welcome! Pick one:' },
      )
      const opened = await openSession(t, shop.id, { token: await partnerToken(shop.secret, { sub: 'routed' }) })
      const frame = listen(await widgetSocket(t, opened.body.sessionToken))
      const routed = widgetClient(t, opened.body)
      const hello = await routed.send('hello')
      const menu = await heardMessage(frame, (e) => e.message.body.startsWith('Welcome! Pick one:'))
      expect(menu.message).toMatchObject({ fromCustomer: false, agentName: null })
      expect(menu.message.body).toContain('*2* - Support')
      await routed.send('2')
      await heardMessage(frame, (e) => e.message.body === 'Support here, what broke?')
      const ticket = await admin.call('ticketGet', { params: { id: hello.body.ticketId } })
      expect(ticket.body).toMatchObject({ queueId: support!.id, status: 'pending' })
    })

    it('ends the frames of a connection whose secret is rotated', async () => {
      const dora = await visitor('dora')
      const socket: Socket = await widgetSocket(t, dora.session.sessionToken)
      const heard = listen(socket)
      const gone = new Promise((resolve) => socket.once('disconnect', resolve))
      expect((await admin.call('widgetSecretRotate', { params: { id: wc.id } })).status).toBe(200)
      await heard.until((name) => name === 'widget:expired')
      await gone
      await expect(widgetSocket(t, dora.session.sessionToken)).rejects.toThrow(/ERR_WIDGET_TOKEN_EXPIRED/)
      wc = {
        ...wc,
        secret: (await admin.call('widgetSecretGet', { params: { id: wc.id } })).body.secret,
      }
    })
  })
}

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the widget's online state (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agentToken: string | undefined
    let wc: Awaited<ReturnType<typeof createWebChat>>

    beforeAll(async () => {
      t = await startTestServer(driver, { autoCloseHours: 0 })
      admin = await bootstrapAdmin(t)
      const [queue] = await seedQueues(t, [{ name: 'Web', color: '#123456' }])
      const agent = await t.addUser(admin, 'Wes', 'wes@desk.test')
      await addUserToQueues(t, agent.user.id, [queue!.id])
      agentToken = agent.client.token
      wc = await createWebChat(admin, {}, { queueIds: [queue!.id] })
    })
    afterAll(() => t?.close())

    it("says no one answers until an agent of the connection's queues is online, and tells open frames", async () => {
      const online = async () =>
        (await t.client().call('widgetConfig', { params: { connectionId: wc.id }, token: null })).body.online
      // The admin is signed in over HTTP only, and is in none of the connection's queues.
      expect(await online()).toBe(false)
      const session = await openSession(t, wc.id, {})
      const frame = listen(await widgetSocket(t, session.body.sessionToken))
      const desk = await t.socket(agentToken)
      await frame.until((name, p) => name === 'widget:presence' && (p as { online: boolean }).online)
      expect(await online()).toBe(true)
      desk.disconnect()
      await frame.until((name, p) => name === 'widget:presence' && !(p as { online: boolean }).online)
      expect(await online()).toBe(false)
    })
  })
}

describe.skipIf(!pgAvailable)('the widget on two server instances sharing one PostgreSQL database', () => {
  let t: TestServer
  let second: DeskServer
  let admin: Client
  let adminThere: Client

  beforeAll(async () => {
    t = await startTestServer('postgres', { autoCloseHours: 0 })
    admin = await bootstrapAdmin(t)
    second = createServer({
      autoCloseHours: 0,
      dataDir: t.storage.dataDir,
      databaseUrl: t.storage.databaseUrl,
      port: 0,
      host: '127.0.0.1',
    })
    adminThere = new Client((await second.listen()).url)
    adminThere.token = admin.token
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
  })

  it('takes a visitor on one and answers from the other, which never saw the connection start', async () => {
    // Made after the second instance started: only the first runs its driver so far.
    const wc = await createWebChat(admin)
    const opened = await openSession(t, wc.id, { token: await partnerToken(wc.secret, { sub: 'two-sites' }) })
    const visitorThere = widgetClient(t, opened.body)
    const sent = await visitorThere.send('Hello from the first instance')
    expect(sent.status).toBe(200)
    expect(
      (await adminThere.call('ticketUpdate', { params: { id: sent.body.ticketId }, body: { status: 'open' } })).status,
    ).toBe(200)
    const answer = await adminThere.call('messageSend', {
      params: { ticketId: sent.body.ticketId },
      body: {
        body: 'Answered from the second instance',
      },
    })
    expect(answer.status).toBe(200)
    expect(answer.body.messages[0]?.error ?? null).toBeNull()
    const seen = await visitorThere.messages({ after: sent.body.id })
    expect(seen.body.messages).toEqual([
      expect.objectContaining({ body: 'Answered from the second instance', agentName: 'Admin', ack: 1 }),
    ])
  })
})
