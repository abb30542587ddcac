/**
 * The hardened edges: security headers, signup closed by default and limited per address,
 * sends limited per user, limits counted in the database (shared by several processes), and
 * access tokens without an expiry refused.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveJwtSecret } from '../../src/config'
import { type Database, migrateTo, migrateToLatest, openDatabase } from '../../src/db'
import { createHttpApp } from '../../src/http/app'
import { frameableBy } from '../../src/http/security-headers'
import { createServer } from '../../src/index'
import { createRateLimiter } from '../../src/modules/rate-limits/limiter'
import { createDatabaseRateLimitStore } from '../../src/modules/rate-limits/repository'
import { startTwoAgentDesk } from '../support/desk'
import { createStorage, drivers, type TestStorage } from '../support/drivers'
import {
  apiPath,
  bootstrapAdmin,
  Client,
  NOT_A_ROUTE,
  PASSWORD,
  startTestServer,
  type TestServer,
} from '../support/server'

/** A built app of one page, enough for the server to serve `/` and client routes. */
const appDir = mkdtempSync(path.join(tmpdir(), 'desk-edges-app-'))
mkdirSync(path.join(appDir, 'assets'))
writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>LimeDesk</title><div id="root"></div>')
writeFileSync(path.join(appDir, 'assets', 'app.js'), 'console.log(1)')
afterAll(() => rmSync(appDir, { recursive: true, force: true }))

/** The directives of a Content-Security-Policy header, by name. */
const csp = (header: string | null) =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name, values]),
  )

const expectAppHeaders = (headers: Headers, host: string) => {
  const policy = csp(headers.get('content-security-policy'))
  expect(policy['default-src']).toEqual(["'self'"])
  expect(policy['script-src']).toEqual(["'self'"])
  expect(policy['script-src-attr']).toEqual(["'none'"])
  expect(policy['object-src']).toEqual(["'none'"])
  expect(policy['style-src']).not.toContain("'unsafe-inline'")
  expect(policy['connect-src']).toEqual(["'self'", `ws://${host}`, `wss://${host}`])
  expect(policy['img-src']).toEqual(["'self'", 'data:', 'blob:'])
  expect(policy['media-src']).toEqual(["'self'", 'data:', 'blob:'])
  expect(policy['worker-src']).toEqual(["'self'"])
  expect(policy['frame-ancestors']).toEqual(["'none'"])
  expect(policy).not.toHaveProperty('upgrade-insecure-requests')
  expect(headers.get('x-frame-options')).toBe('DENY')
  expect(headers.get('x-content-type-options')).toBe('nosniff')
  expect(headers.get('referrer-policy')).toBe('same-origin')
  const permissions = headers.get('permissions-policy') ?? ''
  expect(permissions).toContain('microphone=(self)')
  expect(permissions).toContain('camera=()')
  expect(permissions).toContain('geolocation=()')
}

describe('security header seams', () => {
  it('lets one route be framed by named sites while the rest stay unframeable', async () => {
    const app = createHttpApp({ staticDir: appDir })
    app.register(async (scope) => {
      scope.get(
        '/embed/widget',
        { config: { securityHeaders: frameableBy(['https://shop.example']) } },
        async () => 'widget',
      )
      scope.get('/plain', async () => 'plain')
    })
    try {
      const embed = await app.inject({ url: '/embed/widget', headers: { host: 'desk.example' } })
      expect(csp(embed.headers['content-security-policy'] as string)['frame-ancestors']).toEqual([
        'https://shop.example',
      ])
      expect(embed.headers['x-frame-options']).toBeUndefined()
      expect(embed.headers['permissions-policy']).toContain('microphone=(self)')
      const plain = await app.inject({ url: '/plain', headers: { host: 'desk.example' } })
      expect(csp(plain.headers['content-security-policy'] as string)['frame-ancestors']).toEqual(["'none'"])
      expect(plain.headers['x-frame-options']).toBe('DENY')
    } finally {
      await app.close()
    }
  })

  it("writes each answer's policy for its own Host and the framed origins of the moment", async () => {
    let framed: string[] = []
    const frameOrigins = { current: () => framed, refresh: async () => {} }
    const app = createHttpApp({ staticDir: appDir, contentSecurity: { frameOrigins } })
    app.register(async (scope) => {
      scope.get('/plain', async () => 'plain')
    })
    const policyFor = async (host: string) =>
      csp((await app.inject({ url: '/plain', headers: { host } })).headers['content-security-policy'] as string)
    try {
      // More hosts than the headers are kept for, each asked twice: every answer names its own.
      const hosts = Array.from({ length: 70 }, (_, i) => `desk${i}.example`)
      for (const host of [...hosts, ...hosts.slice().reverse()]) {
        expect((await policyFor(host))['connect-src']).toEqual(["'self'", `ws://${host}`, `wss://${host}`])
      }
      expect((await policyFor('desk0.example'))['frame-src']).toEqual(["'none'"])
      framed = ['https://chat.example']
      expect((await policyFor('desk0.example'))['frame-src']).toEqual(['https://chat.example'])
      framed = []
      expect((await policyFor('desk0.example'))['frame-src']).toEqual(["'none'"])
      const res = await app.inject({ url: '/plain', headers: { host: 'desk0.example' } })
      expect(res.headers['x-powered-by']).toBeUndefined()
      expect(res.headers['x-frame-options']).toBe('DENY')
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000')
    } finally {
      await app.close()
    }
  })

  it('allows an API on another origin for requests, its socket and its media', async () => {
    const app = createHttpApp({ staticDir: appDir, contentSecurity: { apiOrigin: 'https://api.desk.example' } })
    try {
      const res = await app.inject({ url: '/', headers: { host: 'desk.example' } })
      const policy = csp(res.headers['content-security-policy'] as string)
      expect(policy['connect-src']).toEqual([
        "'self'",
        'ws://desk.example',
        'wss://desk.example',
        'https://api.desk.example',
        'wss://api.desk.example',
      ])
      expect(policy['img-src']).toContain('https://api.desk.example')
      expect(policy['media-src']).toContain('https://api.desk.example')
      expect(policy['script-src']).toEqual(["'self'"])
      // A forged Host header adds nothing to the policy.
      const forged = await app.inject({ url: '/', headers: { host: "evil.example; script-src 'unsafe-inline'" } })
      expect(csp(forged.headers['content-security-policy'] as string)['script-src']).toEqual(["'self'"])
      expect(csp(forged.headers['content-security-policy'] as string)['connect-src']).not.toContain('evil.example')
    } finally {
      await app.close()
    }
  })
})

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`hardened edges (${driver})`, () => {
    describe('headers, signup and tokens', () => {
      let t: TestServer
      let admin: Client
      let host: string
      beforeAll(async () => {
        t = await startTestServer(driver, { staticDir: appDir, signupRateLimit: { max: 4 }, trustProxy: true })
        host = new URL(t.url).host
        admin = await bootstrapAdmin(t)
      })
      afterAll(() => t?.close())

      it('sends the security headers with the app, its client routes, its files and the API', async () => {
        for (const url of ['/', '/tickets/12', '/assets/app.js', apiPath('health'), NOT_A_ROUTE]) {
          const res = await fetch(`${t.url}${url}`)
          expect(res.status, url).toBe(url === NOT_A_ROUTE ? 404 : 200)
          expectAppHeaders(res.headers, host)
        }
        const users = await admin.call('userList')
        expectAppHeaders(users.headers, host)
        const refused = await t.client().call('userList')
        expect(refused.status).toBe(401)
        expectAppHeaders(refused.headers, host)
      })

      it("sends the security headers with socket.io's polling answers, its handshake and its refusals", async () => {
        const expectSocketHeaders = (headers: Headers, what: string) => {
          const policy = csp(headers.get('content-security-policy'))
          expect(policy['default-src'], what).toEqual(["'none'"])
          expect(policy['frame-ancestors'], what).toEqual(["'none'"])
          expect(headers.get('x-content-type-options'), what).toBe('nosniff')
          expect(headers.get('x-frame-options'), what).toBe('DENY')
          expect(headers.get('referrer-policy'), what).toBe('same-origin')
          expect(headers.get('cross-origin-resource-policy'), what).toBe('same-origin')
          expect(headers.get('permissions-policy'), what).toContain('camera=()')
        }
        const polling = `${t.url}/socket.io/?EIO=4&transport=polling`
        const handshake = await fetch(polling)
        expect(handshake.status).toBe(200)
        expectSocketHeaders(handshake.headers, 'handshake')
        const sid = (JSON.parse((await handshake.text()).slice(1)) as { sid: string }).sid
        // The session's next poll (the server's CONNECT refusal: no token) and a POST to it.
        const poll = await fetch(`${polling}&sid=${sid}`, { method: 'POST', body: '40' })
        expect(poll.status).toBe(200)
        expectSocketHeaders(poll.headers, 'post')
        const answer = await fetch(`${polling}&sid=${sid}`)
        expect(answer.status).toBe(200)
        expectSocketHeaders(answer.headers, 'poll')
        const refused = await fetch(`${t.url}/socket.io/?EIO=4&transport=carrier-pigeon`)
        expect(refused.status).toBe(400)
        expectSocketHeaders(refused.headers, 'refusal')
      })

      it('keeps signup closed once the first administrator exists, until the administrator opens it', async () => {
        const settings = await admin.call('settingList')
        expect(settings.body.find((s) => s.key === 'userCreation')?.value).toBe('disabled')
        const stranger = await t.client().call('signup', {
          body: { name: 'Stranger', email: 'stranger@desk.test', password: PASSWORD },
          headers: { 'x-forwarded-for': '198.51.100.1' },
        })
        expect(stranger).toMatchObject({ status: 403, body: { error: 'ERR_USER_CREATION_DISABLED' } })
        expect((await t.client().login('stranger@desk.test', PASSWORD)).status).toBe(401)

        expect(
          (await admin.call('settingUpdate', { params: { key: 'userCreation' }, body: { value: 'enabled' } })).status,
        ).toBe(200)
        const welcome = await t.client().call('signup', {
          body: { name: 'Stranger', email: 'stranger@desk.test', password: PASSWORD },
          headers: { 'x-forwarded-for': '198.51.100.1' },
        })
        expect(welcome.status).toBe(200)
        expect(welcome.body.profile).toBe('user')
      })

      it('answers 429 ERR_RATE_LIMITED with Retry-After past the signup limit of an address, whatever the outcome', async () => {
        const from = (ip: string, i: number) =>
          t.client().call('signup', {
            body: { name: `Flood ${i}`, email: i % 2 ? `flood${i}@desk.test` : 'not-an-email', password: PASSWORD },
            headers: { 'x-forwarded-for': ip },
          })
        const answers = []
        for (let i = 0; i < 6; i++) answers.push(await from('198.51.100.7', i))
        expect(answers.map((a) => a.status)).toEqual([400, 200, 400, 200, 429, 429])
        expect(answers[4].body.error).toBe('ERR_RATE_LIMITED')
        const wait = Number(answers[4].headers.get('retry-after'))
        expect(wait).toBeGreaterThan(14 * 60)
        expect(wait).toBeLessThanOrEqual(15 * 60)
        // Nothing was created past the limit; another address still signs up.
        expect((await t.client().login('flood5@desk.test', PASSWORD)).status).toBe(401)
        expect((await from('198.51.100.8', 7)).status).toBe(200)
      })

      it('refuses an access token without an expiry, signed with the real secret, on HTTP and on the socket', async () => {
        const me = await t.server.db
          .selectFrom('users')
          .select('id')
          .where('profile', '=', 'admin')
          .executeTakeFirstOrThrow()
        const secret = resolveJwtSecret(t.storage.dataDir)
        // Both name a live session of the admin's (a token without one is refused anyway).
        const { sid } = await t.server.services.auth.verifyAccessToken(
          (await t.server.services.auth.startSession(await t.server.services.users.get(me.id))).token,
        )
        const forever = await new SignJWT({ id: me.id, profile: 'admin', sid })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(me.id))
          .setIssuedAt()
          .sign(new TextEncoder().encode(secret))
        // The same claims with an expiry are accepted, so only the missing `exp` is refused.
        const expiring = await new SignJWT({ id: me.id, profile: 'admin', sid })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode(secret))
        expect((await t.client().call('userList', { token: expiring })).status).toBe(200)

        const res = await t.client().call('userList', { token: forever })
        expect(res).toMatchObject({ status: 403, body: { error: 'ERR_SESSION_EXPIRED' } })
        // Asked twice: a refused token is not remembered as verified.
        expect((await t.client().call('userList', { token: forever })).status).toBe(403)
        await expect(t.socket(forever)).rejects.toThrow('ERR_SESSION_EXPIRED')
        await expect(t.socket(forever, 'query')).rejects.toThrow('ERR_SESSION_EXPIRED')
        const good = await t.socket(expiring)
        expect(good.connected).toBe(true)
      })
    })

    describe('sends', () => {
      let desk: Awaited<ReturnType<typeof startTwoAgentDesk>>
      beforeAll(async () => {
        desk = await startTwoAgentDesk(driver, {
          alice: ['sales'],
          bob: ['sales'],
          config: { sendRateLimit: { max: 5, burstMax: 3, burstWindowMs: 60_000 } },
        })
      })
      afterAll(() => desk?.t.close())

      it('answers 429 ERR_RATE_LIMITED with Retry-After past a user’s send limit, and only for that user', async () => {
        const { alice, admin, sim } = desk
        const { ticketId } = await sim.inbound({ from: '5511900000099', name: 'Rita', body: 'Hi' })
        await alice.client.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
        const answers = []
        for (let i = 0; i < 5; i++)
          answers.push(await alice.client.call('messageSend', { params: { ticketId }, body: { body: `m${i}` } }))
        expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429])
        expect(answers[3].body.error).toBe('ERR_RATE_LIMITED')
        expect(Number(answers[3].headers.get('retry-after'))).toBeGreaterThan(0)
        // Refused sends reach nobody.
        const sent = (await sim.outbox('5511900000099')).filter((e) => e.kind !== 'read').map((e) => e.body)
        expect(sent).toEqual(['m0', 'm1', 'm2'])
        // Another user's counter is their own.
        expect(
          (await admin.call('messageSend', { params: { ticketId }, body: { body: 'from the admin' } })).status,
        ).toBe(200)
      })
    })

    describe('counters in the database', () => {
      let storage: TestStorage
      beforeAll(async () => {
        storage = await createStorage(driver)
      })
      afterAll(() => storage?.cleanup())

      it('shares a signup limit between two servers on one database', async () => {
        const config = {
          dataDir: storage.dataDir,
          databaseUrl: storage.databaseUrl,
          port: 0,
          host: '127.0.0.1',
          signupRateLimit: { max: 3 },
        }
        const a = createServer(config)
        const b = createServer(config)
        try {
          const [urlA, urlB] = [(await a.listen()).url, (await b.listen()).url]
          const signup = async (url: string, i: number) =>
            (
              await new Client(url).call('signup', {
                body: {
                  name: `P ${i}`,
                  email: `p${i}@desk.test`,
                  password: PASSWORD,
                },
              })
            ).status
          expect([await signup(urlA, 1), await signup(urlB, 2), await signup(urlA, 3)]).toEqual([200, 403, 403])
          expect(await signup(urlB, 4)).toBe(429)
          expect(await signup(urlA, 5)).toBe(429)
        } finally {
          await a.close()
          await b.close()
        }
      })

      it('restarts a window once it ends, and sweeps ended windows', async () => {
        const database = openDatabase(storage)
        try {
          await migrateToLatest(database.db)
          let now = Date.parse('2026-01-01T00:00:00Z')
          const limiter = createRateLimiter(createDatabaseRateLimitStore(database.db), () => now)
          const key = { key: 'test:window', limit: { windowMs: 60_000, max: 2 } }
          expect(await limiter.consume([key])).toBe(0)
          expect(await limiter.consume([key])).toBe(0)
          expect(await limiter.consume([key])).toBe(60)
          now += 45_000
          expect(await limiter.consume([key])).toBe(15)
          expect(await limiter.check([key])).toBe(15)
          now += 15_000
          expect(await limiter.check([key])).toBe(0)
          expect(await limiter.consume([key])).toBe(0)
          // Off (max 0): nothing is counted or refused.
          const off = { key: 'test:off', limit: { windowMs: 60_000, max: 0 } }
          for (let i = 0; i < 3; i++) expect(await limiter.consume([off])).toBe(0)
          now += 60_000
          expect(await limiter.sweep()).toBeGreaterThanOrEqual(1)
          const left = await database.db
            .selectFrom('rate_limits')
            .select('key')
            .where('key', 'like', 'test:%')
            .execute()
          expect(left).toEqual([])
        } finally {
          await database.destroy()
        }
      })
    })

    describe('migration 0008 on an existing database', () => {
      const upTo0005 = (database: Database) => migrateTo(database.db, '0005_ticket_search')
      const userCreationAfter = async (change?: (database: Database) => Promise<void>) => {
        const storage = await createStorage(driver)
        const database = openDatabase(storage)
        try {
          await upTo0005(database)
          await change?.(database)
          await migrateToLatest(database.db)
          return (
            await database.db
              .selectFrom('settings')
              .select('value')
              .where('key', '=', 'userCreation')
              .executeTakeFirst()
          )?.value
        } finally {
          await database.destroy()
          await storage.cleanup()
        }
      }

      it('closes signup that nobody ever opened on purpose, and keeps a value an administrator chose', async () => {
        expect(await userCreationAfter()).toBe('disabled')
        const chosen = (value: string) => async (database: Database) => {
          await database.db
            .updateTable('settings')
            .set({ value, updatedAt: new Date(Date.now() + 1000).toISOString() })
            .where('key', '=', 'userCreation')
            .execute()
        }
        expect(await userCreationAfter(chosen('enabled'))).toBe('enabled')
        expect(await userCreationAfter(chosen('disabled'))).toBe('disabled')
      })
    })
  })
}
