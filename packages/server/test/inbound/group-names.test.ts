import { afterAll, beforeAll, describe, expect, it, type Mock, vi } from 'vitest'
import type { MessagingDriver } from '../../src/drivers/types'
import { type connectSimulator, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import type { Client, TestServer } from '../support/server'

type Sim = Awaited<ReturnType<typeof connectSimulator>>

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`a group that arrives without its name (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let sim: Sim
    let asked: Mock<(groupId: string) => Promise<string | null>>

    beforeAll(async () => {
      ;({ t, admin, sim } = await startTwoAgentDesk(driver, { alice: ['sales'], bob: [] }))
      // Count the questions the simulator's driver is asked (it still answers its own name).
      const session = (await t.server.services.sessions.driver(sim.id)) as MessagingDriver
      const original = session.groupName!.bind(session)
      asked = vi.fn(original)
      session.groupName = asked
    })
    afterAll(() => t?.close())

    const ticket = async (id: number) => (await admin.call('ticketGet', { params: { id } })).body
    const groupMessage = (groupId: string, body: string, groupName?: string) =>
      sim.inbound({ from: '5511900000777', name: 'Member', isGroup: true, groupId, body, groupName })

    it('is named by the network once, however many of its messages come', async () => {
      const first = await groupMessage('120363000004321', 'hello group')
      await groupMessage('120363000004321', 'second')
      await groupMessage('120363000004321', 'third')
      await vi.waitFor(async () => expect((await ticket(first.ticketId!)).contact.name).toBe('Simulated group 4321'))
      await groupMessage('120363000004321', 'fourth')
      expect(asked).toHaveBeenCalledTimes(1)
      expect(asked).toHaveBeenCalledWith('120363000004321')
    })

    it("names the ticket's channel (its connection's driver)", async () => {
      const named = await groupMessage('120363000001111', 'which channel?', 'Channel check')
      expect((await ticket(named.ticketId!)).whatsapp).toMatchObject({ id: sim.id, driver: 'simulator' })
    })

    it('keeps the name the message carried, without asking', async () => {
      const calls = asked.mock.calls.length
      const named = await groupMessage('120363000009999', 'hi', 'Family')
      expect((await ticket(named.ticketId!)).contact.name).toBe('Family')
      await groupMessage('120363000009999', 'again')
      expect(asked).toHaveBeenCalledTimes(calls)
    })

    it('does not hold the message while the network is slow to answer', async () => {
      let answer: (name: string | null) => void = () => {}
      asked.mockImplementationOnce(() => new Promise<string | null>((resolve) => (answer = resolve)))
      const slow = await groupMessage('120363000005555', 'are you there?')
      expect(slow.ticketId).toEqual(expect.any(Number))
      expect((await ticket(slow.ticketId!)).contact.name).toBe('120363000005555')
      answer('Night shift')
      await vi.waitFor(async () => expect((await ticket(slow.ticketId!)).contact.name).toBe('Night shift'))
    })
  })
}
