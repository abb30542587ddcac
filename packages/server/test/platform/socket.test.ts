import type { SettingsEvent, User, UserEvent } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { listen } from '../support/desk'
import { drivers } from '../support/drivers'
import { contactRow, ticketRow } from '../support/rows'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

const userEvent = (id: number, action: UserEvent['action']) => (name: string, p: unknown) => {
  const e = p as UserEvent
  return name === 'user' && e.action === action && (e.action === 'delete' ? e.userId : e.user.id) === id
}
const settingEvent = (key: string, value?: string) => (name: string, p: unknown) =>
  name === 'settings' &&
  (p as SettingsEvent).setting.key === key &&
  (value === undefined || (p as SettingsEvent).setting.value === value)

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`socket.io (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: User }
    let bob: { client: Client; user: User }

    beforeAll(async () => {
      t = await startTestServer(driver)
      admin = await bootstrapAdmin(t)
      alice = await t.addUser(admin, 'Alice', 'alice@desk.test')
      bob = await t.addUser(admin, 'Bob', 'bob@desk.test')
    })
    afterAll(() => t?.close())

    it('rejects a handshake without a token or with a bad one', async () => {
      await expect(t.socket(undefined)).rejects.toThrow('ERR_SESSION_EXPIRED')
      await expect(t.socket('not-a-token')).rejects.toThrow('ERR_SESSION_EXPIRED')
      await expect(t.socket('not-a-token', 'query')).rejects.toThrow('ERR_SESSION_EXPIRED')
      const ok = await t.socket(admin.token, 'query')
      expect(ok.connected).toBe(true)
      ok.disconnect()
    })

    it('refuses a socket whose session was logged out, though its token has not expired', async () => {
      const session = await t.signIn('bob@desk.test')
      const ok = await t.socket(session.token)
      ok.disconnect()
      expect((await session.call('logout')).status).toBeLessThan(300)
      await expect(t.socket(session.token)).rejects.toThrow('ERR_SESSION_EXPIRED')
      // Bob's other sessions are untouched.
      const other = await t.socket(bob.client.token)
      expect(other.connected).toBe(true)
      other.disconnect()
    })

    it('tells admins and the user concerned about a user change, and nobody else', async () => {
      const adminEar = listen(await t.socket(admin.token))
      const aliceEar = listen(await t.socket(alice.client.token))
      const bobEar = listen(await t.socket(bob.client.token))

      const renamed = await admin.call('userUpdate', { params: { id: alice.user.id }, body: { name: 'Alice Liddell' } })
      expect(renamed.status).toBe(200)
      const seenByAdmin = (await adminEar.until(userEvent(alice.user.id, 'update'))) as UserEvent
      expect(seenByAdmin).toMatchObject({ action: 'update', user: { name: 'Alice Liddell' } })
      expect(JSON.stringify(seenByAdmin)).not.toMatch(/passwordHash/)
      await aliceEar.until(userEvent(alice.user.id, 'update'))

      // A later event everyone hears: when Bob has it, he would already have had the earlier one.
      await admin.call('settingUpdate', { params: { key: 'call' }, body: { value: 'disabled' } })
      await bobEar.until(settingEvent('call', 'disabled'))
      expect(bobEar.find((name) => name === 'user')).toBeUndefined()
      await aliceEar.until(settingEvent('call', 'disabled'))
      await adminEar.until(settingEvent('call', 'disabled'))

      const created = await admin.call('userCreate', {
        body: {
          name: 'Carol',
          email: 'carol@desk.test',
          password: 'pass-word',
        },
      })
      await adminEar.until(userEvent(created.body.id, 'create'))
      expect((await admin.call('userDelete', { params: { id: created.body.id } })).status).toBe(204)
      await adminEar.until(userEvent(created.body.id, 'delete'))
      await admin.call('settingUpdate', { params: { key: 'call' }, body: { value: 'enabled' } })
      await aliceEar.until(settingEvent('call', 'enabled'))
      expect(aliceEar.find(userEvent(created.body.id, 'create'))).toBeUndefined()
    })

    it('sends the API token only to admins', async () => {
      const adminEar = listen(await t.socket(admin.token))
      const bobEar = listen(await t.socket(bob.client.token))
      const res = await admin.call('settingUpdate', { params: { key: 'userApiToken' }, body: { value: 'regenerate' } })
      const seen = (await adminEar.until(settingEvent('userApiToken'))) as SettingsEvent
      expect(seen.setting.value).toBe(res.body.value)
      await admin.call('settingUpdate', { params: { key: 'timeCreateNewTicket' }, body: { value: '60' } })
      await bobEar.until(settingEvent('timeCreateNewTicket', '60'))
      expect(bobEar.find(settingEvent('userApiToken'))).toBeUndefined()
      expect(JSON.stringify(bobEar.heard)).not.toContain(res.body.value)
    })

    it('moves a promoted user into the admins room, and disconnects a deleted one', async () => {
      const { client: dave, user: daveUser } = await t.addUser(admin, 'Dave', 'dave@desk.test')
      const daveSocket = await t.socket(dave.token)
      const daveEar = listen(daveSocket)
      await admin.call('userUpdate', { params: { id: daveUser.id }, body: { profile: 'admin' } })
      await daveEar.until(userEvent(daveUser.id, 'update'))
      await admin.call('userUpdate', { params: { id: bob.user.id }, body: { name: 'Bobby' } })
      await daveEar.until(userEvent(bob.user.id, 'update'))

      const gone = new Promise<string>((resolve) => daveSocket.once('disconnect', (reason) => resolve(reason)))
      expect((await admin.call('userDelete', { params: { id: daveUser.id } })).status).toBe(204)
      await daveEar.until(userEvent(daveUser.id, 'delete'))
      expect(await gone).toBe('io server disconnect')
    })

    it("moves a user's followed topics between the admins' scope and their own when the profile changes", async () => {
      const { client: erin, user: erinUser } = await t.addUser(admin, 'Erin', 'erin@desk.test')
      const socket = await t.socket(erin.token)
      expect(await socket.emitWithAck('joinNotification')).toBe(true)
      expect(await socket.emitWithAck('joinTickets', 'pending')).toBe(true)
      const scoped = async () => {
        const [server] = await t.server.io.in(socket.id!).fetchSockets()
        return [...(server?.rooms ?? [])].filter((r) => r.includes(':u:') || r.endsWith(':admins')).sort()
      }
      const own = [`notification:u:${erinUser.id}`, `tickets:pending:u:${erinUser.id}`]
      const admins = ['notification:admins', 'tickets:pending:admins']
      expect(await scoped()).toEqual(own)
      await admin.call('userUpdate', { params: { id: erinUser.id }, body: { profile: 'admin' } })
      await vi.waitFor(async () => expect(await scoped()).toEqual(admins))
      // Demoted: back in its own scope, since the admins' rooms carry every ticket.
      await admin.call('userUpdate', { params: { id: erinUser.id }, body: { profile: 'user' } })
      await vi.waitFor(async () => expect(await scoped()).toEqual(own))
      expect(socket.connected).toBe(true)
    })

    it('gives a new join the scope of the current profile, not the one the socket connected with', async () => {
      const { client: gail, user: gailUser } = await t.addUser(admin, 'Gail', 'gail@desk.test')
      const socket = await t.socket(gail.token)
      const roomsOf = async () => {
        const [server] = await t.server.io.in(socket.id!).fetchSockets()
        // The topics she follows and their scoped rooms (not her own user or session room).
        return [...(server?.rooms ?? [])].filter((r) => /^(notification|tickets)/.test(r)).sort()
      }
      const own = (topic: string) => `${topic}:u:${gailUser.id}`
      expect(await socket.emitWithAck('joinNotification')).toBe(true)
      // A conversation Alice holds: only an admin may follow it besides her.
      const now = new Date().toISOString()
      const contact = await t.server.db
        .insertInto('contacts')
        .values(contactRow({ name: 'Held', number: '5511912340000' }, now))
        .returning('id')
        .executeTakeFirstOrThrow()
      const ticket = await t.server.db
        .insertInto('tickets')
        .values(ticketRow({ status: 'open', contactId: contact.id, userId: alice.user.id }, now))
        .returning('id')
        .executeTakeFirstOrThrow()
      expect(await socket.emitWithAck('joinChatBox', ticket.id)).toBe(false)

      // Promoted after connecting: once the followed topic moved, a new join is an admin's.
      await admin.call('userUpdate', { params: { id: gailUser.id }, body: { profile: 'admin' } })
      await vi.waitFor(async () => expect(await roomsOf()).toContain('notification:admins'), { timeout: 5000 })
      expect(await socket.emitWithAck('joinTickets', 'open')).toBe(true)
      expect(await roomsOf()).toEqual(['notification', 'notification:admins', 'tickets:open', 'tickets:open:admins'])
      expect(await socket.emitWithAck('joinChatBox', ticket.id)).toBe(true)
      expect(await socket.emitWithAck('leaveChatBox', ticket.id)).toBe(true)

      // Demoted: a new join gets her own scope, and nothing of the admins' is left.
      await admin.call('userUpdate', { params: { id: gailUser.id }, body: { profile: 'user' } })
      await vi.waitFor(async () => expect(await roomsOf()).toContain(own('notification')), { timeout: 5000 })
      expect(await socket.emitWithAck('joinTickets', 'closed')).toBe(true)
      expect(await socket.emitWithAck('joinChatBox', ticket.id)).toBe(false)
      expect(await roomsOf()).toEqual([
        'notification',
        own('notification'),
        'tickets:closed',
        own('tickets:closed'),
        'tickets:open',
        own('tickets:open'),
      ])
      const [server] = await t.server.io.in(socket.id!).fetchSockets()
      expect(server?.rooms.has('admins')).toBe(false)
    })

    it('joins only rooms whose argument is valid and that the user may enter', async () => {
      const socket = await t.socket(alice.client.token)
      socket.emit('joinChatBox', 5)
      socket.emit('joinTickets', 'bogus' as never)
      socket.emit('joinTickets', { $ne: 1 } as never)
      socket.emit('joinNotification')
      socket.emit('joinTickets', 'open')
      const roomsOf = async () => {
        const [server] = await t.server.io.in(socket.id!).fetchSockets()
        return [...server.rooms].filter((r) => r !== socket.id && !r.startsWith('session:')).sort()
      }
      // Each join reads the user first, so the two joins may finish in either order: wait for both.
      await vi.waitFor(
        async () => expect(await roomsOf()).toEqual(expect.arrayContaining(['notification', 'tickets:open'])),
        {
          timeout: 5000,
        },
      )
      // Each topic beside the user's own scoped room of it, which decides what reaches her there.
      const me = alice.user.id
      expect(await roomsOf()).toEqual([
        'notification',
        `notification:u:${me}`,
        'signed-in',
        'tickets:open',
        `tickets:open:u:${me}`,
        `user:${me}`,
      ])
      expect(await socket.emitWithAck('leaveTickets', 'open')).toBe(true)
      expect(await roomsOf()).toEqual(['notification', `notification:u:${me}`, 'signed-in', `user:${me}`])
      expect(await socket.emitWithAck('joinTickets', 'bogus')).toBe(false)
      expect(socket.connected).toBe(true)
    })
  })
}
