import type { DashboardResponse, ErrorResponse } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUserToQueues, connectSimulator, seedQueues } from './support/desk'
import { drivers } from './support/drivers'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from './support/server'

type Dash = DashboardResponse

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`dashboard (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agent: Client
    let agentId: number
    let queues: Array<{ id: number }>
    let contactId: number

    const ticket = async (fields: {
      status: 'open' | 'pending' | 'closed'
      queueId: number | null
      createdAt: string
    }) => {
      await t.server.db
        .insertInto('tickets')
        .values({
          contactId,
          userId: null,
          whatsappId: null,
          lastMessage: null,
          updatedAt: fields.createdAt,
          ...fields,
        })
        .execute()
    }

    beforeAll(async () => {
      t = await startTestServer(driver, { simulator: { qrRefreshMs: 0 } })
      admin = await bootstrapAdmin(t)
      const added = await t.addUser(admin, 'Agent', 'agent@desk.test')
      agent = added.client
      agentId = added.user.id
      queues = await seedQueues(t, [
        { name: 'Mine', color: '#111111' },
        { name: 'Theirs', color: '#222222' },
      ])
      await addUserToQueues(t, agentId, [queues[0]!.id])
      const now = new Date().toISOString()
      contactId = (
        await t.server.db
          .insertInto('contacts')
          .values({
            name: 'C',
            number: '5511900000001',
            email: null,
            profilePicUrl: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
      const [mine, theirs] = [queues[0]!.id, queues[1]!.id]
      // 2026-03-10 in São Paulo (UTC−3) runs from 03:00Z that day to 03:00Z the next.
      await ticket({ status: 'open', queueId: mine, createdAt: '2026-03-10T03:30:00.000Z' }) // 00:30 local
      await ticket({ status: 'pending', queueId: null, createdAt: '2026-03-10T15:05:00.000Z' }) // 12:05
      await ticket({ status: 'closed', queueId: mine, createdAt: '2026-03-10T15:55:00.000Z' }) // 12:55
      await ticket({ status: 'closed', queueId: mine, createdAt: '2026-03-11T02:59:00.000Z' }) // 23:59
      await ticket({ status: 'open', queueId: mine, createdAt: '2026-03-10T02:59:00.000Z' }) // the day before
      await ticket({ status: 'open', queueId: theirs, createdAt: '2026-03-10T16:00:00.000Z' }) // not the agent's queue
    })
    afterAll(() => t?.close())

    it("counts open, pending and closed over the user's queues and tickets without a queue", async () => {
      const res = await agent.get<Dash>('/api/dashboard?date=2026-03-10&utcOffset=-180')
      expect(res.status).toBe(200)
      expect(res.body.counters).toEqual({ open: 2, pending: 1, closed: 2 })
      // The admin belongs to no queue: only the tickets without one.
      expect((await admin.get<Dash>('/api/dashboard')).body.counters).toEqual({ open: 0, pending: 1, closed: 0 })
    })

    it("charts the day's tickets per hour of the caller's clock", async () => {
      const res = await agent.get<Dash>('/api/dashboard?date=2026-03-10&utcOffset=-180')
      const { total, perHour } = res.body.ticketsToday
      expect(perHour).toHaveLength(24)
      expect(perHour.filter((b) => b.count > 0)).toEqual([
        { hour: 0, count: 1 },
        { hour: 12, count: 2 },
        { hour: 23, count: 1 },
      ])
      expect(total).toBe(4)

      // Half-hour offsets land in the right hour too (UTC+5:30: 03:30Z is 09:00).
      const india = await agent.get<Dash>('/api/dashboard?date=2026-03-10&utcOffset=330')
      expect(india.body.ticketsToday.perHour.filter((b) => b.count > 0)).toEqual([
        { hour: 8, count: 1 },
        { hour: 9, count: 1 },
        { hour: 20, count: 1 },
        { hour: 21, count: 1 },
      ])
    })

    it('refuses malformed dates and offsets, and callers without a session', async () => {
      for (const query of ['date=2026-02-30', 'date=yesterday', 'utcOffset=abc', 'utcOffset=900']) {
        const res = await agent.get<ErrorResponse>(`/api/dashboard?${query}`)
        expect(res.status, query).toBe(400)
        expect(res.body.error).toBe('ERR_VALIDATION')
      }
      expect((await agent.get('/api/dashboard', null)).status).toBe(401)
    })

    it('moves when a ticket arrives, is accepted and is resolved', async () => {
      const sim = await connectSimulator(admin)
      const counters = async () => (await agent.get<Dash>('/api/dashboard')).body.counters
      const start = await counters()
      const { ticketId } = await sim.inbound({ from: '5511977776666', body: 'Hi', isGroup: false, mediaType: 'chat' })
      expect(await counters()).toEqual({ ...start, pending: start.pending + 1 })
      expect((await agent.put(`/api/tickets/${ticketId}`, { status: 'open', userId: agentId })).status).toBe(200)
      expect(await counters()).toEqual({ ...start, open: start.open + 1 })
      expect((await agent.put(`/api/tickets/${ticketId}`, { status: 'closed', userId: agentId })).status).toBe(200)
      expect(await counters()).toEqual({ ...start, closed: start.closed + 1 })
      const today = (await agent.get<Dash>('/api/dashboard')).body.ticketsToday
      expect(today.total).toBeGreaterThanOrEqual(1)
    })
  })
}
