import type { ErrorResponse, Ticket, TicketEvent, User } from '@desk/api-client'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createServer, type DeskServer } from '../../src/index'
import { cloudText, deliverCloud } from '../support/cloud'
import { connectSimulator, listen, seedQueues, simulatorControls, startTwoAgentDesk } from '../support/desk'
import { drivers, pgAvailable } from '../support/drivers'
import { startGraphFake } from '../support/graph-fake'
import { bootstrapAdmin, Client, startTestServer, type TestServer } from '../support/server'

/**
 * Two requests in flight together, round after round: whichever reads or writes first, the
 * database decides one outcome. Nothing here waits a fixed time or counts on an ordering.
 */
const ROUNDS = Number(process.env.RACE_ROUNDS ?? 20)
// Twenty rounds of a race take a few seconds; on a machine busy with other tests, several times that.
vi.setConfig({ testTimeout: 90_000 })

type Err = ErrorResponse

const CLOUD = {
  phoneNumberId: '106540352242922',
  accessToken: 'token-1',
  verifyToken: 'verify-me',
  appSecret: 'app-secret-for-tests',
}
type Sim = Awaited<ReturnType<typeof connectSimulator>>
type Answer = { status: number; body: unknown }

const tally = new Map<string, Record<string, number>>()
const count = (race: string, outcome: string) => {
  const row = tally.get(race) ?? {}
  row[outcome] = (row[outcome] ?? 0) + 1
  tally.set(race, row)
}
afterAll(() => {
  for (const [race, outcomes] of tally) {
    const rounds = Object.values(outcomes).reduce((a, b) => a + b, 0)
    const detail = Object.entries(outcomes)
      .map(([outcome, n]) => `${outcome} ${n}`)
      .join(', ')
    console.log(`race rounds: ${race}: ${rounds} (${detail})`)
  }
})

const isTicketUpdate = (id: number, status: Ticket['status']) => (name: string, p: unknown) =>
  name === 'ticket' &&
  (p as TicketEvent).action === 'update' &&
  (p as { ticket: Ticket }).ticket.id === id &&
  (p as { ticket: Ticket }).ticket.status === status

/** One 200 and one refusal with `code`, in either order: the winner's index and the loser's answer. */
const oneWins = (answers: [Answer, Answer], status: number, code: string) => {
  expect(answers.map((a) => a.status).sort()).toEqual([200, status].sort())
  const winner = answers[0].status === 200 ? 0 : 1
  const loser = answers[1 - winner]!
  expect((loser.body as Err).error).toBe(code)
  return { winner, loser: loser.body as Err }
}

const liveTicketsOf = async (t: TestServer, contactId: number) =>
  t.server.db
    .selectFrom('tickets')
    .select(['id', 'status', 'userId', 'whatsappId'])
    .where('contactId', '=', contactId)
    .where('status', 'in', ['open', 'pending'])
    .execute()

/** The live tickets of the contact (or group) with this number. */
const liveTicketsOfNumber = async (t: TestServer, number: string) => {
  const contact = await t.server.db
    .selectFrom('contacts')
    .select('id')
    .where('number', '=', number)
    .executeTakeFirstOrThrow()
  return liveTicketsOf(t, contact.id)
}

const messagesOf = async (t: TestServer, ticketId: number) =>
  (
    await t.server.db.selectFrom('messages').select('body').where('ticketId', '=', ticketId).orderBy('id').execute()
  ).map((m) => m.body)

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`ticket races (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: User }
    let bob: { client: Client; user: User }
    let sim: Sim
    let customers = 0
    /** A number no customer used yet in this run. */
    const nextNumber = () => {
      customers += 1
      return `55119${driver === 'sqlite' ? 1 : 2}${String(customers).padStart(6, '0')}`
    }

    beforeAll(async () => {
      ;({ t, admin, alice, bob, sim } = await startTwoAgentDesk(driver, {
        alice: [],
        bob: [],
        connection: { farewellMessage: 'Bye {{name}}' },
      }))
    })
    afterAll(() => t?.close())

    /** A new customer writes: their pending ticket (no queue, so both agents see it) and contact. */
    const customer = async () => {
      const from = nextNumber()
      const { ticketId } = await sim.inbound({ from, name: `Customer ${from}`, body: 'hello' })
      const ticket = (await admin.call('ticketGet', { params: { id: ticketId } })).body
      return { from, ticketId: ticket.id, contactId: ticket.contactId }
    }

    it('two agents accept the same ticket: one owns it, the other gets 409 ERR_TICKET_CHANGED, one event', async () => {
      const socket = await t.socket(admin.token)
      expect(await socket.emitWithAck('joinNotification')).toBe(true)
      const ear = listen(socket)
      for (let round = 0; round < ROUNDS; round += 1) {
        const { ticketId } = await customer()
        const answers = await Promise.all(
          [alice, bob].map((agent) =>
            agent.client.call('ticketUpdate', {
              params: { id: ticketId },
              body: { status: 'open', userId: agent.user.id },
            }),
          ),
        )
        const { winner } = oneWins(answers as unknown as [Answer, Answer], 409, 'ERR_TICKET_CHANGED')
        const owner = [alice, bob][winner]!
        count(`accept (${driver})`, `${owner.user.name} won`)
        const stored = (await admin.call('ticketGet', { params: { id: ticketId } })).body
        expect(stored).toMatchObject({ status: 'open', userId: owner.user.id })

        // Events reach a socket in the order they were sent: once a later event is heard, every
        // announcement of the accept has been too.
        const marker = nextNumber()
        await sim.inbound({ from: marker, body: `marker ${marker}` })
        await ear.until((name, p) => name === 'appMessage' && JSON.stringify(p).includes(`marker ${marker}`))
        expect(ear.heard.filter((h) => isTicketUpdate(ticketId, 'open')(h.name, h.payload))).toHaveLength(1)
      }
    })

    it('two agents resolve the same ticket: it closes once and the customer gets one farewell', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const { from, ticketId } = await customer()
        await admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
        const answers = await Promise.all([
          admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'closed' } }),
          admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'closed' } }),
        ])
        // The second either finds it closed already (nothing to do) or lost the write.
        const statuses = answers.map((a) => a.status).sort()
        expect([
          [200, 200],
          [200, 409],
        ]).toContainEqual(statuses)
        for (const a of answers) if (a.status === 409) expect((a.body as Err).error).toBe('ERR_TICKET_CHANGED')
        count(`resolve (${driver})`, statuses.join('+'))
        expect((await sim.outbox(from)).map((e) => e.body)).toEqual([`Bye Customer ${from}`])
      }
    })

    it('a new customer sends two messages at once: one live ticket holds both', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const from = nextNumber()
        const answers = await Promise.all([
          sim.inbound({ from, body: `first ${round}` }),
          sim.inbound({ from, body: `second ${round}` }),
        ])
        expect(answers[0].ticketId).toBe(answers[1].ticketId)
        const live = await liveTicketsOfNumber(t, from)
        expect(live.map((l) => l.id)).toEqual([answers[0].ticketId])
        expect((await messagesOf(t, live[0]!.id)).sort()).toEqual([`first ${round}`, `second ${round}`])
        count(`first messages, simulator (${driver})`, 'one ticket')
      }
    })

    it('two POST /tickets for one contact: one ticket, the other ERR_OTHER_OPEN_TICKET naming it when visible', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const number = nextNumber()
        const contact = (await admin.call('contactCreate', { body: { name: `New ${number}`, number } })).body
        const callers = [admin, alice.client] as const
        const answers = await Promise.all(
          callers.map((c) => c.call('ticketCreate', { body: { contactId: contact.id, status: 'open' } })),
        )
        const { winner, loser } = oneWins(answers as unknown as [Answer, Answer], 400, 'ERR_OTHER_OPEN_TICKET')
        const created = answers[winner]!.body as Ticket
        // The admin may open Alice's ticket; Alice may not open the admin's.
        expect(loser.ticketId).toBe(winner === 1 ? created.id : undefined)
        expect((await liveTicketsOf(t, contact.id)).map((l) => l.id)).toEqual([created.id])
        count(`POST /tickets (${driver})`, winner === 0 ? 'admin won' : 'Alice won')
      }
    })

    describe('reopening', () => {
      /** A customer's ticket, accepted by `agent` and resolved; `aged` past the window in which writing again brings it back. */
      const closedTicket = async (agent: Client, aged: boolean) => {
        const { from, ticketId, contactId } = await customer()
        await agent.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
        await agent.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'closed' } })
        if (aged) {
          const old = new Date(Date.now() - 2 * 3_600_000).toISOString()
          await t.server.db.updateTable('tickets').set({ updatedAt: old }).where('id', '=', ticketId).execute()
        }
        return { from, ticketId, contactId }
      }

      it('reopen while the customer writes again after a while: one live ticket, and the message is on it', async () => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const { from, ticketId, contactId } = await closedTicket(alice.client, true)
          const [reopened, inbound] = await Promise.all([
            alice.client.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } }),
            sim.inbound({ from, body: `again ${round}` }),
          ])
          const live = await liveTicketsOf(t, contactId)
          expect(live).toHaveLength(1)
          expect(inbound.ticketId).toBe(live[0]!.id)
          expect(await messagesOf(t, live[0]!.id)).toContain(`again ${round}`)
          if (reopened.status === 200) {
            expect(live[0]).toMatchObject({ id: ticketId, status: 'open', userId: alice.user.id })
            count(`reopen vs new message (${driver})`, 'reopen won')
          } else {
            expect(reopened).toMatchObject({ status: 409, body: { error: 'ERR_OTHER_OPEN_TICKET' } })
            expect(live[0]!.id).not.toBe(ticketId)
            count(`reopen vs new message (${driver})`, 'new ticket won')
          }
        }
      })

      it('reopen while the customer writes again at once: the same ticket comes back, with the message', async () => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const { from, ticketId, contactId } = await closedTicket(alice.client, false)
          const [reopened, inbound] = await Promise.all([
            alice.client.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } }),
            sim.inbound({ from, body: `back ${round}` }),
          ])
          expect(inbound.ticketId).toBe(ticketId)
          const live = await liveTicketsOf(t, contactId)
          expect(live.map((l) => l.id)).toEqual([ticketId])
          expect(await messagesOf(t, ticketId)).toContain(`back ${round}`)
          if (reopened.status === 200) {
            // Reopened before the message, or accepted once the message brought it back.
            expect(live[0]).toMatchObject({ status: 'open', userId: alice.user.id })
            count(`reopen vs message in the window (${driver})`, 'Alice holds it')
          } else {
            expect(reopened).toMatchObject({ status: 409, body: { error: 'ERR_TICKET_CHANGED' } })
            expect(live[0]).toMatchObject({ status: 'pending', userId: null })
            count(`reopen vs message in the window (${driver})`, 'back to pending, 409')
          }
        }
      })

      it('two closed tickets of one customer reopened at once: one opens, the other gets 409 ERR_OTHER_OPEN_TICKET', async () => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const first = await closedTicket(alice.client, true)
          // The same customer again, on the same connection: a second ticket, resolved by Bob.
          const { ticketId: second } = await sim.inbound({ from: first.from, body: 'me again' })
          await bob.client.call('ticketUpdate', { params: { id: second }, body: { status: 'open' } })
          await bob.client.call('ticketUpdate', { params: { id: second }, body: { status: 'closed' } })
          const answers = await Promise.all([
            alice.client.call('ticketUpdate', { params: { id: first.ticketId }, body: { status: 'open' } }),
            bob.client.call('ticketUpdate', { params: { id: second }, body: { status: 'open' } }),
          ])
          const { winner } = oneWins(answers as unknown as [Answer, Answer], 409, 'ERR_OTHER_OPEN_TICKET')
          const won = winner === 0 ? first.ticketId : second!
          expect((await liveTicketsOf(t, first.contactId)).map((l) => l.id)).toEqual([won])
          count(`reopen two tickets (${driver})`, winner === 0 ? 'first won' : 'second won')
        }
      })

      it('two people reopen the same ticket: one owns it, the other gets 409 ERR_TICKET_CHANGED', async () => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const { ticketId, contactId } = await closedTicket(alice.client, false)
          const answers = await Promise.all([
            alice.client.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } }),
            admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } }),
          ])
          const { winner } = oneWins(answers as unknown as [Answer, Answer], 409, 'ERR_TICKET_CHANGED')
          const live = await liveTicketsOf(t, contactId)
          expect(live).toMatchObject([
            { id: ticketId, status: 'open', userId: (answers[winner]!.body as Ticket).userId },
          ])
          count(`reopen same ticket (${driver})`, winner === 0 ? 'Alice won' : 'admin won')
        }
      })
    })
  })
}

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: each has its own
 * in-process delivery queue, so only the database can keep a customer on one ticket.
 */
describe.skipIf(!pgAvailable)('two server instances on one PostgreSQL database', () => {
  let t: TestServer
  let second: DeskServer
  let admin: Client
  let adminThere: Client
  let sim: Sim
  let simThere: Sim

  let graph: Awaited<ReturnType<typeof startGraphFake>>
  let cloudLine: number

  beforeAll(async () => {
    graph = await startGraphFake(() => CLOUD.accessToken)
    const config = { simulator: { qrRefreshMs: 0 }, autoCloseHours: 0, cloudApiBaseUrl: graph.url }
    t = await startTestServer('postgres', config)
    admin = await bootstrapAdmin(t)
    sim = await connectSimulator(admin, { name: 'Main' })
    const cloud = await admin.call('connectionCreate', {
      body: {
        name: 'Cloud line',
        driver: 'cloud-api',
        cloudApi: CLOUD,
      },
    })
    cloudLine = cloud.body.id
    // The same data folder (signing secret) and database; it restores both connected lines.
    second = createServer({
      ...config,
      dataDir: t.storage.dataDir,
      databaseUrl: t.storage.databaseUrl,
      port: 0,
      host: '127.0.0.1',
    })
    adminThere = new Client((await second.listen()).url)
    adminThere.token = admin.token
    simThere = simulatorControls(adminThere, sim.id)
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
    await graph?.close()
  })

  /** Meta's delivery of one text message, signed, to one instance's webhook. */
  const webhook = (via: Client, from: string, id: string, body: string) =>
    deliverCloud(via, cloudLine, cloudText(CLOUD.phoneNumberId, { from, id, body }), CLOUD.appSecret)

  it('a customer whose two messages the network delivers to both at once gets one ticket (Cloud API)', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const from = `5511935${String(round).padStart(6, '0')}`
      const answers = await Promise.all([
        webhook(admin, from, `wamid.A${round}`, `first ${round}`),
        webhook(adminThere, from, `wamid.B${round}`, `second ${round}`),
      ])
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      const live = await liveTicketsOfNumber(t, from)
      expect(live).toMatchObject([{ whatsappId: cloudLine }])
      expect((await messagesOf(t, live[0]!.id)).sort()).toEqual([`first ${round}`, `second ${round}`])
      count('first messages by webhook, two instances (postgres)', 'one ticket')
    }
  })

  /** Ticket ids drawn so far: an insert the unique index refused still drew one. */
  const idsDrawn = async () =>
    Number((await sql<{ n: string }>`select last_value as n from tickets_id_seq`.execute(t.server.db)).rows[0]!.n)

  it('a customer writing to both at once gets one live ticket holding both messages', async () => {
    const drawnBefore = await idsDrawn()
    for (let round = 0; round < ROUNDS; round += 1) {
      const from = `5511930${String(round).padStart(6, '0')}`
      const [here, there] = await Promise.all([
        sim.inbound({ from, body: `here ${round}` }),
        simThere.inbound({ from, body: `there ${round}` }),
      ])
      expect(here.ticketId).toBe(there.ticketId)
      expect((await liveTicketsOfNumber(t, from)).map((l) => l.id)).toEqual([here.ticketId])
      expect((await messagesOf(t, here.ticketId!)).sort()).toEqual([`here ${round}`, `there ${round}`])
      count('first messages, two instances (postgres)', 'one ticket')
    }
    // How often both processes really tried to open the ticket and the index refused one.
    const refused = (await idsDrawn()) - drawnBefore - ROUNDS
    console.log(`two instances: the one-live-ticket index refused ${refused} of ${ROUNDS} second tickets`)
  })

  it('two members of a new group writing to both at once: one group ticket', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const groupId = `1203639${String(round).padStart(8, '0')}`
      const member = (n: number) => `5511933${String(round * 2 + n).padStart(6, '0')}`
      const [here, there] = await Promise.all([
        sim.inbound({ from: member(0), isGroup: true, groupId, body: 'from one' }),
        simThere.inbound({ from: member(1), isGroup: true, groupId, body: 'from two' }),
      ])
      expect(here.ticketId).toBe(there.ticketId)
      expect((await liveTicketsOfNumber(t, groupId)).map((l) => l.id)).toEqual([here.ticketId])
      expect((await messagesOf(t, here.ticketId!)).sort()).toEqual(['from one', 'from two'])
      count('group first messages, two instances (postgres)', 'one ticket')
    }
  })

  it('two agents accepting through different instances: one wins, one 409', async () => {
    const alice = await t.addUser(admin, 'Alice', 'alice@desk.test')
    const bob = await t.addUser(admin, 'Bob', 'bob@desk.test')
    const bobThere = new Client(adminThere.baseUrl)
    bobThere.token = bob.client.token
    for (let round = 0; round < ROUNDS; round += 1) {
      const { ticketId } = await sim.inbound({ from: `5511931${String(round).padStart(6, '0')}`, body: 'hi' })
      const answers = await Promise.all([
        alice.client.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } }),
        bobThere.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } }),
      ])
      const { winner } = oneWins(answers as unknown as [Answer, Answer], 409, 'ERR_TICKET_CHANGED')
      const owner = winner === 0 ? alice.user : bob.user
      expect((await admin.call('ticketGet', { params: { id: ticketId } })).body).toMatchObject({ userId: owner.id })
      count('accept, two instances (postgres)', `${owner.name} won`)
    }
  })

  it('with a queue menu, a customer writing to both at once is sent the menu once', async () => {
    const queues = await seedQueues(t, [
      { name: 'Sales', color: '#00ff00' },
      { name: 'Support', color: '#0000ff' },
    ])
    const menuLine = await connectSimulator(admin, {
      name: 'Menu line',
      greetingMessage: 'Welcome! Choose:',
      queueIds: queues.map((q) => q.id),
    })
    const menuThere = simulatorControls(adminThere, menuLine.id)
    for (let round = 0; round < ROUNDS; round += 1) {
      const from = `5511934${String(round).padStart(6, '0')}`
      await Promise.all([
        menuLine.inbound({ from, body: `here ${round}` }),
        menuThere.inbound({ from, body: `there ${round}` }),
      ])
      // Both instances share the data folder, so one simulated network: either outbox lists every send.
      const sent = await menuLine.outbox(from)
      expect(await menuThere.outbox(from)).toEqual(sent)
      expect(sent.filter((e) => e.body.startsWith('Welcome! Choose:'))).toHaveLength(1)
      count('queue menu, two instances (postgres)', 'sent once')
    }
  })

  it('two POST /tickets through different instances: one ticket', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const number = `5511932${String(round).padStart(6, '0')}`
      const contact = (await admin.call('contactCreate', { body: { name: `New ${number}`, number } })).body
      const answers = await Promise.all(
        [admin, adminThere].map((c) => c.call('ticketCreate', { body: { contactId: contact.id, status: 'open' } })),
      )
      const { winner } = oneWins(answers as unknown as [Answer, Answer], 400, 'ERR_OTHER_OPEN_TICKET')
      expect((await liveTicketsOf(t, contact.id)).map((l) => l.id)).toEqual([(answers[winner]!.body as Ticket).id])
      count('POST /tickets, two instances (postgres)', winner === 0 ? 'first won' : 'second won')
    }
  })
})
