/**
 * A customer message whose process dies between its commit and the steps after it (its live events,
 * the automatic replies, the opt-out list and the bots) is not lost: the network's redelivery, which
 * finds it stored, or another process's sweep does what was left, once, whichever processes see it.
 */
import type { AppMessageEvent, ContactEvent, Ticket, TicketEvent } from '@desk/api-client'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskServer, ServerConfig } from '../../src/index'
import { queueMenu } from '../../src/modules/inbound/service'
import { createInboundWriter } from '../../src/modules/inbound/write'
import { listen, notificationSocket, simulatorControls, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { botLeaseReleased, eventually, startFakeBot } from '../support/fake-bot'
import { Client, followingSocket, startSecondServer } from '../support/server'

type Desk = Awaited<ReturnType<typeof startTwoAgentDesk>>
type Heard = ReturnType<typeof listen>
const GREETING = 'Welcome to LimeDesk! Reply with a number:'
const MENU = queueMenu(GREETING, [{ name: 'Sales' }, { name: 'Support' }])
const SALES_GREETING = 'Sales here, how can we help?'

const messageEvents = (heard: Heard, messageId: number | null) =>
  heard.heard.filter(
    (h) => h.name === 'appMessage' && (h.payload as AppMessageEvent).message.id === messageId,
  ) as Array<{ payload: AppMessageEvent }>

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`a message stored just before its process died (${driver})`, () => {
    let desk: Desk
    let bot: Awaited<ReturnType<typeof startFakeBot>>
    const servers: DeskServer[] = []
    const sockets: Socket[] = []
    let number = 5511960000000
    const nextNumber = () => {
      number += 1
      return String(number)
    }
    // No sweep in the test's processes unless a test starts one: what happens is the redelivery's doing.
    const config: Partial<ServerConfig> = {
      simulator: { qrRefreshMs: 0 },
      outreach: { allowPrivateUrls: true },
      bots: { pollMs: 50 },
      inbound: { sweepMs: 0 },
    }

    beforeAll(async () => {
      bot = await startFakeBot()
      desk = await startTwoAgentDesk(driver, { alice: ['sales'], bob: [], config })
      const put = await desk.admin.call('connectionUpdate', {
        params: { id: desk.sim.id },
        body: {
          name: 'Main',
          queueIds: [desk.sales, desk.support],
          greetingMessage: GREETING,
        },
      })
      expect(put.status).toBe(200)
      const saved = await desk.admin.call('botConfigUpdate', {
        params: { kind: 'n8n' },
        body: { url: bot.url, secret: 'crash-bot', enabled: 1 },
      })
      expect(saved.status).toBe(200)
    })
    afterAll(async () => {
      for (const s of sockets) s.disconnect()
      for (const s of servers) await s.close()
      await desk?.t.close()
      await bot?.close()
    })

    /** Another process on the same database, with the simulator controls and Alice's socket there. */
    const anotherProcess = async (extra: Partial<ServerConfig> = {}) => {
      const { server, url } = await startSecondServer(desk.t, { ...config, ...extra })
      servers.push(server)
      const admin = new Client(url)
      admin.token = desk.admin.token
      const socket = await followingSocket(url, desk.alice.client.token)
      sockets.push(socket)
      return { server, sim: simulatorControls(admin, desk.sim.id), heard: listen(socket) }
    }

    /** Stores a customer message as a process that died right after the commit leaves it: no step after it ran. */
    const storeThenDie = (from: string, body: string, providerMessageId: string, leaseUntil: Date) =>
      createInboundWriter({ db: desk.t.server.db, contacts: desk.t.server.services.contacts })(
        desk.sim.id,
        { providerMessageId, from, name: 'Carla Crash', isGroup: false, body, mediaType: 'chat' },
        undefined,
        { holder: 'a-process-that-died', leaseUntil: leaseUntil.toISOString() },
      )

    const pending = () => desk.t.server.db.selectFrom('inbound_pending').selectAll().execute()
    const postsFor = (from: string) => bot.calls.filter((c) => c.json.contact.number === from)

    it('is announced, answered and handed to the bot once when two processes get its redelivery at once', async () => {
      const from = nextNumber()
      const here = listen(await notificationSocket(desk.t, desk.alice.client.token))
      const there = await anotherProcess()
      const first = await desk.sim.inbound({ from, name: 'Carla Crash', body: 'hello' })
      expect((await desk.admin.call('botOnN8n', { body: { msgFrom: from } })).status).toBe(200)
      expect(await desk.sim.outbox(from)).toEqual([expect.objectContaining({ body: MENU })])

      // The customer picks a queue; the process that stored the answer died before telling anyone.
      const stored = await storeThenDie(from, '1', `crash-${from}`, new Date(Date.now() - 1000))
      const again = { from, name: 'Carla Crash', body: '1', providerMessageId: `crash-${from}` }
      const answers = await Promise.all([desk.sim.inbound(again), there.sim.inbound(again)])
      expect(answers).toEqual([
        { ticketId: first.ticketId, messageId: stored.messageId, duplicate: true },
        { ticketId: first.ticketId, messageId: stored.messageId, duplicate: true },
      ])

      // Alice hears the message, and the ticket moving to Sales, on the socket of whichever process did it.
      await eventually(
        async () =>
          messageEvents(here, stored.messageId).length + messageEvents(there.heard, stored.messageId).length > 0,
      )
      const moved = [...here.heard, ...there.heard.heard].filter(
        (h) => h.name === 'ticket' && (h.payload as { ticket?: Ticket }).ticket?.queueId === desk.sales,
      )
      expect(moved).toHaveLength(1)
      expect(moved[0]?.payload).toMatchObject({ action: 'update', ticket: { id: first.ticketId, status: 'pending' } })
      // The Sales greeting went once, and the bot got the answer once.
      await eventually(async () => postsFor(from).length > 0)
      await botLeaseReleased(desk.t.server, stored.row.contactId)
      expect(postsFor(from).map((c) => c.json.messages.map((m) => m.body))).toEqual([['1']])
      expect((await desk.sim.outbox(from)).map((e) => e.body)).toEqual([MENU, SALES_GREETING])
      expect(await pending()).toEqual([])

      // One more message through each process: whatever either had announced has reached its socket by then.
      const later = await desk.sim.inbound({ from, body: 'thanks' })
      const laterThere = await there.sim.inbound({ from, body: 'thanks again' })
      await here.until((name, p) => name === 'appMessage' && (p as AppMessageEvent).message.id === later.messageId)
      await there.heard.until(
        (name, p) => name === 'appMessage' && (p as AppMessageEvent).message.id === laterThere.messageId,
      )
      expect(messageEvents(here, stored.messageId).length + messageEvents(there.heard, stored.messageId).length).toBe(1)
    })

    it('is finished by another process that sweeps, for a network that never delivers it again', async () => {
      const from = nextNumber()
      const sweeper = await anotherProcess({ inbound: { sweepMs: 50, leaseMs: 5000 } })
      // The very first message of a new customer: a new contact, a new ticket, the queue menu due. The dead
      // process still holds its lease for a moment; the sweep waits for it to run out.
      const stored = await storeThenDie(from, 'is anyone there?', `crash-${from}`, new Date(Date.now() + 300))
      const event = await sweeper.heard.until<AppMessageEvent>(
        (name, p) => name === 'appMessage' && (p as AppMessageEvent).message.id === stored.messageId,
      )
      expect(event).toMatchObject({ action: 'create', message: { body: 'is anyone there?', fromMe: false } })
      expect(sweeper.heard.find((name, p) => name === 'ticket' && (p as TicketEvent).action === 'update')).toBeTruthy()
      const contact = sweeper.heard.find((name, p) => name === 'contact' && (p as ContactEvent).action === 'create')
      expect(contact?.payload).toMatchObject({ contact: { number: from } })
      await eventually(async () => (await desk.sim.outbox(from)).length > 0)
      await eventually(async () => (await pending()).length === 0)
      expect((await desk.sim.outbox(from)).map((e) => e.body)).toEqual([MENU])
      await sweeper.server.close()
    })

    it('answers an error when a step after the commit fails, and does the steps on the redelivery', async () => {
      const from = nextNumber()
      const here = listen(await notificationSocket(desk.t, desk.alice.client.token))
      const first = await desk.sim.inbound({ from, name: 'Fay Fault', body: 'hello' })
      expect((await desk.admin.call('botOnN8n', { body: { msgFrom: from } })).status).toBe(200)

      // The database goes away for a moment right after the message is stored.
      const messages = desk.t.server.services.messages
      const announce = messages.announce
      messages.announce = async () => {
        messages.announce = announce
        throw new Error('the database went away')
      }
      const admin = desk.admin
      const delivery = { from, name: 'Fay Fault', body: 'where is my order?', providerMessageId: `fault-${from}` }
      const failed = await admin.call('simulatorInbound', { params: { connectionId: desk.sim.id }, body: delivery })
      expect(failed.status).toBe(500)
      expect(messages.announce).toBe(announce)

      const again = await desk.sim.inbound(delivery)
      expect(again).toMatchObject({ ticketId: first.ticketId, duplicate: true })
      await here.until((name, p) => name === 'appMessage' && (p as AppMessageEvent).message.id === again.messageId)
      await eventually(async () => postsFor(from).length > 0)
      await botLeaseReleased(
        desk.t.server,
        (await desk.admin.call('ticketGet', { params: { id: first.ticketId } })).body.contactId,
      )
      expect(postsFor(from).map((c) => c.json.messages.map((m) => m.body))).toEqual([['where is my order?']])
      expect(await pending()).toEqual([])
    })
  })
}
