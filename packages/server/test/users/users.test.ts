import type { User } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/drivers'
import {
  bootstrapAdmin,
  type Client,
  PASSWORD,
  seedQueuesAndConnection,
  seedUsers,
  startTestServer,
  type TestServer,
} from '../support/server'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`users (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agent: Client
    let agentUser: User
    let fixtures: Awaited<ReturnType<typeof seedQueuesAndConnection>>

    beforeAll(async () => {
      t = await startTestServer(driver)
      admin = await bootstrapAdmin(t)
      fixtures = await seedQueuesAndConnection(t)
      ;({ client: agent, user: agentUser } = await t.addUser(admin, 'Agent Smith', 'agent@desk.test'))
    })
    afterAll(() => t?.close())

    const userCount = async () => Number((await admin.call('userList')).body.count)

    it('lets an admin create a user with queues and a default connection', async () => {
      const [sales, support] = fixtures.queues
      const res = await admin.call('userCreate', {
        body: {
          name: '  Queue Keeper ',
          email: 'Keeper@Desk.test',
          password: PASSWORD,
          queueIds: [sales.id, support.id],
          whatsappId: fixtures.whatsapp.id,
        },
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({
        name: 'Queue Keeper',
        email: 'keeper@desk.test',
        profile: 'user',
        whatsappId: fixtures.whatsapp.id,
        whatsapp: { id: fixtures.whatsapp.id, name: 'Main line' },
      })
      expect(res.body.queues.map((q) => q.name).sort()).toEqual(['Sales', 'Support'])
      const fetched = await agent.call('userGet', { params: { id: res.body.id } })
      expect(fetched.status).toBe(200)
      expect(fetched.body.queues).toHaveLength(2)
      expect(JSON.stringify(fetched.body)).not.toMatch(/passwordHash|\$2[aby]\$/)
    })

    it('refuses unknown queues or connections naming the field, and stores nothing', async () => {
      const before = await userCount()
      const badQueue = await admin.call('userCreate', {
        body: {
          name: 'Nobody',
          email: 'nobody@desk.test',
          password: PASSWORD,
          queueIds: [fixtures.queues[0].id, 99999],
        },
      })
      expect(badQueue.status).toBe(400)
      expect(badQueue.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'queueIds' }] })
      const badConnection = await admin.call('userCreate', {
        body: {
          name: 'Nobody',
          email: 'nobody@desk.test',
          password: PASSWORD,
          whatsappId: 99999,
        },
      })
      expect(badConnection.status).toBe(400)
      expect(badConnection.body.fields?.[0].path).toBe('whatsappId')
      expect(await userCount()).toBe(before)
    })

    it('refuses a duplicated e-mail on create and on update', async () => {
      const before = await userCount()
      const create = await admin.call('userCreate', {
        body: { name: 'Twin', email: 'AGENT@desk.test', password: PASSWORD },
      })
      expect(create.status).toBe(400)
      expect(create.body.error).toBe('ERR_DUPLICATED_EMAIL')
      expect(await userCount()).toBe(before)
      const update = await agent.call('userUpdate', {
        params: { id: agentUser.id },
        body: { email: 'admin@desk.test' },
      })
      expect(update.status).toBe(400)
      expect(update.body.error).toBe('ERR_DUPLICATED_EMAIL')
      expect((await agent.call('userGet', { params: { id: agentUser.id } })).body.email).toBe('agent@desk.test')
    })

    it('keeps admin routes from non-admins (403 ERR_NO_PERMISSION)', async () => {
      const [adminUser] = (await admin.call('userList', { query: { searchParam: 'admin@desk.test' } })).body.users
      const attempts = [
        await agent.call('userCreate', { body: { name: 'Sneaky', email: 'sneaky@desk.test', password: PASSWORD } }),
        await agent.call('userDelete', { params: { id: adminUser.id } }),
        await agent.call('userUpdate', { params: { id: adminUser.id }, body: { name: 'Renamed' } }),
        await agent.call('settingUpdate', { params: { key: 'userCreation' }, body: { value: 'disabled' } }),
      ]
      for (const res of attempts) {
        expect(res.status).toBe(403)
        expect(res.body.error).toBe('ERR_NO_PERMISSION')
      }
      expect((await admin.call('userGet', { params: { id: adminUser.id } })).body.name).toBe('Admin')
      expect((await agent.login('sneaky@desk.test', PASSWORD)).status).toBe(401)
    })

    it('lets a user change their own name, e-mail and password but not profile, queues or connection', async () => {
      const me = { id: agentUser.id }
      for (const body of [
        { profile: 'admin' },
        { queueIds: [fixtures.queues[0].id] },
        { whatsappId: fixtures.whatsapp.id },
        { name: 'Agent Smith', profile: 'ADMIN' },
      ]) {
        const res = await agent.call('userUpdate', { params: me, body })
        expect(res.status, JSON.stringify(body)).toBe(403)
        expect(res.body.error).toBe('ERR_NO_PERMISSION')
      }
      const unchanged = await admin.call('userGet', { params: me })
      expect(unchanged.body).toMatchObject({ profile: 'user', queues: [], whatsappId: null })

      // The whole form sent back with unchanged admin fields is fine.
      const res = await agent.call('userUpdate', {
        params: me,
        body: {
          name: 'Agent Jones',
          email: 'jones@desk.test',
          password: '',
          profile: 'user',
          queueIds: [],
          whatsappId: null,
          language: 'pt-BR',
        },
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ name: 'Agent Jones', email: 'jones@desk.test', language: 'pt-BR' })
      // The next sign-in hands the stored language back, so the app can start in it.
      const login = await t.client().login('jones@desk.test', PASSWORD)
      expect(login.status).toBe(200)
      expect(login.body.user.language).toBe('pt-BR')
    })

    it('lets an admin change profile, queues and connection of another user', async () => {
      const res = await admin.call('userUpdate', {
        params: { id: agentUser.id },
        body: {
          queueIds: [fixtures.queues[1].id],
          whatsappId: fixtures.whatsapp.id,
        },
      })
      expect(res.status).toBe(200)
      expect(res.body.queues.map((q) => q.name)).toEqual(['Support'])
      expect(res.body.whatsapp?.name).toBe('Main line')
      const cleared = await admin.call('userUpdate', {
        params: { id: agentUser.id },
        body: { queueIds: [], whatsappId: null },
      })
      expect(cleared.body).toMatchObject({ queues: [], whatsappId: null, whatsapp: null })
    })

    it('answers unknown ids with 404 and malformed ones with 400', async () => {
      for (const res of [
        await admin.call('userGet', { params: { id: 424242 } }),
        await admin.call('userUpdate', { params: { id: 424242 }, body: { name: 'Ghost' } }),
        await admin.call('userDelete', { params: { id: 424242 } }),
      ]) {
        expect(res.status).toBe(404)
        expect(res.body.error).toBe('ERR_NO_USER_FOUND')
      }
      const bad = await admin.call('userGet', { params: { id: 'abc' } })
      expect(bad.status).toBe(400)
      expect(bad.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'id' }] })
    })

    it('pages by 20 with hasMore and count, and searches name and e-mail case-insensitively', async () => {
      await seedUsers(
        t,
        Array.from({ length: 25 }, (_, i) => ({
          name: `Paged ${String(i).padStart(2, '0')}`,
          email: `paged${i}@example.org`,
        })),
      )
      const total = await userCount()
      const first = await agent.call('userList', { query: { pageNumber: 1 } })
      expect(first.status).toBe(200)
      expect(first.body.users).toHaveLength(20)
      expect(first.body).toMatchObject({ hasMore: true, count: total })
      const second = await agent.call('userList', { query: { pageNumber: 2 } })
      expect(second.body.users).toHaveLength(total - 20)
      expect(second.body.hasMore).toBe(false)
      const ids = new Set([...first.body.users, ...second.body.users].map((u) => u.id))
      expect(ids.size).toBe(total)

      const byName = await agent.call('userList', { query: { searchParam: 'PAGED 1' } })
      expect(byName.body.users.map((u) => u.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Paged 1${i}`))
      expect(byName.body).toMatchObject({ hasMore: false, count: 10 })
      const byEmail = await agent.call('userList', { query: { searchParam: 'EXAMPLE.ORG', pageNumber: 2 } })
      expect(byEmail.body.users).toHaveLength(5)
      expect((await agent.call('userList', { query: { searchParam: '%' } })).body.count).toBe(0)
      expect((await agent.call('userList', { query: { searchParam: 'paged_' } })).body.count).toBe(0)

      const badPage = await agent.call('userList', { query: { pageNumber: 0 } })
      expect(badPage.status).toBe(400)
      expect(badPage.body.fields?.[0].path).toBe('pageNumber')
    })

    it('never deletes or demotes the last admin', async () => {
      const [me] = (await admin.call('userList', { query: { searchParam: 'admin@desk.test' } })).body.users
      const del = await admin.call('userDelete', { params: { id: me.id } })
      expect(del.status).toBe(400)
      expect(del.body.error).toBe('ERR_LAST_ADMIN')
      const demote = await admin.call('userUpdate', { params: { id: me.id }, body: { profile: 'user' } })
      expect(demote.status).toBe(400)
      expect(demote.body.error).toBe('ERR_LAST_ADMIN')
      expect((await admin.call('userGet', { params: { id: me.id } })).body.profile).toBe('admin')

      // With a second admin, the first may step down, and the second may not then leave.
      const { client: second, user: secondUser } = await t.addUser(admin, 'Second Admin', 'second@desk.test', 'admin')
      const stepDown = await admin.call('userUpdate', { params: { id: me.id }, body: { profile: 'user' } })
      expect(stepDown.status).toBe(200)
      expect(stepDown.body.profile).toBe('user')
      expect(
        (await admin.call('userCreate', { body: { name: 'Xavier', email: 'x@desk.test', password: PASSWORD } })).status,
      ).toBe(403)
      expect((await second.call('userDelete', { params: { id: secondUser.id } })).body.error).toBe('ERR_LAST_ADMIN')
      expect((await second.call('userUpdate', { params: { id: me.id }, body: { profile: 'admin' } })).status).toBe(200)
      expect((await second.call('userDelete', { params: { id: secondUser.id } })).status).toBe(204)
      expect((await admin.call('userGet', { params: { id: secondUser.id } })).status).toBe(404)
    })
  })
}
