import type { ErrorResponse, User } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectSimulator, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { apiPath, type Client, type TestServer } from '../support/server'

type Err = ErrorResponse
type Sim = Awaited<ReturnType<typeof connectSimulator>>

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`who may send on a ticket (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: User }
    let bob: { client: Client; user: User }
    let sales: number
    let support: number
    let sim: Sim

    beforeAll(async () => {
      ;({ t, admin, alice, bob, sales, support, sim } = await startTwoAgentDesk(driver, {
        alice: ['sales', 'support'],
        bob: ['sales', 'support'],
        connection: { farewellMessage: 'Bye {{name}}!' },
      }))
    })
    afterAll(() => t?.close())

    /** Every way an agent can send: text, a location, a contact card and an uploaded file. */
    const sendAll = async (client: Client, ticketId: number) => {
      const form = new FormData()
      form.append('medias', new Blob([PNG]), 'photo.png')
      const upload = await fetch(`${t.url}${apiPath('messageSend', { ticketId })}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client.token}` },
        body: form,
      })
      const answers = [
        await client.call('messageSend', { params: { ticketId }, body: { body: 'hello' } }),
        await client.call('messageSend', { params: { ticketId }, body: { location: { latitude: 1, longitude: 2 } } }),
        await client.call('messageSend', {
          params: { ticketId },
          body: { vcard: { name: 'Ana', number: '5511988887777' } },
        }),
        { status: upload.status, body: (await upload.json()) as Err },
      ]
      return answers.map((a) => [a.status, a.body.error ?? null])
    }
    const refusedAll = (status: number, code: string) => Array.from({ length: 4 }, () => [status, code])
    const sentAll = Array.from({ length: 4 }, () => [200, null])
    const deskSends = async (to: string) =>
      (await sim.outbox(to)).filter((e) => e.kind !== 'read').map((e) => e.body || e.kind)

    it('refuses every kind of send on a pending ticket, from agents and admins, until it is accepted', async () => {
      const from = '5511900000001'
      const { ticketId } = await sim.inbound({ from, name: 'Maria', body: 'Hello?' })
      const id = ticketId!
      expect((await alice.client.call('ticketGet', { params: { id } })).body.status).toBe('pending')

      expect(await sendAll(alice.client, id)).toEqual(refusedAll(409, 'ERR_TICKET_NOT_OPEN'))
      expect(await sendAll(admin, id)).toEqual(refusedAll(409, 'ERR_TICKET_NOT_OPEN'))
      expect(await deskSends(from)).toEqual([])
      const page = await admin.call('messageList', { params: { ticketId: id } })
      expect(page.body.messages.filter((m) => m.fromMe)).toEqual([])

      await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'open' } })
      expect(await sendAll(alice.client, id)).toEqual(sentAll)
      // An admin may step into an agent's open conversation; another agent may not.
      expect(await sendAll(admin, id)).toEqual(sentAll)
      expect(await sendAll(bob.client, id)).toEqual(refusedAll(403, 'ERR_NO_PERMISSION'))
      expect(await deskSends(from)).toHaveLength(8)
    })

    it('refuses sends on a closed ticket while the farewell still goes out, and allows them after reopening', async () => {
      const from = '5511900000002'
      const { ticketId } = await sim.inbound({ from, name: 'Joao', body: 'Hi' })
      const id = ticketId!
      await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'open' } })
      await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'closed' } })
      expect(await deskSends(from)).toEqual(['Bye Joao!'])

      expect(await sendAll(alice.client, id)).toEqual(refusedAll(409, 'ERR_TICKET_NOT_OPEN'))
      expect(await sendAll(admin, id)).toEqual(refusedAll(409, 'ERR_TICKET_NOT_OPEN'))
      expect(await deskSends(from)).toEqual(['Bye Joao!'])

      await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'open' } })
      const sent = await alice.client.call('messageSend', { params: { ticketId: id }, body: { body: 'Back again' } })
      expect(sent.body.messages[0]).toMatchObject({ body: 'Back again', error: null })
    })

    it('never sends the farewell or a transfer notice to a group, while a person gets theirs', async () => {
      const groupId = '120363000000777'
      const { ticketId: groupTicket } = await sim.inbound({
        from: '5511900000005',
        isGroup: true,
        groupId,
        body: 'hi all',
      })
      await alice.client.call('ticketUpdate', { params: { id: groupTicket }, body: { status: 'open' } })
      const moved = await alice.client.call('ticketUpdate', {
        params: { id: groupTicket },
        body: { queueId: support, userId: null },
      })
      expect(moved.body).toMatchObject({ status: 'pending', queueId: support, isGroup: true })
      await alice.client.call('ticketUpdate', { params: { id: groupTicket }, body: { status: 'open' } })
      const closed = await alice.client.call('ticketUpdate', {
        params: { id: groupTicket },
        body: { status: 'closed' },
      })
      expect(closed.body).toMatchObject({ status: 'closed', isGroup: true })

      const person = '5511900000006'
      const { ticketId } = await sim.inbound({ from: person, name: 'Lia', body: 'Hi' })
      await alice.client.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
      await alice.client.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'closed' } })
      expect(await deskSends(person)).toEqual(['Bye Lia!'])
      // The person's farewell went out first, so the group's outbox is complete by now.
      expect(await deskSends(groupId)).toEqual([])
      expect(await deskSends('5511900000005')).toEqual([])
      const page = await admin.call('messageList', { params: { ticketId: groupTicket } })
      expect(page.body.messages.filter((m) => m.fromMe)).toEqual([])
    })

    it('still sends the transfer notice, the queue menu and the queue greeting on tickets nobody owns', async () => {
      const from = '5511900000003'
      const { ticketId } = await sim.inbound({ from, name: 'Ana', body: 'Transfer me' })
      const id = ticketId!
      await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'open' } })
      const moved = await alice.client.call('ticketUpdate', {
        params: { id },
        body: { queueId: support, userId: null },
      })
      expect(moved.body).toMatchObject({ status: 'pending', userId: null })
      expect(await deskSends(from)).toEqual(['Your conversation was transferred to *Support*.'])
      expect(
        (await alice.client.call('messageSend', { params: { ticketId: id }, body: { body: 'still mine?' } })).body
          .error,
      ).toBe('ERR_TICKET_NOT_OPEN')

      const menu = await connectSimulator(admin, { name: 'Menu', queueIds: [sales, support], greetingMessage: 'Hi!' })
      const other = '5511900000004'
      await menu.inbound({ from: other, body: 'hello' })
      await menu.inbound({ from: other, body: '1' })
      expect((await menu.outbox(other)).map((e) => e.body)).toEqual([
        'Hi!\n\n*1* - Sales\n*2* - Support',
        'Sales here, how can we help?',
      ])
    })
  })
}
