/**
 * Sessions under a real client's habits: refreshes in flight together with one cookie (two tabs
 * waking up, the seed's app refreshing once per failed request), and an ended session's access
 * token refused over HTTP at once (logout, password change, reuse), on one process and on two.
 */
import { randomBytes } from 'node:crypto'
import { io as connectSocket } from 'socket.io-client'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DeskServer } from '../../src/index'
import { drivers, pgAvailable } from '../support/drivers'
import { REDIS, redisAvailable } from '../support/redis'
import {
  bootstrapAdmin,
  Client,
  PASSWORD,
  startSecondServer,
  startTestServer,
  type TestServer,
} from '../support/server'

/** Two refreshes with the same cookie, sent together; each from its own client (two tabs). */
const refreshTwice = async (c: Client) => {
  const tabs = [new Client(c.baseUrl), new Client(c.baseUrl)]
  for (const tab of tabs) tab.refreshCookie = c.refreshCookie
  const answers = await Promise.all(tabs.map((tab) => tab.refresh()))
  return { tabs, answers }
}

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`sessions (${driver})`, () => {
    let t: TestServer
    let admin: Client
    beforeAll(async () => {
      t = await startTestServer(driver)
      admin = await bootstrapAdmin(t)
      await admin.call('settingUpdate', { params: { key: 'userCreation' }, body: { value: 'enabled' } })
      await t.client().call('signup', { body: { name: 'Agent', email: 'agent@desk.test', password: PASSWORD } })
    })
    afterAll(() => t?.close())
    afterEach(() => {
      vi.useRealTimers()
    })

    it('keeps the session when two refreshes of one cookie are in flight together: 20 pairs at once', async () => {
      // Signed in one after another: a login is counted against the address before its password is checked, so
      // 20 at once from one address would meet the login limit (10) before any was given back.
      const sessions: Awaited<ReturnType<typeof t.signIn>>[] = []
      for (let i = 0; i < 20; i++) sessions.push(await t.signIn('agent@desk.test'))
      const pairs = await Promise.all(sessions.map(refreshTwice))
      for (const { tabs, answers } of pairs) {
        expect(answers.map((a) => a.status)).toEqual([200, 200])
        // Both tabs hold the same new refresh token, and both access tokens work.
        expect(tabs[0].refreshCookie).toBeDefined()
        expect(tabs[1].refreshCookie).toBe(tabs[0].refreshCookie)
        for (const tab of tabs) expect((await tab.call('userList')).status).toBe(200)
      }
      // The session carries on: the shared new cookie refreshes again, and its token works.
      const again = await Promise.all(pairs.map(({ tabs }) => tabs[1].refresh()))
      expect(again.map((a) => a.status)).toEqual(pairs.map(() => 200))
      for (const { tabs } of pairs) expect((await tabs[1].call('userList')).status).toBe(200)
    })

    it('answers a just-rotated cookie with the session that replaced it, and a replay after the window ends the session', async () => {
      const c = await t.signIn('agent@desk.test')
      const first = c.refreshCookie!
      expect((await c.refresh()).status).toBe(200)
      const second = c.refreshCookie!
      expect((await c.refresh()).status).toBe(200)
      const third = c.refreshCookie!

      // A tab that slept through both rotations wakes up a few seconds later: it joins the session.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5_000 })
      const late = new Client(t.url)
      late.refreshCookie = first
      expect((await late.refresh()).status).toBe(200)
      expect(late.refreshCookie).toBe(third)
      expect((await late.call('userList')).status).toBe(200)

      // The same old cookie after the grace window (30 s) is a replay: the whole session ends, its socket too.
      const socket = await t.socket(c.token)
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve))
      vi.setSystemTime(Date.now() + 60_000)
      const replay = new Client(t.url)
      replay.refreshCookie = second
      expect(await replay.refresh()).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } })
      expect((await c.refresh()).status).toBe(401)
      expect(await c.call('userList')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } })
      expect((await late.call('userList')).status).toBe(401)
      expect(await closed).toBe('io server disconnect')
    })

    it("refuses a logged-out session's access token at once, on the desk's routes and the seed's", async () => {
      const c = await t.signIn('agent@desk.test')
      const other = await t.signIn('agent@desk.test')
      expect((await c.call('userList')).status).toBe(200)
      expect((await c.call('dispatchConnections')).status).toBe(200)
      const socket = await t.socket(c.token)
      const otherSocket = await t.socket(other.token)
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve))
      expect((await c.call('logout')).status).toBe(204)
      expect(await c.call('userList')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } })
      expect((await c.call('dispatchConnections')).status).toBe(401)
      // Its open socket is closed, and cannot come back.
      expect(await closed).toBe('io server disconnect')
      await expect(t.socket(c.token)).rejects.toThrow('ERR_SESSION_EXPIRED')
      // Another session of the same user is untouched.
      expect((await other.call('userList')).status).toBe(200)
      expect(otherSocket.connected).toBe(true)
    })

    it("refuses the user's other sessions' access tokens once their password changes; the changing session carries on", async () => {
      const { user } = await t.addUser(admin, 'Changer', 'changer@desk.test')
      const here = await t.signIn('changer@desk.test')
      const elsewhere = await t.signIn('changer@desk.test')
      const oldCookie = here.refreshCookie!
      expect((await elsewhere.call('userList')).status).toBe(200)

      expect(
        (await here.call('userUpdate', { params: { id: user.id }, body: { password: 'brand-new-pass' } })).status,
      ).toBe(200)
      expect(await elsewhere.call('userList')).toMatchObject({
        status: 401,
        body: { error: 'ERR_SESSION_EXPIRED' },
      })
      expect((await elsewhere.refresh()).status).toBe(401)
      // The session that made the change: its access token still works, its fresh cookie too, the old one not.
      expect((await here.call('userList')).status).toBe(200)
      expect(here.refreshCookie).not.toBe(oldCookie)
      expect((await here.refresh()).status).toBe(200)
      expect((await here.call('userList')).status).toBe(200)

      // An administrator setting the password ends every session of the user.
      expect(
        (await admin.call('userUpdate', { params: { id: user.id }, body: { password: 'reset-by-admin' } })).status,
      ).toBe(200)
      expect((await here.call('userList')).status).toBe(401)
    })

    it("acts on a user's new profile at once, and refuses a deleted user's access token at once", async () => {
      const { user } = await t.addUser(admin, 'Promoted', 'promoted@desk.test')
      const c = await t.signIn('promoted@desk.test')
      // Deleting a user nobody has: only administrators may try (an agent is refused before the lookup).
      const adminOnly = async () => (await c.call('userDelete', { params: { id: 999_999 } })).status
      expect(await adminOnly()).toBe(403)
      const promote = await admin.call('userUpdate', { params: { id: user.id }, body: { profile: 'admin' } })
      expect(promote.status).toBe(200)
      expect(await adminOnly()).toBe(404)
      await admin.call('userUpdate', { params: { id: user.id }, body: { profile: 'user' } })
      expect(await adminOnly()).toBe(403)
      expect((await c.call('userList')).status).toBe(200)
      expect((await admin.call('userDelete', { params: { id: user.id } })).status).toBe(204)
      expect(await c.call('userList')).toMatchObject({ status: 401, body: { error: 'ERR_SESSION_EXPIRED' } })
    })
  })
}

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the default login limit (${driver})`, () => {
    let t: TestServer
    beforeAll(async () => {
      // No limit passed: the server's own defaults.
      t = await startTestServer(driver)
      await bootstrapAdmin(t)
    })
    afterAll(() => t?.close())

    it('lets one address fail 10 times for one e-mail and 30 in all, then answers 429', async () => {
      const c = t.client()
      for (let i = 1; i <= 10; i++) expect((await c.login('admin@desk.test', `wrong-${i}`)).status).toBe(401)
      const limited = await c.login('admin@desk.test', PASSWORD)
      expect(limited).toMatchObject({ status: 429, body: { error: 'ERR_RATE_LIMITED' } })
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)

      // 20 more failures over e-mails that each stay below their own limit: 30 from this address in all.
      for (let i = 1; i <= 20; i++) {
        expect((await c.login(`guess${i % 4}@desk.test`, 'wrong-pass')).status).toBe(401)
      }
      expect(await c.login('fresh@desk.test', 'wrong-pass')).toMatchObject({
        status: 429,
        body: { error: 'ERR_RATE_LIMITED' },
      })
    })
  })
}

describe.skipIf(!pgAvailable || !redisAvailable)('sessions across two server processes (PostgreSQL and Redis)', () => {
  const jobs = { redisUrl: REDIS.href, redisPrefix: `test-sessions-${randomBytes(4).toString('hex')}` }
  let t: TestServer
  let second: DeskServer
  let urlThere = ''

  beforeAll(async () => {
    t = await startTestServer('postgres', { autoCloseHours: 0, jobs })
    const admin = await bootstrapAdmin(t)
    await admin.call('settingUpdate', { params: { key: 'userCreation' }, body: { value: 'enabled' } })
    await t.client().call('signup', { body: { name: 'Agent', email: 'agent@desk.test', password: PASSWORD } })
    ;({ server: second, url: urlThere } = await startSecondServer(t, { jobs }))
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
  })

  /** The same session, its requests sent to the other process. */
  const there = (c: Client) => Object.assign(new Client(urlThere), { token: c.token, refreshCookie: c.refreshCookie })

  it('refuses on one process, at once, the access token of a session ended on the other', async () => {
    const c = await t.signIn('agent@desk.test')
    const elsewhere = there(c)
    // The other process has seen the session live (and remembers it), and holds its socket.
    expect((await elsewhere.call('userList')).status).toBe(200)
    const socket = connectSocket(urlThere, { transports: ['websocket'], reconnection: false, auth: { token: c.token } })
    await new Promise<void>((resolve, reject) => socket.once('connect', () => resolve()).once('connect_error', reject))
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve))
    expect((await c.call('logout')).status).toBe(204)
    await expect.poll(async () => (await elsewhere.call('userList')).status, { interval: 20, timeout: 2000 }).toBe(401)
    expect(await closed).toBe('io server disconnect')
  })

  it("acts on one process on a user's profile changed on the other", async () => {
    const admin = await t.signIn('admin@desk.test')
    const { user } = await t.addUser(admin, 'Promoted', 'promoted@desk.test')
    const elsewhere = there(await t.signIn('promoted@desk.test'))
    const adminOnly = async () => (await elsewhere.call('userDelete', { params: { id: 999_999 } })).status
    // The other process has seen the user as an agent (and remembers it).
    expect(await adminOnly()).toBe(403)
    await admin.call('userUpdate', { params: { id: user.id }, body: { profile: 'admin' } })
    await expect.poll(adminOnly, { interval: 20, timeout: 2000 }).toBe(404)
    await admin.call('userUpdate', { params: { id: user.id }, body: { profile: 'user' } })
    await expect.poll(adminOnly, { interval: 20, timeout: 2000 }).toBe(403)
  })

  it('keeps the session when two refreshes of one cookie reach the two processes together', async () => {
    const sessions = await Promise.all(Array.from({ length: 10 }, () => t.signIn('agent@desk.test')))
    const pairs = await Promise.all(
      sessions.map(async (c) => {
        const tabs = [there(c), Object.assign(new Client(t.url), { refreshCookie: c.refreshCookie })]
        return { tabs, answers: await Promise.all(tabs.map((tab) => tab.refresh())) }
      }),
    )
    for (const { tabs, answers } of pairs) {
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      expect(tabs[1].refreshCookie).toBe(tabs[0].refreshCookie)
      for (const tab of tabs) expect((await tab.call('userList')).status).toBe(200)
    }
  })
})
