/**
 * An open widget frame hears only what its holder may see now, not what they could see when it
 * connected: a partner portal (agent mode) whose ticket was transferred away, whose user was deleted,
 * demoted, or whose ticket moved to another connection, and a visitor whose contact was deleted.
 */
import { randomBytes } from 'node:crypto'
import type { ErrorResponse, WidgetMessage, WidgetSession } from '@desk/api-client'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskServer } from '../../src/index'
import { listen } from '../support/desk'
import { drivers, pgAvailable } from '../support/drivers'
import { REDIS, redisAvailable } from '../support/redis'
import { bootstrapAdmin, type Client, startSecondServer, startTestServer, type TestServer } from '../support/server'
import { createWebChat, openSession, partnerToken, widgetClient, widgetSocket } from '../support/widget'

type WidgetEvent = { action: 'create' | 'update'; message: WidgetMessage }
type Heard = ReturnType<typeof listen>

const bodies = (heard: Heard) =>
  heard.heard.filter((h) => h.name === 'widget:message').map((h) => (h.payload as WidgetEvent).message.body)
const hears = (heard: Heard, body: string) =>
  heard.until<WidgetEvent>((name, p) => name === 'widget:message' && (p as WidgetEvent).message.body === body)
/** Resolves once the socket heard that its session ended and was let go. */
const ended = async (socket: Socket, heard: Heard) => {
  await heard.until((name) => name === 'widget:expired')
  if (socket.connected) await new Promise((resolve) => socket.once('disconnect', resolve))
}

/**
 * A desk with a web chat connection: an admin, two agents, and helpers for a visitor's ticket held by
 * an agent and for a partner portal on it. `there` is where portals connect (another process, or this one).
 */
const setUp = async (t: TestServer, there: { url: string } = t) => {
  const admin = await bootstrapAdmin(t)
  const alice = await t.addUser(admin, 'Alice', 'alice@desk.test')
  const bob = await t.addUser(admin, 'Bob', 'bob@desk.test')
  const wc = await createWebChat(admin)

  /** A visitor who wrote once, their ticket accepted by `holder`, and the visitor's frame. */
  const heldTicket = async (sub: string, holder: { client: Client; user: { id: number } }) => {
    const opened = await openSession(t, wc.id, {
      token: await partnerToken(wc.secret, { sub, name: `Visitor ${sub}` }),
    })
    const visitor = widgetClient(t, opened.body)
    const first = await visitor.send(`Hello from ${sub}`)
    const ticketId = first.body.ticketId
    const accepted = await holder.client.call('ticketUpdate', {
      params: { id: ticketId },
      body: { status: 'open', userId: holder.user.id },
    })
    expect(accepted.status).toBe(200)
    const frameSocket = await widgetSocket({ url: there.url } as TestServer, opened.body.sessionToken)
    return { visitor, ticketId, frame: listen(frameSocket), frameSocket }
  }
  /** A partner portal of `email` on the ticket: its calls and what its socket hears. */
  const portal = async (ticketId: number, email: string) => {
    const opened = await openSession(t, wc.id, { token: await partnerToken(wc.secret, { ticketId, userEmail: email }) })
    expect(opened.status).toBe(200)
    const socket = await widgetSocket({ url: there.url } as TestServer, opened.body.sessionToken)
    return { staff: widgetClient(t, opened.body), session: opened.body as WidgetSession, socket, heard: listen(socket) }
  }
  return { admin, alice, bob, wc, heldTicket, portal }
}

type Desk = Awaited<ReturnType<typeof setUp>>

/** The checks, run on one process and on two sharing Redis. */
const portalChecks = (t: () => TestServer, desk: () => Desk, there: () => { url: string }) => {
  it('stops telling a portal about a ticket transferred to someone else, and refuses its calls', async () => {
    const { admin, alice, bob, heldTicket, portal } = desk()
    const { visitor, ticketId, frame } = await heldTicket('tess', alice)
    const alices = await portal(ticketId, 'alice@desk.test')
    await visitor.send('one')
    await hears(alices.heard, 'one')

    expect((await admin.call('ticketUpdate', { params: { id: ticketId }, body: { userId: bob.user.id } })).status).toBe(
      200,
    )
    await visitor.send('two')
    await hears(frame, 'two')
    const refused = await alices.staff.messages()
    expect(refused.status).toBe(403)
    expect((refused.body as unknown as ErrorResponse).error).toBe('ERR_NO_PERMISSION')
    await expect(widgetSocket(there() as TestServer, alices.session.sessionToken)).rejects.toThrow(/ERR_NO_PERMISSION/)

    // Back to Alice: her open portal hears the ticket again, and never heard what came while it was Bob's.
    expect(
      (await admin.call('ticketUpdate', { params: { id: ticketId }, body: { userId: alice.user.id } })).status,
    ).toBe(200)
    await visitor.send('three')
    await hears(alices.heard, 'three')
    expect(bodies(alices.heard)).toContain('one')
    expect(bodies(alices.heard)).not.toContain('two')
    expect((await alices.staff.messages()).status).toBe(200)
    alices.socket.disconnect()
  })

  it("ends a deleted user's portal", async () => {
    const { admin, heldTicket, portal } = desk()
    const email = `dave-${randomBytes(3).toString('hex')}@desk.test`
    const dave = await t().addUser(admin, 'Dave', email)
    const { visitor, ticketId } = await heldTicket(`dora-${dave.user.id}`, dave)
    const daves = await portal(ticketId, email)
    await visitor.send('before')
    await hears(daves.heard, 'before')

    expect((await admin.call('userDelete', { params: { id: dave.user.id } })).status).toBe(204)
    await ended(daves.socket, daves.heard)
    const refused = await daves.staff.messages()
    expect(refused.status).toBe(401)
    expect((refused.body as unknown as ErrorResponse).error).toBe('ERR_WIDGET_TOKEN_EXPIRED')
  })
}

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`widget frames follow access changes (${driver})`, () => {
    let t: TestServer
    let desk: Desk

    beforeAll(async () => {
      t = await startTestServer(driver, { autoCloseHours: 0 })
      desk = await setUp(t)
    })
    afterAll(() => t?.close())

    portalChecks(
      () => t,
      () => desk,
      () => t,
    )

    it("tells a demoted admin's portal only what a user may see, and a promoted one all again", async () => {
      const { admin, alice, heldTicket, portal } = desk
      const ada = await t.addUser(admin, 'Ada', 'ada@desk.test')
      expect((await admin.call('userUpdate', { params: { id: ada.user.id }, body: { profile: 'admin' } })).status).toBe(
        200,
      )
      const { visitor, ticketId, frame } = await heldTicket('uma', alice)
      const adas = await portal(ticketId, 'ada@desk.test')
      await visitor.send('one')
      await hears(adas.heard, 'one')

      expect((await admin.call('userUpdate', { params: { id: ada.user.id }, body: { profile: 'user' } })).status).toBe(
        200,
      )
      await visitor.send('two')
      await hears(frame, 'two')
      expect((await adas.staff.messages()).status).toBe(403)

      expect((await admin.call('userUpdate', { params: { id: ada.user.id }, body: { profile: 'admin' } })).status).toBe(
        200,
      )
      await visitor.send('three')
      await hears(adas.heard, 'three')
      expect(bodies(adas.heard)).not.toContain('two')
      adas.socket.disconnect()
    })

    it('stops telling a portal about a ticket moved to another web chat connection', async () => {
      const { admin, alice, heldTicket, portal, wc } = desk
      const { ticketId } = await heldTicket('mo', alice)
      const alices = await portal(ticketId, 'alice@desk.test')
      const other = await createWebChat(admin, {}, { name: 'Other web chat' })
      const moved = await admin.call('ticketUpdate', { params: { id: ticketId }, body: { whatsappId: other.id } })
      expect(moved.body.whatsappId).toBe(other.id)
      await alice.client.call('messageSend', { params: { ticketId }, body: { body: 'after the move' } })
      const refused = await alices.staff.messages()
      expect((refused.body as unknown as ErrorResponse).error).toBe('ERR_WIDGET_TOKEN_EXPIRED')

      // Back on the portal's connection: the portal hears it again, and never heard it elsewhere.
      expect((await admin.call('ticketUpdate', { params: { id: ticketId }, body: { whatsappId: wc.id } })).status).toBe(
        200,
      )
      await alice.client.call('messageSend', { params: { ticketId }, body: { body: 'back again' } })
      await hears(alices.heard, 'back again')
      expect(bodies(alices.heard)).not.toContain('after the move')
      alices.socket.disconnect()
    })

    it('ends the frames of a deleted web chat connection', async () => {
      const { admin } = desk
      const doomed = await createWebChat(admin, {}, { name: 'Doomed web chat' })
      const opened = await openSession(t, doomed.id, { token: await partnerToken(doomed.secret, { sub: 'left' }) })
      const socket = await widgetSocket(t, opened.body.sessionToken)
      const heard = listen(socket)
      expect((await admin.call('connectionDelete', { params: { id: doomed.id } })).status).toBeLessThan(300)
      await ended(socket, heard)
      expect((await widgetClient(t, opened.body).messages()).status).toBe(401)
    })

    it("ends a visitor's frames when their contact is deleted, and shows nothing of it again", async () => {
      const { admin, wc } = desk
      const token = await partnerToken(wc.secret, { sub: 'gone', name: 'Gone' })
      const visitor = widgetClient(t, (await openSession(t, wc.id, { token })).body)
      expect((await visitor.send('forget me')).status).toBe(200)
      // A session opened once the visitor has written sits in their contact's room.
      const opened = await openSession(t, wc.id, { token })
      const socket = await widgetSocket(t, opened.body.sessionToken)
      const heard = listen(socket)
      expect((await admin.call('contactDelete', { params: { id: opened.body.contact.id! } })).status).toBe(204)
      await ended(socket, heard)
      const after = await widgetClient(t, opened.body).messages()
      expect(after.status).toBe(200)
      expect(after.body.messages).toEqual([])
    })
  })
}

describe.skipIf(!pgAvailable || !redisAvailable)('widget frames on another process follow access changes', () => {
  const jobs = { redisUrl: REDIS.href, redisPrefix: `test-widget-access-${randomBytes(4).toString('hex')}` }
  let t: TestServer
  let second: DeskServer
  let urlThere = ''
  let desk: Desk

  beforeAll(async () => {
    t = await startTestServer('postgres', { autoCloseHours: 0, jobs })
    ;({ server: second, url: urlThere } = await startSecondServer(t, { jobs }))
    desk = await setUp(t, { url: urlThere })
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
  })

  portalChecks(
    () => t,
    () => desk,
    () => ({ url: urlThere }),
  )
})
