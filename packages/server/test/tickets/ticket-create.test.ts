import type { User } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectSimulator, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import type { Client, TestServer } from '../support/server'

type Sim = Awaited<ReturnType<typeof connectSimulator>>

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`POST /tickets (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: User }
    let bob: { client: Client; user: User }
    let support: number
    let sim: Sim

    beforeAll(async () => {
      ;({ t, admin, alice, bob, support, sim } = await startTwoAgentDesk(driver, { alice: ['sales'], bob: [] }))
    })
    afterAll(() => t?.close())

    /** A customer writes: a pending ticket on the simulator line, and its contact. */
    const customer = async (from: string) => {
      const { ticketId } = await sim.inbound({ from, body: 'hello' })
      const ticket = (await admin.call('ticketGet', { params: { id: ticketId } })).body
      return { ticketId: ticket.id, contactId: ticket.contactId }
    }

    it('names the live ticket in ERR_OTHER_OPEN_TICKET when the caller may open it', async () => {
      const { ticketId, contactId } = await customer('5511900000001')
      const refused = await alice.client.call('ticketCreate', { body: { contactId, status: 'open' } })
      expect(refused).toMatchObject({ status: 400, body: { error: 'ERR_OTHER_OPEN_TICKET', ticketId } })
      // It is the ticket the caller can open.
      expect((await alice.client.call('ticketGet', { params: { id: ticketId } })).status).toBe(200)

      await bob.client.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
      const byAdmin = await admin.call('ticketCreate', { body: { contactId, status: 'open' } })
      expect(byAdmin.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticketId })
      expect((await bob.client.call('ticketCreate', { body: { contactId, status: 'open' } })).body.ticketId).toBe(
        ticketId,
      )
    })

    it('keeps the live ticket unnamed when the caller may not see it', async () => {
      const owned = await customer('5511900000002')
      await bob.client.call('ticketUpdate', { params: { id: owned.ticketId }, body: { status: 'open' } })
      const theirs = await alice.client.call('ticketCreate', { body: { contactId: owned.contactId, status: 'open' } })
      expect(theirs).toMatchObject({ status: 400, body: { error: 'ERR_OTHER_OPEN_TICKET' } })
      expect(theirs.body).not.toHaveProperty('ticketId')
      expect((await alice.client.call('ticketGet', { params: { id: owned.ticketId } })).status).toBe(403)

      // Pending in a queue the caller is not in.
      const queued = await customer('5511900000003')
      await t.server.db.updateTable('tickets').set({ queueId: support }).where('id', '=', queued.ticketId).execute()
      const other = await alice.client.call('ticketCreate', { body: { contactId: queued.contactId, status: 'open' } })
      expect(other.body.error).toBe('ERR_OTHER_OPEN_TICKET')
      expect(other.body).not.toHaveProperty('ticketId')
    })

    it("opens the ticket on the caller's own default connection, else on the desk's default one", async () => {
      const own = await connectSimulator(admin, { name: 'Alice line' })
      const saved = await admin.call('userUpdate', { params: { id: alice.user.id }, body: { whatsappId: own.id } })
      expect(saved.body.whatsappId).toBe(own.id)
      const contact = async (name: string, number: string) =>
        (await alice.client.call('contactCreate', { body: { name, number } })).body

      const rita = await contact('Rita Lee', '5511955550001')
      const mine = await alice.client.call('ticketCreate', { body: { contactId: rita.id, status: 'open' } })
      expect(mine.status).toBe(200)
      expect(mine.body).toMatchObject({ status: 'open', userId: alice.user.id, whatsappId: own.id })
      const sent = await alice.client.call('messageSend', {
        params: { ticketId: mine.body.id },
        body: { body: 'Hi Rita' },
      })
      expect(sent.body.messages[0]?.error).toBeNull()
      expect((await own.outbox('5511955550001')).map((e) => e.body)).toEqual(['Hi Rita'])
      expect(await sim.outbox('5511955550001')).toEqual([])

      // Bob has no connection of his own: the desk's default one.
      const gal = await contact('Gal Costa', '5511955550002')
      const his = await bob.client.call('ticketCreate', { body: { contactId: gal.id, status: 'open' } })
      expect(his.body).toMatchObject({ userId: bob.user.id, whatsappId: sim.id })
    })
  })
}
