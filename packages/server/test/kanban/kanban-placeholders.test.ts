import { fillPlaceholders, type PlaceholderSource, placeholderValues } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import type { Client, TestServer } from '../support/server'

const TEMPLATE =
  '{{ms}} {{name}}! {{user}} here, {{queue}} via {{connection}}, ticket #{{ticket_id}}, {{date}} {{hour}}'
const GREETINGS = {
  en: { morning: 'Good morning', afternoon: 'Good afternoon', evening: 'Good evening' },
  'pt-BR': { morning: 'Bom dia', afternoon: 'Boa tarde', evening: 'Boa noite' },
}

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`a lane's quick answer fills the composer's placeholders (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: { id: number } }
    let sales: number
    let sim: Awaited<ReturnType<typeof startTwoAgentDesk>>['sim']
    let number = 5511960000000

    beforeAll(async () => {
      ;({ t, admin, alice, sales, sim } = await startTwoAgentDesk(driver, { alice: ['sales'], bob: ['support'] }))
    })
    afterAll(() => t?.close())

    /** A customer writes, Alice accepts, and moves the card into a lane that sends `message` on entry. */
    const moveIntoAnsweringLane = async (shortcut: string) => {
      const answer = await admin.call('quickAnswerCreate', { body: { shortcut, message: TEMPLATE } })
      const lane = (
        await admin.call('laneCreate', {
          body: {
            title: shortcut,
            entryQueueId: sales,
            entryQuickAnswerId: answer.body.id,
          },
        })
      ).body
      number += 1
      const { ticketId } = await sim.inbound({ from: String(number), name: 'Marina Costa', body: 'Any news?' })
      await alice.client.call('ticketUpdate', {
        params: { id: ticketId },
        body: { status: 'open', userId: alice.user.id },
      })
      const before = new Date()
      const moved = await alice.client.call('cardMove', { body: { ticketid: ticketId, laneid: lane.id } })
      const after = new Date()
      expect(moved.status).toBe(200)
      const ticket = (await alice.client.call('ticketGet', { params: { id: ticketId } })).body
      const sent = (await sim.outbox(String(number))).filter((e) => e.kind !== 'read').map((e) => e.body)
      return { ticket, sent, moments: [before, after] }
    }
    /** The text the composer would make for `ticket`, at either end of the move (a minute may turn meanwhile). */
    const composed = (
      ticket: PlaceholderSource['ticket'],
      moments: Date[],
      greetings: PlaceholderSource['greetings'],
    ) =>
      moments.map((now) => fillPlaceholders(TEMPLATE, placeholderValues({ ticket, userName: 'Alice', now, greetings })))

    it('sends the text the agent would have sent: contact, agent, greeting, queue, connection, ticket and moment', async () => {
      const { ticket, sent, moments } = await moveIntoAnsweringLane('followup-en')
      expect(ticket.queue?.name).toBeTruthy()
      expect(ticket.whatsapp?.name).toBeTruthy()
      const expected = composed(ticket, moments, GREETINGS.en)
      expect(expected[0]).toContain(`Marina Costa! Alice here, ${ticket.queue?.name} via ${ticket.whatsapp?.name}`)
      expect(sent.filter((body) => body && expected.includes(body))).toHaveLength(1)
      expect(sent.some((body) => body?.includes('{{'))).toBe(false)
    })

    it("greets in the desk's language", async () => {
      await admin.call('settingUpdate', { params: { key: 'language' }, body: { value: 'pt-BR' } })
      const { ticket, sent, moments } = await moveIntoAnsweringLane('followup-pt')
      const expected = composed(ticket, moments, GREETINGS['pt-BR'])
      expect(expected[0]).toMatch(/^(Bom dia|Boa tarde|Boa noite) Marina Costa!/)
      expect(sent.filter((body) => body && expected.includes(body))).toHaveLength(1)
    })
  })
}
