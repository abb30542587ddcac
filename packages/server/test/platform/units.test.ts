import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Id } from '@desk/api-client'
import { afterAll, describe, expect, it } from 'vitest'
import { configFromEnv, resolveJwtSecret } from '../../src/config'
import { bearerToken } from '../../src/http/auth-guard'
import { createRoomAuthorizer } from '../../src/realtime/rooms'

describe('room authorizer', () => {
  const alice = { id: 7, name: 'Alice', profile: 'user' as const }

  it('validates arguments and admits only what a policy allows', async () => {
    const rooms = createRoomAuthorizer()
    expect(await rooms.authorize(alice, 'notification', undefined)).toBe('notification')
    expect(await rooms.authorize(alice, 'tickets', 'pending')).toBe('tickets:pending')
    expect(await rooms.authorize(alice, 'tickets', 'everything')).toBeNull()
    expect(await rooms.authorize(alice, 'tickets', { $gt: '' })).toBeNull()
    expect(await rooms.authorize(alice, 'chatBox', '12')).toBeNull()
    expect(await rooms.authorize(alice, 'chatBox', 'abc')).toBeNull()
    expect(await rooms.authorize(alice, 'admins', undefined)).toBeNull()
    expect(rooms.roomFor('chatBox', '12')).toBe('ticket:12')
    expect(rooms.roomFor('chatBox', -1)).toBeNull()
  })

  it('lets a feature replace a policy', async () => {
    const rooms = createRoomAuthorizer()
    const visible = new Set([12])
    rooms.define('chatBox', {
      arg: Id,
      room: (id: number) => `ticket:${id}`,
      authorize: (_actor, id: number) => visible.has(id),
    })
    expect(await rooms.authorize(alice, 'chatBox', '12')).toBe('ticket:12')
    expect(await rooms.authorize(alice, 'chatBox', 13)).toBeNull()
  })
})

describe('configuration', () => {
  const dirs: string[] = []
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'desk-config-'))
    dirs.push(dir)
    return dir
  }
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('generates the signing secret once, private to its owner, and keeps it', () => {
    const dir = path.join(tempDir(), 'nested')
    const secret = resolveJwtSecret(dir)
    expect(secret.length).toBeGreaterThanOrEqual(32)
    const file = path.join(dir, 'secret.key')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8')).toBe(secret)
    expect(resolveJwtSecret(dir)).toBe(secret)
    expect(resolveJwtSecret(tempDir())).not.toBe(secret)
  })

  it('uses a configured secret, refusing a short one', () => {
    expect(resolveJwtSecret(tempDir(), 's'.repeat(40))).toBe('s'.repeat(40))
    expect(() => resolveJwtSecret(tempDir(), 'short')).toThrow(/at least 32/)
  })

  it('reads the environment with the documented defaults', () => {
    const config = configFromEnv({}, '/srv/desk')
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: '/srv/desk/data', databaseUrl: undefined })
    expect(config.staticDir).toMatch(/packages[/\\]crm-app[/\\]dist$/)
    const custom = configFromEnv(
      { PORT: '9000', HOST: '127.0.0.1', DATA_DIR: 'store', DATABASE_URL: 'postgres://h/db', APP_DIST: 'web' },
      '/srv/desk',
    )
    expect(custom).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      dataDir: '/srv/desk/store',
      databaseUrl: 'postgres://h/db',
      staticDir: '/srv/desk/web',
    })
    expect(() => configFromEnv({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(configFromEnv({}).publicUrl).toBeUndefined()
    expect(configFromEnv({ PUBLIC_URL: 'https://desk.example.com/' }).publicUrl).toBe('https://desk.example.com')
    expect(configFromEnv({ PUBLIC_URL: 'https://example.com/desk//' }).publicUrl).toBe('https://example.com/desk')
    for (const bad of ['desk.example.com', 'ftp://desk.example.com', 'https://desk.example.com/?a=1']) {
      expect(() => configFromEnv({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/)
    }
  })

  it('reads the prefix of the Redis keys from REDIS_PREFIX, refusing one that would match other keys', () => {
    expect(configFromEnv({}).jobs?.redisPrefix).toBe('desk')
    expect(configFromEnv({ REDIS_PREFIX: ' desk-eu.2:live_ ' }).jobs?.redisPrefix).toBe('desk-eu.2:live_')
    for (const bad of ['desk*', 'desk?', 'desk[a]', 'two words', 'x'.repeat(65)]) {
      expect(() => configFromEnv({ REDIS_PREFIX: bad }), bad).toThrow(/REDIS_PREFIX/)
    }
  })

  it('reads the rate limits and an API on another origin from the environment', () => {
    expect(configFromEnv({}, '/srv/desk')).toMatchObject({
      signupRateLimit: { max: 10 },
      sendRateLimit: { max: 30, burstMax: 10 },
      contentSecurity: { apiOrigin: undefined },
      widgetRateLimit: { newVisitorsPerHour: 30 },
      widgetUploadQuota: { perVisitorBytes: 50 * 2 ** 20, perAddressBytes: 200 * 2 ** 20, perConnectionBytes: 2 ** 31 },
    })
    const custom = configFromEnv(
      {
        SIGNUP_RATE_LIMIT: '3',
        SEND_RATE_LIMIT: '20',
        SEND_RATE_BURST: '0',
        WIDGET_NEW_VISITOR_LIMIT: '5',
        WIDGET_QUOTA_VISITOR: '1000',
        WIDGET_QUOTA_ADDRESS: '0',
        WIDGET_QUOTA_CONNECTION: '9000',
        VITE_API_URL: 'https://api.desk.example/api',
      },
      '/srv/desk',
    )
    expect(custom).toMatchObject({
      signupRateLimit: { max: 3 },
      sendRateLimit: { max: 20, burstMax: 0 },
      widgetRateLimit: { newVisitorsPerHour: 5 },
      widgetUploadQuota: { perVisitorBytes: 1000, perAddressBytes: 0, perConnectionBytes: 9000 },
      contentSecurity: { apiOrigin: 'https://api.desk.example' },
    })
    expect(configFromEnv({ VITE_API_URL: '/api' }).contentSecurity?.apiOrigin).toBeUndefined()
    expect(() => configFromEnv({ SEND_RATE_LIMIT: '-1' })).toThrow(/SEND_RATE_LIMIT/)
    expect(() => configFromEnv({ SIGNUP_RATE_LIMIT: 'lots' })).toThrow(/SIGNUP_RATE_LIMIT/)
  })

  it('reads the refresh grace window from the environment', () => {
    expect(configFromEnv({}).refreshGraceSeconds).toBe(30)
    expect(configFromEnv({ REFRESH_GRACE_SECONDS: '5' }).refreshGraceSeconds).toBe(5)
    expect(configFromEnv({ REFRESH_GRACE_SECONDS: '0' }).refreshGraceSeconds).toBe(0)
    expect(() => configFromEnv({ REFRESH_GRACE_SECONDS: 'soon' })).toThrow(/REFRESH_GRACE_SECONDS/)
  })

  it('reads bearer tokens', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def')
    expect(bearerToken('bearer  abc')).toBe('abc')
    expect(bearerToken('Basic abc')).toBeUndefined()
    expect(bearerToken(undefined)).toBeUndefined()
  })
})
