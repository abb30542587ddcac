import { readFileSync } from 'node:fs'
import path from 'node:path'
import { SignJWT } from 'jose'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { drivers } from '../support/drivers'
import { bootstrapAdmin, type Client, PASSWORD, startTestServer, type TestServer } from '../support/server'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`auth (${driver})`, () => {
    describe('signup', () => {
      let t: TestServer
      beforeAll(async () => {
        t = await startTestServer(driver)
      })
      afterAll(() => t?.close())

      it('makes the first account admin and, once the admin opens signup, later ones users, whatever profile they ask for', async () => {
        const c = t.client()
        // Open for the first account, without a session; closed once there is an administrator.
        expect(await c.call('signupStatus', { token: null })).toMatchObject({ status: 200, body: { open: true } })
        const first = await c.call('signup', {
          body: {
            name: 'First',
            email: 'First@Desk.test',
            password: PASSWORD,
            profile: 'user',
          },
        })
        expect(first.status).toBe(200)
        expect(first.body).toMatchObject({ name: 'First', email: 'first@desk.test', profile: 'admin', queues: [] })
        expect(first.body).not.toHaveProperty('token')
        expect(first.body).not.toHaveProperty('passwordHash')

        // Signup starts closed once there is an administrator.
        const early = await c.call('signup', {
          body: {
            name: 'Early',
            email: 'early@desk.test',
            password: PASSWORD,
          },
        })
        expect(early).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } })
        expect(await c.call('signupStatus', { token: null })).toMatchObject({ status: 200, body: { open: false } })
        const admin = await t.sessionFor(first.body.id)
        const setting = await admin.call('settingList')
        expect(setting.body.find((s) => s.key === 'userCreation')?.value).toBe('disabled')
        expect(
          (await admin.call('settingUpdate', { params: { key: 'userCreation' }, body: { value: 'enabled' } })).status,
        ).toBe(200)
        expect(await c.call('signupStatus', { token: null })).toMatchObject({ status: 200, body: { open: true } })

        const second = await c.call('signup', {
          body: {
            name: 'Second',
            email: 'second@desk.test',
            password: PASSWORD,
            profile: 'admin',
          },
        })
        expect(second.status).toBe(200)
        expect(second.body.profile).toBe('user')
        expect(c.refreshCookie).toBeUndefined()
      })

      it('refuses a second account with the same e-mail, whatever its case', async () => {
        const res = await t
          .client()
          .call('signup', { body: { name: 'Again', email: 'SECOND@desk.test', password: PASSWORD } })
        expect(res.status).toBe(400)
        expect(res.body.error).toBe('ERR_DUPLICATED_EMAIL')
      })

      it('refuses signup while userCreation is disabled, and stores nothing', async () => {
        const [first] = await t.server.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'first@desk.test')
          .execute()
        const admin = await t.sessionFor(first.id)
        expect(
          (await admin.call('settingUpdate', { params: { key: 'userCreation' }, body: { value: 'disabled' } })).status,
        ).toBe(200)
        const res = await t
          .client()
          .call('signup', { body: { name: 'Late', email: 'late@desk.test', password: PASSWORD } })
        expect(res.status).toBe(403)
        expect(res.body.error).toBe('ERR_USER_CREATION_DISABLED')
        expect((await t.client().login('late@desk.test', PASSWORD)).status).toBe(401)

        expect(
          (await admin.call('settingUpdate', { params: { key: 'userCreation' }, body: { value: 'enabled' } })).status,
        ).toBe(200)
        const again = await t
          .client()
          .call('signup', { body: { name: 'Late', email: 'late@desk.test', password: PASSWORD } })
        expect(again.status).toBe(200)
        expect(again.body.profile).toBe('user')
      })
    })

    it('gives admin to exactly one of several simultaneous first signups; the others find signup closed', async () => {
      const t = await startTestServer(driver)
      try {
        const answers = await Promise.all(
          [1, 2, 3, 4].map((i) =>
            t.client().call('signup', { body: { name: `Racer ${i}`, email: `r${i}@desk.test`, password: PASSWORD } }),
          ),
        )
        expect(answers.map((a) => a.status).sort()).toEqual([200, 403, 403, 403])
        expect(answers.filter((a) => a.body.profile === 'admin')).toHaveLength(1)
      } finally {
        await t.close()
      }
    })

    describe('sessions', () => {
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

      it('answers wrong credentials with 401 ERR_INVALID_CREDENTIALS, known e-mail or not', async () => {
        const wrongPassword = await t.client().login('agent@desk.test', 'not-the-password')
        expect(wrongPassword.status).toBe(401)
        expect(wrongPassword.body.error).toBe('ERR_INVALID_CREDENTIALS')
        const unknown = await t.client().login('nobody@desk.test', PASSWORD)
        expect(unknown.status).toBe(401)
        expect(unknown.body.error).toBe('ERR_INVALID_CREDENTIALS')
        const missing = await t.client().call('login', { body: { email: 'agent@desk.test' } })
        expect(missing.status).toBe(400)
        expect(missing.body.fields).toEqual([{ path: 'password', message: 'validation.required' }])
      })

      it('logs in with {token, user} and an httpOnly, SameSite=Strict refresh cookie on /api/auth', async () => {
        const c = t.client()
        const res = await c.login('Agent@desk.test', PASSWORD)
        expect(res.status).toBe(200)
        expect(res.body.user).toMatchObject({ email: 'agent@desk.test', profile: 'user' })
        expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|\$2[aby]\$/)
        expect(c.lastSetCookie).toMatch(/HttpOnly/)
        expect(c.lastSetCookie).toMatch(/SameSite=Strict/)
        expect(c.lastSetCookie).toMatch(/Path=\/api\/auth/)
        expect(c.lastSetCookie).not.toMatch(/Secure/)
        const [, payload] = res.body.token.split('.')
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString())
        expect(claims).toMatchObject({ id: res.body.user.id, profile: 'user' })
        expect(claims.exp - claims.iat).toBe(15 * 60)
        expect((await c.call('userList')).status).toBe(200)
      })

      it('answers a missing token with 401 and a bad or expired one with 403', async () => {
        const c = t.client()
        const none = await c.call('userList', { token: null })
        expect(none.status).toBe(401)
        expect(none.body.error).toBe('ERR_SESSION_EXPIRED')

        const garbage = await c.call('userList', { token: 'not-a-jwt' })
        expect(garbage.status).toBe(403)
        expect(garbage.body.error).toBe('ERR_SESSION_EXPIRED')

        const secret = readFileSync(path.join(t.storage.dataDir, 'secret.key'), 'utf8')
        const sign = (key: string, exp: string | number, sid?: string) =>
          new SignJWT({ id: 1, profile: 'admin', ...(sid ? { sid } : {}) })
            .setProtectedHeader({ alg: 'HS256' })
            .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
            .setExpirationTime(exp)
            .sign(new TextEncoder().encode(key))
        const expired = await c.call('userList', { token: await sign(secret, Math.floor(Date.now() / 1000) - 60) })
        expect(expired.status).toBe(403)
        const forged = await c.call('userList', { token: await sign('x'.repeat(64), '15m') })
        expect(forged.status).toBe(403)
        // Well signed, but naming no session: nothing could end it, so it is refused too.
        expect((await c.call('userList', { token: await sign(secret, '15m') })).status).toBe(403)
        const { sid } = await t.server.services.auth.verifyAccessToken(admin.token!)
        const valid = await c.call('userList', { token: await sign(secret, '15m', sid) })
        expect(valid.status).toBe(200)
      })

      it('rotates the refresh token and revokes the whole family when an old one comes back', async () => {
        const c = await t.signIn('agent@desk.test')
        const first = c.refreshCookie!
        const refreshed = await c.refresh()
        expect(refreshed.status).toBe(200)
        expect(refreshed.body.user.email).toBe('agent@desk.test')
        const second = c.refreshCookie!
        expect(second).not.toBe(first)
        expect((await c.call('userList', { token: refreshed.body.token })).status).toBe(200)

        // The first token is presented again after the grace window: a thief or a replay. Both copies stop working.
        vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 60_000 })
        c.refreshCookie = first
        const reuse = await c.refresh()
        expect(reuse.status).toBe(401)
        expect(reuse.body.error).toBe('ERR_SESSION_EXPIRED')
        c.refreshCookie = second
        expect((await c.refresh()).status).toBe(401)

        // Other sessions of the same user are untouched.
        const other = await t.signIn('agent@desk.test')
        expect((await other.refresh()).status).toBe(200)
      })

      it('answers a refresh without a cookie, or with an unknown one, with 401', async () => {
        const c = t.client()
        const none = await c.refresh()
        expect(none.status).toBe(401)
        expect(none.body.error).toBe('ERR_SESSION_EXPIRED')
        c.refreshCookie = 'made-up'
        expect((await c.refresh()).status).toBe(401)
      })

      it('logs out: the cookie is cleared and the old refresh token no longer works', async () => {
        const c = await t.signIn('agent@desk.test')
        const kept = c.refreshCookie!
        const out = await c.call('logout')
        expect(out.status).toBe(204)
        expect(c.refreshCookie).toBeUndefined()
        c.refreshCookie = kept
        expect((await c.refresh()).status).toBe(401)
      })

      it('revokes every refresh token of a user whose password changes', async () => {
        const created = await t
          .client()
          .call('signup', { body: { name: 'Changer', email: 'changer@desk.test', password: PASSWORD } })
        const id = created.body.id
        const a = await t.signIn('changer@desk.test')
        const b = await t.signIn('changer@desk.test')

        const changed = await a.call('userUpdate', { params: { id }, body: { password: 'brand-new-pass' } })
        expect(changed.status).toBe(200)
        expect((await b.refresh()).status).toBe(401)
        // The session that changed the password continues with a fresh cookie.
        expect((await a.refresh()).status).toBe(200)
        expect((await t.client().login('changer@desk.test', PASSWORD)).status).toBe(401)
        expect((await t.client().login('changer@desk.test', 'brand-new-pass')).status).toBe(200)

        // An admin resetting someone's password ends all of their sessions.
        expect((await admin.call('userUpdate', { params: { id }, body: { password: 'reset-by-admin' } })).status).toBe(
          200,
        )
        expect((await a.refresh()).status).toBe(401)
      })

      it('ends access for a deleted user at once', async () => {
        const { client, user } = await t.addUser(admin, 'Leaver', 'leaver@desk.test')
        expect((await client.call('userList')).status).toBe(200)
        expect((await admin.call('userDelete', { params: { id: user.id } })).status).toBe(204)
        const after = await client.call('userList')
        expect(after.status).toBe(401)
        expect((await client.refresh()).status).toBe(401)
      })
    })

    describe('login rate limit', () => {
      let t: TestServer
      beforeAll(async () => {
        t = await startTestServer(driver, {
          loginRateLimit: { maxPerIpAndEmail: 3, maxPerIp: 5 },
          trustProxy: true,
        })
        await bootstrapAdmin(t)
      })
      afterAll(() => t?.close())

      it('answers 429 ERR_RATE_LIMITED with Retry-After once an address and e-mail fail too often', async () => {
        const c = t.client()
        for (let i = 0; i < 3; i++) expect((await c.login('admin@desk.test', 'wrong-pass')).status).toBe(401)
        const limited = await c.login('admin@desk.test', PASSWORD)
        expect(limited.status).toBe(429)
        expect(limited.body.error).toBe('ERR_RATE_LIMITED')
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)

        // Another e-mail from the same address still gets through until the per-address limit.
        expect((await c.login('other@desk.test', 'wrong-pass')).status).toBe(401)
        expect((await c.login('other@desk.test', 'wrong-pass')).status).toBe(401)
        expect((await c.login('other@desk.test', 'wrong-pass')).status).toBe(429)

        // Another address is not affected.
        const elsewhere = await c.call('login', {
          body: { email: 'admin@desk.test', password: PASSWORD },
          headers: { 'x-forwarded-for': '203.0.113.9' },
        })
        expect(elsewhere.status).toBe(200)
      })

      it('counts attempts sent together before judging any of them', async () => {
        const c = t.client()
        const attempt = () =>
          c.call('login', {
            body: { email: 'burst@desk.test', password: 'wrong-pass' },
            headers: { 'x-forwarded-for': '203.0.113.20' },
          })
        const statuses = (await Promise.all(Array.from({ length: 8 }, attempt))).map((r) => r.status).sort()
        expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429])
      })

      it('marks the refresh cookie Secure when the request came over https', async () => {
        const c = t.client()
        const res = await c.call('login', {
          body: { email: 'admin@desk.test', password: PASSWORD },
          headers: { 'x-forwarded-for': '203.0.113.10', 'x-forwarded-proto': 'https' },
        })
        expect(res.status).toBe(200)
        expect(c.lastSetCookie).toMatch(/; Secure/)
      })
    })
  })
}
