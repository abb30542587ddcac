import { TICKET_STATUSES, type TicketStatus, type User } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUserToQueues, connectSimulator, seedQueues, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { contactRow, ticketRow } from '../support/rows'
import { type Client, startWithAgent, type TestServer } from '../support/server'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`dashboard (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agent: Client
    let agentId: number
    let queues: Array<{ id: number }>
    let contactId: number

    const ticket = async ({
      userId = agentId,
      ...fields
    }: {
      status: 'open' | 'pending' | 'closed'
      queueId: number | null
      createdAt: string
      userId?: number | null
    }) => {
      await t.server.db
        .insertInto('tickets')
        .values(ticketRow({ contactId, userId, ...fields }, fields.createdAt))
        .execute()
    }

    beforeAll(async () => {
      const started = await startWithAgent(driver, { simulator: { qrRefreshMs: 0 } })
      ;({ t, admin, agent } = started)
      agentId = started.agentUser.id
      queues = await seedQueues(t, [
        { name: 'Mine', color: '#111111' },
        { name: 'Theirs', color: '#222222' },
      ])
      await addUserToQueues(t, agentId, [queues[0]!.id])
      const now = new Date().toISOString()
      contactId = (
        await t.server.db
          .insertInto('contacts')
          .values(contactRow({ name: 'C', number: '5511900000001' }, now))
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
      const [mine, theirs] = [queues[0]!.id, queues[1]!.id]
      // 2026-03-10 in São Paulo (UTC−3) runs from 03:00Z that day to 03:00Z the next.
      await ticket({ status: 'open', queueId: mine, createdAt: '2026-03-10T03:30:00.000Z' }) // 00:30 local
      await ticket({ status: 'pending', queueId: null, userId: null, createdAt: '2026-03-10T15:05:00.000Z' }) // 12:05
      await ticket({ status: 'closed', queueId: mine, createdAt: '2026-03-10T15:55:00.000Z' }) // 12:55
      await ticket({ status: 'closed', queueId: mine, createdAt: '2026-03-11T02:59:00.000Z' }) // 23:59
      await ticket({ status: 'open', queueId: mine, createdAt: '2026-03-10T02:59:00.000Z' }) // the day before
      // Not the agent's: in another queue, held by the admin.
      const adminId = (
        await t.server.db.selectFrom('users').select('id').where('profile', '=', 'admin').executeTakeFirstOrThrow()
      ).id
      await ticket({ status: 'open', queueId: theirs, userId: adminId, createdAt: '2026-03-10T16:00:00.000Z' })
    })
    afterAll(() => t?.close())

    it("counts open, pending and closed over the tickets the user's lists show", async () => {
      const res = await agent.call('dashboard', { query: { date: '2026-03-10', utcOffset: '-180' } })
      expect(res.status).toBe(200)
      expect(res.body.counters).toEqual({ open: 2, pending: 1, closed: 2 })
      // The admin belongs to no queue, so the lists (show-all on, no queue selected) show every ticket.
      expect((await admin.call('dashboard')).body.counters).toEqual({ open: 3, pending: 1, closed: 2 })
    })

    it("charts the day's tickets per hour of the caller's clock", async () => {
      const res = await agent.call('dashboard', { query: { date: '2026-03-10', utcOffset: '-180' } })
      const { total, perHour } = res.body.ticketsToday
      expect(perHour).toHaveLength(24)
      expect(perHour.filter((b) => b.count > 0)).toEqual([
        { hour: 0, count: 1 },
        { hour: 12, count: 2 },
        { hour: 23, count: 1 },
      ])
      expect(total).toBe(4)

      // Half-hour offsets land in the right hour too (UTC+5:30: 03:30Z is 09:00).
      const india = await agent.call('dashboard', { query: { date: '2026-03-10', utcOffset: 330 } })
      expect(india.body.ticketsToday.perHour.filter((b) => b.count > 0)).toEqual([
        { hour: 8, count: 1 },
        { hour: 9, count: 1 },
        { hour: 20, count: 1 },
        { hour: 21, count: 1 },
      ])
    })

    it('refuses malformed dates and offsets, and callers without a session', async () => {
      for (const query of [{ date: '2026-02-30' }, { date: 'yesterday' }, { utcOffset: 'abc' }, { utcOffset: 900 }]) {
        const res = await agent.call('dashboard', { query })
        expect(res.status, JSON.stringify(query)).toBe(400)
        expect(res.body.error).toBe('ERR_VALIDATION')
      }
      expect((await agent.call('dashboard', { token: null })).status).toBe(401)
    })

    it('moves when a ticket arrives, is accepted and is resolved', async () => {
      const sim = await connectSimulator(admin)
      const counters = async () => (await agent.call('dashboard')).body.counters
      const start = await counters()
      const { ticketId } = await sim.inbound({ from: '5511977776666', body: 'Hi', isGroup: false, mediaType: 'chat' })
      expect(await counters()).toEqual({ ...start, pending: start.pending + 1 })
      expect(
        (await agent.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open', userId: agentId } }))
          .status,
      ).toBe(200)
      expect(await counters()).toEqual({ ...start, open: start.open + 1 })
      expect(
        (await agent.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'closed', userId: agentId } }))
          .status,
      ).toBe(200)
      expect(await counters()).toEqual({ ...start, closed: start.closed + 1 })
      const today = (await agent.call('dashboard')).body.ticketsToday
      expect(today.total).toBeGreaterThanOrEqual(1)
    })
  })
}

/** `GET /api/tickets` as the app's ticket lists ask it, for one status, both tabs (private and group) together. */
const listCount = async (client: Client, status: TicketStatus, isAdmin: boolean, myQueues: number[]) => {
  let total = 0
  for (const isGroup of [false, true]) {
    // The app sends its selected queues (all of the user's at first), and none when there are none.
    const queueIds = myQueues.length ? myQueues : undefined
    const res = await client.call('ticketList', { query: { status, showAll: isAdmin, isGroup, queueIds } })
    expect(res.status).toBe(200)
    total += res.body.count
  }
  return total
}

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`dashboard counters and ticket lists (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: User }
    let bob: { client: Client; user: User }
    let sales: number
    let support: number

    beforeAll(async () => {
      ;({ t, admin, alice, bob, sales, support } = await startTwoAgentDesk(driver, {
        alice: ['sales'],
        bob: ['support'],
      }))
      const now = new Date().toISOString()
      const [person, group] = await t.server.db
        .insertInto('contacts')
        .values([
          contactRow({ name: 'Customer', number: '5511900000777' }, now),
          contactRow({ name: 'A group', number: '120363000000777', isGroup: 1 }, now),
        ])
        .returning('id')
        .execute()
      // Every status in Sales, in Support and without a queue, held by Alice, by Bob or by nobody
      // (an open ticket always has someone), private and group.
      const rows = []
      for (const status of TICKET_STATUSES)
        for (const queueId of [sales, support, null])
          for (const userId of [alice.user.id, bob.user.id, null])
            for (const isGroup of [0, 1]) {
              if (status === 'open' && userId === null) continue
              rows.push(
                ticketRow({ status, queueId, userId, isGroup, contactId: isGroup ? group!.id : person!.id }, now),
              )
            }
      await t.server.db.insertInto('tickets').values(rows).execute()
    })
    afterAll(() => t?.close())

    const expectSame = async (client: Client, isAdmin: boolean, myQueues: number[]) => {
      const { counters } = (await client.call('dashboard')).body
      for (const status of TICKET_STATUSES) {
        expect(counters[status], status).toBe(await listCount(client, status, isAdmin, myQueues))
      }
      return counters
    }

    it('counts for an agent exactly what their lists count: their own tickets and the waiting ones they may take', async () => {
      // Alice (Sales, selected): her own in Sales or without a queue (2 x 2 kinds a status), and
      // the unassigned waiting ones there too; none of Bob's, none of hers in Support.
      expect(await expectSame(alice.client, false, [sales])).toEqual({ open: 4, pending: 8, closed: 4 })
      expect(await expectSame(bob.client, false, [support])).toEqual({ open: 4, pending: 8, closed: 4 })
    })

    it('counts for an admin exactly what their lists count with show-all on, with and without queues', async () => {
      // No queue of their own: the lists select none and show every ticket.
      expect(await expectSame(admin, true, [])).toEqual({ open: 12, pending: 18, closed: 18 })
      const me = await t.server.db
        .selectFrom('users')
        .select('id')
        .where('profile', '=', 'admin')
        .executeTakeFirstOrThrow()
      await addUserToQueues(t, me.id, [support])
      // With Support: its tickets and those without a queue, whoever holds them.
      expect(await expectSame(admin, true, [support])).toEqual({ open: 8, pending: 12, closed: 12 })
    })
  })
}
