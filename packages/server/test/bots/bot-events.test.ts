import type { BotEvent, User } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { contactRow, ticketRow } from '../support/rows'
import type { Client } from '../support/server'

type Desk = Awaited<ReturnType<typeof startTwoAgentDesk>>

/**
 * A bot switch changed: everyone who may see any of the contact's tickets hears it, however many
 * tickets the contact has had, and nobody else does.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`who hears a bot switch (${driver})`, () => {
    let desk: Desk
    let carol: { client: Client; user: User }
    const now = new Date().toISOString()

    beforeAll(async () => {
      desk = await startTwoAgentDesk(driver, {
        alice: ['sales'],
        bob: ['support'],
        config: { outreach: { allowPrivateUrls: true } },
      })
      carol = await desk.t.addUser(desk.admin, 'Carol', 'carol@desk.test')
      const saved = await desk.admin.call('botConfigUpdate', {
        params: { kind: 'n8n' },
        body: {
          url: 'http://127.0.0.1:9/hook',
          secret: 'bot-secret-for-events',
          enabled: 1,
        },
      })
      expect(saved.status).toBe(200)
    })
    afterAll(() => desk?.t.close())

    /** A contact whose tickets are held by these users, oldest first (the last one open, the others closed). */
    const contactWithTickets = async (number: string, holders: number[]) => {
      const contact = await desk.t.server.db
        .insertInto('contacts')
        .values(contactRow({ name: `Customer ${number}`, number }, now))
        .returning('id')
        .executeTakeFirstOrThrow()
      const ids: number[] = []
      for (const [i, userId] of holders.entries()) {
        const status = i === holders.length - 1 ? 'open' : 'closed'
        const row = await desk.t.server.db
          .insertInto('tickets')
          .values(ticketRow({ status, contactId: contact.id, userId }, now))
          .returning('id')
          .executeTakeFirstOrThrow()
        ids.push(row.id)
      }
      return { contactId: contact.id, ticketIds: ids }
    }
    /** A socket of this user with a conversation open, and what it hears. */
    const viewing = async (client: Client, ticketId: number) => {
      const socket = await desk.t.socket(client.token)
      expect(await socket.emitWithAck('joinChatBox', ticketId)).toBe(true)
      return listen(socket)
    }
    const botOf = (contactId: number) => (name: string, payload: unknown) =>
      name === 'bot' && (payload as BotEvent).contactId === contactId

    it("reaches whoever has one of the contact's older conversations open, not only the latest tickets'", async () => {
      const alice = desk.alice.user.id
      const { contactId, ticketIds } = await contactWithTickets('5511930000001', [
        desk.bob.user.id,
        ...Array(6).fill(alice),
      ])
      const bob = await viewing(desk.bob.client, ticketIds[0]!)
      const aliceEar = await viewing(desk.alice.client, ticketIds.at(-1)!)

      expect((await desk.alice.client.call('botOnN8n', { body: { msgFrom: '5511930000001@c.us' } })).status).toBe(200)
      const heard = await bob.until<BotEvent>(botOf(contactId))
      expect(heard).toMatchObject({ action: 'update', contactId, switch: { kind: 'n8n', state: 'on' } })
      expect(await aliceEar.until<BotEvent>(botOf(contactId))).toMatchObject({ switch: { state: 'on' } })
    })

    it("does not reach someone who may see none of the contact's tickets", async () => {
      const theirs = await contactWithTickets('5511930000002', [desk.alice.user.id])
      const carolsOwn = await contactWithTickets('5511930000003', [carol.user.id])
      const ear = await viewing(carol.client, carolsOwn.ticketIds[0]!)
      expect((await desk.alice.client.call('botOnN8n', { body: { msgFrom: '5511930000002' } })).status).toBe(200)
      // Carol's own switch, flipped after: once she hears it, she would have heard the first one before it.
      expect((await carol.client.call('botOnN8n', { body: { msgFrom: '5511930000003' } })).status).toBe(200)
      await ear.until(botOf(carolsOwn.contactId))
      expect(ear.find(botOf(theirs.contactId))).toBeUndefined()
    })
  })
}
