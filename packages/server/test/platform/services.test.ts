import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, migrateToLatest, openDatabase } from '../../src/db'
import { migrations } from '../../src/db/migrations'
import { createSessionLiveness } from '../../src/modules/auth/liveness'
import { createAuthService } from '../../src/modules/auth/service'
import { createRateLimiter } from '../../src/modules/rate-limits/limiter'
import { createDatabaseRateLimitStore } from '../../src/modules/rate-limits/repository'
import { createRateLimits } from '../../src/modules/rate-limits/service'
import { createSettingsService } from '../../src/modules/settings/service'
import type { Actor } from '../../src/modules/users/repository'
import { createUsersService, makeAdmin } from '../../src/modules/users/service'
import { recordingPublisher } from '../../src/realtime/publisher'
import { createStorage, drivers, type TestStorage } from '../support/drivers'

const PASSWORD = 'secret-pass'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`services without HTTP (${driver})`, () => {
    let storage: TestStorage
    let database: Database
    const recorder = recordingPublisher()
    let auth: ReturnType<typeof createAuthService>
    let users: ReturnType<typeof createUsersService>
    let settings: ReturnType<typeof createSettingsService>
    let admin: Actor
    let agent: Actor

    beforeAll(async () => {
      storage = await createStorage(driver)
      database = openDatabase(storage)
      expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations))
      expect(await migrateToLatest(database.db)).toEqual([])
      const deps = { db: database.db, publisher: recorder.publisher }
      auth = createAuthService({
        ...deps,
        secret: 'k'.repeat(40),
        loginLimits: createRateLimits(createRateLimiter(createDatabaseRateLimitStore(database.db)), {
          login: { windowMs: 60_000, maxPerIp: 100, maxPerIpAndEmail: 100 },
          signup: { windowMs: 60_000, max: 0 },
          send: { windowMs: 60_000, max: 0, burstWindowMs: 10_000, burstMax: 0 },
        }).login,
        liveness: createSessionLiveness({ db: database.db, cacheMs: 0 }),
        accessTtlSeconds: 900,
        refreshTtlSeconds: 3600,
        // A rotated token is reuse at once here; the grace window has its own tests (auth/auth.test.ts).
        refreshGraceSeconds: 0,
      })
      users = createUsersService(deps)
      settings = createSettingsService(deps)
    })
    afterAll(async () => {
      await database?.destroy()
      await storage?.cleanup()
    })

    it('signup: first admin, then nothing until the admin enables creation, then users', async () => {
      const first = await auth.signup({ name: 'Root', email: 'root@desk.test', password: PASSWORD })
      expect(first.profile).toBe('admin')
      admin = { id: first.id, name: first.name, profile: 'admin' }
      await expect(auth.signup({ name: 'Early', email: 'early@desk.test', password: PASSWORD })).rejects.toMatchObject({
        code: 'ERR_USER_CREATION_DISABLED',
        status: 403,
      })
      await settings.update(admin, 'userCreation', 'enabled')
      const second = await auth.signup({ name: 'Agent', email: 'agent@desk.test', password: PASSWORD })
      expect(second.profile).toBe('user')
      agent = { id: second.id, name: second.name, profile: 'user' }
      expect(recorder.events.filter((e) => e.kind === 'user')).toHaveLength(2)

      await settings.update(admin, 'userCreation', 'disabled')
      await expect(auth.signup({ name: 'Late', email: 'late@desk.test', password: PASSWORD })).rejects.toMatchObject({
        code: 'ERR_USER_CREATION_DISABLED',
        status: 403,
      })
      await settings.update(admin, 'userCreation', 'enabled')
    })

    it('sessions: an access token names the user and its session; a refresh token works once', async () => {
      const session = await auth.login({ email: 'agent@desk.test', password: PASSWORD }, '10.0.0.1')
      const { sid } = await auth.verifyAccessToken(session.token)
      expect(await auth.verifyAccessToken(session.token)).toEqual({ id: agent.id, profile: 'user', sid })
      expect(await auth.authenticate(session.token)).toEqual({ ...agent, sessionId: sid })
      expect(await auth.sessionLive(sid!)).toBe(true)
      const rotated = await auth.refresh(session.refreshToken)
      // The session keeps its name across rotations, and ends with its refresh token's reuse.
      expect((await auth.verifyAccessToken(rotated.token)).sid).toBe(sid)
      await expect(auth.refresh(session.refreshToken)).rejects.toMatchObject({
        code: 'ERR_SESSION_EXPIRED',
        status: 401,
      })
      await expect(auth.refresh(rotated.refreshToken)).rejects.toMatchObject({ status: 401 })
      expect(await auth.sessionLive(sid!)).toBe(false)
      await expect(auth.authenticate(undefined)).rejects.toMatchObject({ status: 401 })
      await expect(auth.authenticate('x.y.z')).rejects.toMatchObject({ status: 403 })
    })

    it('users: permissions and the last-admin rule live in the service', async () => {
      await expect(
        users.create(agent, { name: 'Eve', email: 'eve@desk.test', password: PASSWORD, profile: 'user', queueIds: [] }),
      ).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' })
      await expect(users.update(agent, admin.id, { name: 'Hacked' })).rejects.toMatchObject({
        code: 'ERR_NO_PERMISSION',
      })
      await expect(users.update(agent, agent.id, { profile: 'admin' })).rejects.toMatchObject({
        code: 'ERR_NO_PERMISSION',
      })
      await expect(users.remove(agent, admin.id)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' })
      const own = await users.update(agent, agent.id, { name: 'Agent Two', profile: 'user' })
      expect(own.user.name).toBe('Agent Two')
      expect(own.ownPasswordChanged).toBe(false)

      await expect(users.remove(admin, admin.id)).rejects.toMatchObject({ code: 'ERR_LAST_ADMIN', status: 400 })
      await expect(users.update(admin, admin.id, { profile: 'user' })).rejects.toMatchObject({ code: 'ERR_LAST_ADMIN' })
      await expect(users.get(999_999)).rejects.toMatchObject({ code: 'ERR_NO_USER_FOUND', status: 404 })

      recorder.events.length = 0
      await users.remove(admin, agent.id)
      expect(recorder.events).toEqual([{ kind: 'user', event: { action: 'delete', userId: agent.id } }])
      await expect(users.get(agent.id)).rejects.toMatchObject({ status: 404 })
    })

    it('settings: admin-only, known keys, allowed values; the token stays with admins', async () => {
      await expect(settings.update(agent, 'call', 'enabled')).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' })
      await expect(settings.update(admin, 'nope', 'enabled')).rejects.toMatchObject({ code: 'ERR_NO_SETTING_FOUND' })
      await expect(settings.update(admin, 'call', 'sometimes')).rejects.toMatchObject({
        code: 'ERR_VALIDATION',
        fields: [{ path: 'value', message: 'validation.invalid' }],
      })
      expect((await settings.list(agent)).map((s) => s.key)).not.toContain('userApiToken')
      expect((await settings.list(admin)).map((s) => s.key)).toContain('userApiToken')
      recorder.events.length = 0
      const token = await settings.update(admin, 'userApiToken', 'regenerate')
      expect(token.value).not.toBe('regenerate')
      expect(recorder.events).toEqual([{ kind: 'settings', setting: token }])
    })

    it('makeAdmin creates, promotes and updates, checking its input', async () => {
      const created = await makeAdmin(database.db, { email: 'Ops@Desk.test', name: 'Ops', password: PASSWORD })
      expect(created).toMatchObject({ action: 'created', user: { email: 'ops@desk.test', profile: 'admin' } })
      await auth.signup({ name: 'Later', email: 'later@desk.test', password: PASSWORD })
      const promoted = await makeAdmin(database.db, { email: 'later@desk.test' })
      expect(promoted.action).toBe('promoted')
      expect((await users.get(promoted.user.id)).profile).toBe('admin')
      const updated = await makeAdmin(database.db, { email: 'later@desk.test', name: 'Later Admin' })
      expect(updated).toMatchObject({ action: 'updated', user: { name: 'Later Admin', profile: 'admin' } })
      await expect(makeAdmin(database.db, { email: 'new@desk.test' })).rejects.toThrow(/--name and --password/)
      await expect(makeAdmin(database.db, { email: 'not-an-email', name: 'X y', password: PASSWORD })).rejects.toThrow()
      await expect(
        makeAdmin(database.db, { email: 'short@desk.test', name: 'Shorty', password: '123' }),
      ).rejects.toThrow()
    })
  })
}
