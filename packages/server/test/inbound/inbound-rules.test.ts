import type { User } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type connectSimulator, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import type { Client, TestServer } from '../support/server'

type Sim = Awaited<ReturnType<typeof connectSimulator>>

const MENU = 'Welcome to LimeDesk! Reply with a number:\n\n*1* - Sales\n*2* - Support'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`what an arriving message may change (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: User }
    let bob: { client: Client; user: User }
    let sim: Sim
    let sales: number
    let support: number

    beforeAll(async () => {
      ;({ t, admin, alice, bob, sales, support, sim } = await startTwoAgentDesk(driver, { alice: ['sales'], bob: [] }))
      // The default connection offers both queues, so an unrouted customer gets the menu.
      const put = await admin.call('connectionUpdate', {
        params: { id: sim.id },
        body: {
          name: 'Main',
          queueIds: [sales, support],
          greetingMessage: 'Welcome to LimeDesk! Reply with a number:',
          farewellMessage: 'Thanks {{name}}, bye!',
        },
      })
      expect(put.status).toBe(200)
    })
    afterAll(() => t?.close())

    const ticket = async (id: number) => (await admin.call('ticketGet', { params: { id } })).body
    const contactOf = async (number: string) =>
      (await admin.call('contactList', { query: { searchParam: number } })).body.contacts[0]!
    const sentTo = async (number: string) => (await sim.outbox(number)).map((e) => e.body)
    const say = async (client: Client, id: number, body: string) =>
      (await client.call('messageSend', { params: { ticketId: id }, body: { body } })).body.messages[0]!

    describe('the contact name', () => {
      it('keeps the name an agent wrote when the customer writes with a profile name', async () => {
        const from = '5511970000001'
        await sim.inbound({ from, name: 'Zoe', body: 'hi' })
        const contact = await contactOf(from)
        expect(contact.name).toBe('Zoe')
        expect(
          (
            await alice.client.call('contactUpdate', {
              params: { id: contact.id },
              body: { name: 'Zoe Customer-Smith' },
            })
          ).status,
        ).toBe(200)
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
        const made = await alice.client.call('contactCreate', { body: { name: 'Walter', number: from } })
        const opened = await alice.client.call('ticketCreate', { body: { contactId: made.body.id, status: 'open' } })
        expect(opened.body).toMatchObject({ status: 'open', userId: alice.user.id, queueId: null })
        await alice.client.call('messageSend', {
          params: { ticketId: opened.body.id },
          body: { body: 'Hi Walter, about your order' },
        })

        const reply = await sim.inbound({ from, body: 'Hi! Yes, tell me' })
        expect(reply.ticketId).toBe(opened.body.id)
        await sim.inbound({ from, body: '2' })
        expect(await sentTo(from)).toEqual(['Hi Walter, about your order'])
        expect(await ticket(opened.body.id)).toMatchObject({ status: 'open', userId: alice.user.id, queueId: null })
      })

      it('goes again to a closed ticket without a queue that the customer brings back, and never to its agent', async () => {
        const from = '5511970000013'
        // timeCreateNewTicket is 3600 seconds unless changed.
        const first = await sim.inbound({ from, name: 'Nina', body: 'hello' })
        const id = first.ticketId!
        expect((await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'open' } })).status).toBe(200)
        await say(alice.client, id, 'Hi Nina')
        await sim.inbound({ from, body: 'thanks' })
        expect((await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'closed' } })).status).toBe(
          200,
        )
        expect(await sentTo(from)).toEqual([MENU, 'Hi Nina', 'Thanks Nina, bye!'])

        // Within the window the same ticket comes back waiting, with nobody and no queue: a new menu.
        const back = await sim.inbound({ from, body: 'one more thing' })
        expect(back.ticketId).toBe(id)
        expect(await ticket(id)).toMatchObject({ status: 'pending', userId: null, queueId: null })
        expect((await sentTo(from)).at(-1)).toBe(MENU)
        await sim.inbound({ from, body: '2' })
        expect(await ticket(id)).toMatchObject({ status: 'pending', userId: null, queueId: support })
      })

      it('does not move an accepted ticket when the customer answers the old menu late', async () => {
        const from = '5511970000012'
        const first = await sim.inbound({ from, body: 'hello' })
        expect(await sentTo(from)).toEqual([MENU])
        expect(
          (await admin.call('ticketUpdate', { params: { id: first.ticketId }, body: { status: 'open' } })).status,
        ).toBe(200)
        await sim.inbound({ from, body: '1' })
        expect(await sentTo(from)).toEqual([MENU])
        expect(await ticket(first.ticketId!)).toMatchObject({ status: 'open', queueId: null })
      })
    })

    describe('the ticket preview', () => {
      /** The preview as the waiting or in-service list shows it. */
      const preview = async (id: number, client = admin) => {
        const { status } = await ticket(id)
        const listed = (await client.call('ticketList', { query: { status, showAll: true } })).body
        const found = listed.tickets.find((x) => x.id === id)
        expect(found, 'listed').toBeDefined()
        expect((await ticket(id)).lastMessage).toBe(found!.lastMessage)
        return found!.lastMessage
      }
      const messagesOf = async (id: number) =>
        (await admin.call('messageList', { params: { ticketId: id } })).body.messages

      it('shows what the customer wrote, not the queue menu or the queue greeting', async () => {
        const from = '5511970000020'
        const { ticketId } = await sim.inbound({ from, name: 'Quinn', body: 'I need a refund' })
        expect(await sentTo(from)).toEqual([MENU])
        expect(await preview(ticketId!)).toBe('I need a refund')
        await sim.inbound({ from, body: '1' })
        expect((await sentTo(from)).at(-1)).toBe('Sales here, how can we help?')
        // The number only chose the queue: the list, the bell and the kanban card keep the customer's words.
        expect(await preview(ticketId!)).toBe('I need a refund')
        const stored = await messagesOf(ticketId!)
        expect(stored.map((m) => [m.body, m.automatic])).toEqual([
          ['I need a refund', false],
          [MENU, true],
          ['1', false],
          ['Sales here, how can we help?', true],
        ])
        // Once a queue is chosen, a number is something the customer wrote.
        await sim.inbound({ from, body: '7' })
        expect(await preview(ticketId!)).toBe('7')
      })

      it("keeps the last person's words through transfer notices, deletions and the farewell", async () => {
        const from = '5511970000021'
        const { ticketId } = await sim.inbound({ from, name: 'Rosa', body: 'hello' })
        const id = ticketId!
        await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'open', userId: alice.user.id } })
        const first = await say(alice.client, id, 'Hi Rosa, Alice here')
        await sim.inbound({ from, body: 'My order never came' })
        const second = await say(alice.client, id, 'Let me check that order')
        expect(await preview(id)).toBe('Let me check that order')

        // Deleting the preview brings back the message before it: here the customer's.
        expect((await alice.client.call('messageDelete', { params: { id: second.id } })).status).toBe(200)
        expect(await preview(id)).toBe('My order never came')
        // Deleting an older one changes nothing.
        expect((await alice.client.call('messageDelete', { params: { id: first.id } })).status).toBe(200)
        expect(await preview(id)).toBe('My order never came')

        // A transfer to a colleague tells the customer; the preview stays theirs.
        expect(
          (await alice.client.call('ticketUpdate', { params: { id }, body: { userId: bob.user.id } })).status,
        ).toBe(200)
        expect((await sentTo(from)).at(-1)).toMatch(/transferred/)
        expect(await preview(id, bob.client)).toBe('My order never came')
        // So does a transfer to a queue.
        expect(
          (await bob.client.call('ticketUpdate', { params: { id }, body: { queueId: support, userId: null } })).status,
        ).toBe(200)
        expect((await sentTo(from)).at(-1)).toMatch(/transferred to \*Support\*/)
        expect(await preview(id)).toBe('My order never came')

        // The farewell neither.
        expect((await admin.call('ticketUpdate', { params: { id }, body: { status: 'open' } })).status).toBe(200)
        expect((await admin.call('ticketUpdate', { params: { id }, body: { status: 'closed' } })).status).toBe(200)
        expect((await sentTo(from)).at(-1)).toBe('Thanks Rosa, bye!')
        expect(await preview(id)).toBe('My order never came')
      })

      it('gives way, in a search, to the latest message that holds the text', async () => {
        const from = '5511970000023'
        const { ticketId } = await sim.inbound({ from, name: 'Uma', body: 'My INVOICE 4512 is wrong' })
        await sim.inbound({ from, body: 'hello again' })
        const listed = (await admin.call('ticketList', { query: { searchParam: 'invoice 4512', showAll: true } })).body
        const found = listed.tickets.find((x) => x.id === ticketId)
        expect(found).toMatchObject({ lastMessage: 'hello again', searchMatch: { body: 'My INVOICE 4512 is wrong' } })
        // Found by the contact's name alone, no message is named.
        const byName = (await admin.call('ticketList', { query: { searchParam: 'uma', showAll: true } })).body
        expect(byName.tickets.find((x) => x.id === ticketId)?.searchMatch).toBeUndefined()
      })

      it('is empty again when the only message a person wrote is deleted', async () => {
        const from = '5511970000022'
        const made = await alice.client.call('contactCreate', { body: { name: 'Sam', number: from } })
        const opened = (await alice.client.call('ticketCreate', { body: { contactId: made.body.id, status: 'open' } }))
          .body
        const sent = await say(alice.client, opened.id, 'Hi Sam, about your visit')
        expect(await preview(opened.id)).toBe('Hi Sam, about your visit')
        expect((await alice.client.call('messageDelete', { params: { id: sent.id } })).status).toBe(200)
        expect(await preview(opened.id)).toBe('')
      })
    })
  })
}
