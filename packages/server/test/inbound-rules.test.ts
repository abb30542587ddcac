import type { Contact, Ticket, User } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type connectSimulator, startTwoAgentDesk } from './support/desk'
import { drivers } from './support/drivers'
import type { Client, TestServer } from './support/server'

type Sim = Awaited<ReturnType<typeof connectSimulator>>

const MENU = 'Welcome to LimeDesk! Reply with a number:\n\n*1* - Sales\n*2* - Support'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`what an arriving message may change (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: User }
    let sim: Sim
    let sales: number

    beforeAll(async () => {
      let support: number
      ;({ t, admin, alice, sales, support, sim } = await startTwoAgentDesk(driver, { alice: ['sales'], bob: [] }))
      // The default connection offers both queues, so an unrouted customer gets the menu.
      const put = await admin.put(`/api/whatsapp/${sim.id}`, {
        name: 'Main',
        queueIds: [sales, support],
        greetingMessage: 'Welcome to LimeDesk! Reply with a number:',
      })
      expect(put.status).toBe(200)
    })
    afterAll(() => t?.close())

    const ticket = async (id: number) => (await admin.get<Ticket>(`/api/tickets/${id}`)).body
    const contactOf = async (number: string) =>
      (await admin.get<{ contacts: Contact[] }>(`/api/contacts?searchParam=${number}`)).body.contacts[0]!
    const sentTo = async (number: string) => (await sim.outbox(number)).map((e) => e.body)

    describe('the contact name', () => {
      it('keeps the name an agent wrote when the customer writes with a profile name', async () => {
        const from = '5511970000001'
        await sim.inbound({ from, name: 'Zoe', body: 'hi' })
        const contact = await contactOf(from)
        expect(contact.name).toBe('Zoe')
        expect((await alice.client.put(`/api/contacts/${contact.id}`, { name: 'Zoe Customer-Smith' })).status).toBe(200)
        await sim.inbound({ from, name: 'Zoe', body: 'still there?' })
        await sim.inbound({ from, name: 'Zoë S.', body: 'hello?' })
        expect((await contactOf(from)).name).toBe('Zoe Customer-Smith')
      })

      it('lets a later profile name fill a contact that only had its number', async () => {
        const from = '5511970000002'
        const first = await sim.inbound({ from, body: 'no profile name yet' })
        expect((await ticket(first.ticketId!)).contact.name).toBe(from)
        await sim.inbound({ from, name: 'Yara', body: 'now with one' })
        expect((await ticket(first.ticketId!)).contact.name).toBe('Yara')
        await sim.inbound({ from, name: 'Yara Changed', body: 'and another' })
        expect((await contactOf(from)).name).toBe('Yara')
      })
    })

    describe('the queue menu', () => {
      it('goes once to a waiting ticket without a queue, and a number picks the queue', async () => {
        const from = '5511970000010'
        const first = await sim.inbound({ from, body: 'hello' })
        await sim.inbound({ from, body: 'anyone?' })
        expect(await sentTo(from)).toEqual([MENU])
        await sim.inbound({ from, body: '1' })
        expect(await ticket(first.ticketId!)).toMatchObject({ queueId: sales, status: 'pending', userId: null })
      })

      it('is not sent into a conversation an agent started, and a number there changes no queue', async () => {
        const from = '5511970000011'
        const made = await alice.client.post<Contact>('/api/contacts', { name: 'Walter', number: from })
        const opened = await alice.client.post<Ticket>('/api/tickets', { contactId: made.body.id, status: 'open' })
        expect(opened.body).toMatchObject({ status: 'open', userId: alice.user.id, queueId: null })
        await alice.client.post(`/api/messages/${opened.body.id}`, { body: 'Hi Walter, about your order' })

        const reply = await sim.inbound({ from, body: 'Hi! Yes, tell me' })
        expect(reply.ticketId).toBe(opened.body.id)
        await sim.inbound({ from, body: '2' })
        expect(await sentTo(from)).toEqual(['Hi Walter, about your order'])
        expect(await ticket(opened.body.id)).toMatchObject({ status: 'open', userId: alice.user.id, queueId: null })
      })

      it('does not move an accepted ticket when the customer answers the old menu late', async () => {
        const from = '5511970000012'
        const first = await sim.inbound({ from, body: 'hello' })
        expect(await sentTo(from)).toEqual([MENU])
        expect((await admin.put(`/api/tickets/${first.ticketId}`, { status: 'open' })).status).toBe(200)
        await sim.inbound({ from, body: '1' })
        expect(await sentTo(from)).toEqual([MENU])
        expect(await ticket(first.ticketId!)).toMatchObject({ status: 'open', queueId: null })
      })
    })
  })
}
