import type { AppMessageEvent, TicketEvent } from '@desk/api-client'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectSimulator, listen } from '../support/desk'
import { drivers } from '../support/drivers'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

/**
 * An agent opens a conversation (which marks it read) while the customer writes again, both
 * requests in flight together, round after round. Whichever commits first, the ticket's unread
 * counter must equal its unread messages afterwards, the network must be told exactly the messages
 * the read marked, and the answer and events must tell the agent's app the same.
 */
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 20)
/** Customer messages in flight with each read. */
const ARRIVING = 3
vi.setConfig({ testTimeout: 120_000 })

type Sim = Awaited<ReturnType<typeof connectSimulator>>

/** Lets the event loop turn `n` times (no timer). */
const turns = async (n: number) => {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve))
}

const isUpdateUnread = (name: string, payload: unknown) =>
  name === 'ticket' && (payload as TicketEvent).action === 'updateUnread'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`unread counter races (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agent: Client
    let sim: Sim

    beforeAll(async () => {
      t = await startTestServer(driver, { simulator: { qrRefreshMs: 0 }, autoCloseHours: 0 })
      admin = await bootstrapAdmin(t)
      agent = (await t.addUser(admin, 'Alice', 'alice@desk.test')).client
      sim = await connectSimulator(admin, { name: 'Main' })
    })
    afterAll(() => t?.close())

    const unreadState = async (ticketId: number) => {
      const ticket = await t.server.db
        .selectFrom('tickets')
        .select('unreadMessages')
        .where('id', '=', ticketId)
        .executeTakeFirstOrThrow()
      const rows = await t.server.db
        .selectFrom('messages')
        .select(['id', 'read', 'providerMessageId'])
        .where('ticketId', '=', ticketId)
        .where('fromMe', '=', 0)
        .execute()
      return { counter: ticket.unreadMessages, rows }
    }
    const readsTold = async (from: string) =>
      (await sim.outbox(from)).filter((e) => e.kind === 'read').map((e) => e.body.split(',').sort())

    it('a read meeting an arriving message leaves the counter equal to the unread messages', async () => {
      const from = '5511940000001'
      const { ticketId } = await sim.inbound({ from, name: 'Rita', body: 'hello' })
      const id = ticketId!
      expect((await agent.call('ticketUpdate', { params: { id }, body: { status: 'open' } })).status).toBe(200)
      const socket = await t.socket(agent.token)
      expect(await socket.emitWithAck('joinNotification')).toBe(true)
      const ear = listen(socket)

      const outcomes = { markedByTheRead: 0, leftUnread: 0 }
      for (let round = 0; round < ROUNDS; round += 1) {
        await sim.inbound({ from, body: `before ${round}` })
        const before = await unreadState(id)
        const toldBefore = (await readsTold(from)).length

        // The customer's messages go one after the other through the desk while the agent's app
        // reads the conversation: sent just before them, just after them, or when it hears the
        // first one arrive (as the app does while the conversation is on screen), a few turns of
        // the event loop later. Each round the read meets them at another step.
        const read = () => agent.call('messageList', { params: { ticketId: id } })
        const way = round % 3
        const early = way === 0 ? read() : undefined
        const writes = Array.from({ length: ARRIVING }, (_, i) => sim.inbound({ from, body: `during ${round}.${i}` }))
        const reading =
          early ??
          (way === 1
            ? read()
            : ear
                .until((n, p) => n === 'appMessage' && (p as AppMessageEvent).message.body === `during ${round}.0`)
                .then(() => turns(Math.floor(round / 3) % 4))
                .then(read))
        const [answer, arrived] = await Promise.all([reading, Promise.all(writes)])
        expect(answer.status).toBe(200)
        const arrivedIds = new Set(arrived.map((a) => a.messageId!))

        // The counter is the number of unread messages, and only messages that arrived meanwhile are left unread.
        const after = await unreadState(id)
        const unread = after.rows.filter((r) => r.read === 0)
        expect({ round, counter: after.counter }).toEqual({ round, counter: unread.length })
        expect(unread.filter((r) => !arrivedIds.has(r.id))).toEqual([])
        outcomes.markedByTheRead += ARRIVING - unread.length
        outcomes.leftUnread += unread.length

        // The network hears, once, exactly the messages this read marked.
        const wasUnread = new Set(before.rows.filter((r) => r.read === 0).map((r) => r.id))
        const marked = after.rows.filter((r) => r.read === 1 && (wasUnread.has(r.id) || arrivedIds.has(r.id)))
        expect((await readsTold(from)).slice(toldBefore)).toEqual([marked.map((r) => r.providerMessageId!).sort()])

        // The answer shows the conversation as the read left it: an arriving message is in it exactly
        // when the read marked it, nothing it shows is unread, and neither is the ticket.
        const shown = answer.body.messages
        expect(answer.body.ticket?.unreadMessages).toBe(0)
        for (const a of arrived) {
          const stored = after.rows.find((r) => r.id === a.messageId)!
          expect({ round, shown: shown.some((m) => m.id === a.messageId) }).toEqual({ round, shown: stored.read === 1 })
        }
        expect(shown.filter((m) => !m.fromMe && !m.read)).toEqual([])

        // The app hears the read once. While messages stay unread, what it heard last about the
        // ticket counts them all: the read's reset never lands after a message it left unread.
        // (After a read that marked everything, a message's event may still say 1 when it was read
        // just before that read committed; the app reads the conversation again on it.)
        for (const a of arrived) {
          await ear.until((n, p) => n === 'appMessage' && (p as AppMessageEvent).message.id === a.messageId)
        }
        await ear.until(isUpdateUnread)
        expect(ear.heard.filter((h) => isUpdateUnread(h.name, h.payload))).toHaveLength(1)
        const shownCount = ear.heard.reduce<number | undefined>((count, { name, payload }) => {
          if (isUpdateUnread(name, payload)) return 0
          if (name === 'appMessage') return (payload as AppMessageEvent).ticket.unreadMessages
          return count
        }, undefined)
        if (after.counter > 0) expect({ round, shownCount }).toEqual({ round, shownCount: after.counter })
        ear.heard.splice(0)
      }
      // Both outcomes must occur, or the rounds did not race.
      console.log(`unread race (${driver}): ${ROUNDS} rounds, arriving messages ${JSON.stringify(outcomes)}`)
      expect(outcomes.markedByTheRead).toBeGreaterThan(0)
      expect(outcomes.leftUnread).toBeGreaterThan(0)
      socket.disconnect()
    })

    // PostgreSQL answers each connection on its own socket: the read's commit may be answered after a
    // message that waited for the read's lock has committed and been announced. Here that answer is held
    // until the message is stored and announced, every time, so the order of the events cannot be luck.
    it.skipIf(driver !== 'postgres')(
      "tells the app of a read before a message that came after it, however late the read's commit is answered",
      async () => {
        const from = '5511940000002'
        const { ticketId } = await sim.inbound({ from, name: 'Rui', body: 'hello' })
        const id = ticketId!
        expect((await agent.call('ticketUpdate', { params: { id }, body: { status: 'open' } })).status).toBe(200)
        await sim.inbound({ from, body: 'are you there?' })
        const socket = await t.socket(agent.token)
        expect(await socket.emitWithAck('joinNotification')).toBe(true)
        const ear = listen(socket)

        let arrived: ReturnType<Sim['inbound']> | undefined
        const late = async () => {
          arrived = sim.inbound({ from, body: 'after the read' })
          const { messageId } = await arrived
          if (typeof messageId !== 'number') throw new Error('the message was not stored')
          await ear.until((n, p) => n === 'appMessage' && (p as AppMessageEvent).message.id === messageId)
        }
        const reads = new WeakSet<object>()
        const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
        const query = proto.query
        let held = false
        proto.query = function (this: object, ...args: unknown[]) {
          const text = typeof args[0] === 'string' ? args[0] : ''
          if (/for no key update/i.test(text) && text.includes('"tickets"')) reads.add(this)
          const answer = query.apply(this, args)
          if (held || text !== 'commit' || !reads.has(this) || !(answer instanceof Promise)) return answer
          held = true
          return answer.then(async (result) => {
            await late()
            return result
          })
        }
        try {
          const answer = await agent.call('messageList', { params: { ticketId: id } })
          expect(answer.status).toBe(200)
        } finally {
          proto.query = query
        }
        expect(held).toBe(true)
        const { messageId } = await arrived!
        const after = await unreadState(id)
        expect(after.rows.filter((r) => r.read === 0).map((r) => r.id)).toEqual([messageId])
        await ear.until(isUpdateUnread)
        const told = ear.heard
          .filter(({ name, payload }) => isUpdateUnread(name, payload) || name === 'appMessage')
          .map(({ name, payload }) =>
            name === 'appMessage' ? (payload as AppMessageEvent).ticket.unreadMessages : 'read',
          )
        expect(told).toEqual(['read', 1])
        socket.disconnect()
      },
    )
  })
}
