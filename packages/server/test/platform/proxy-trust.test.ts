import { afterAll, describe, expect, it } from 'vitest'
import { configFromEnv, trustProxyOf } from '../../src/config'
import type { ServerConfig } from '../../src/server-config'
import { drivers } from '../support/drivers'
import { bootstrapAdmin, startTestServer, type TestServer } from '../support/server'
import { createWebChat, PARTNER } from '../support/widget'

/** A wrong password for the admin, with this X-Forwarded-For chain. */
const wrongPassword = (t: TestServer, forwardedFor: string) =>
  t.client().call('login', {
    body: { email: 'admin@desk.test', password: 'wrong-pass' },
    headers: { 'x-forwarded-for': forwardedFor },
  })

/** The statuses of calls made one after another (the login limit counts a failure once it is known). */
const statuses = async (calls: Array<() => Promise<{ status: number }>>) => {
  const seen: number[] = []
  for (const call of calls) seen.push((await call()).status)
  return seen
}

describe('TRUST_PROXY', () => {
  it('reads a hop count, true as one hop, or proxy addresses and ranges; refuses anything else', () => {
    const trust = (value?: string) => configFromEnv({ TRUST_PROXY: value }, '/tmp').trustProxy
    expect([trust(), trust(''), trust('false'), trust('0')]).toEqual([false, false, false, false])
    expect([trust('true'), trust('1'), trust('2')]).toEqual([1, 1, 2])
    expect(trust('10.0.0.1, 10.1.0.0/16,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      'fd00::/8',
      'loopback',
    ])
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '-1'])
      expect(() => trustProxyOf(bad), bad).toThrow(/TRUST_PROXY/)
  })
})

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`client address behind a proxy (${driver})`, () => {
    const servers: TestServer[] = []
    const start = async (config: Partial<ServerConfig>) => {
      const t = await startTestServer(driver, config)
      servers.push(t)
      return { t, admin: await bootstrapAdmin(t) }
    }
    afterAll(async () => {
      await Promise.all(servers.map((t) => t.close()))
    })

    it('with one trusted hop, forged leading X-Forwarded-For entries share the default login limit', async () => {
      // `true` (the legacy value) is one hop: the proxy's own entry, the last one, names the client.
      const { t } = await start({ trustProxy: true })
      const forged = Array.from({ length: 11 }, (_, i) => `198.51.100.${i + 1}, 203.0.113.5`)
      const answers = []
      for (const chain of forged) answers.push(await wrongPassword(t, chain))
      expect(answers.map((a) => a.status)).toEqual([...Array(10).fill(401), 429])
      expect(answers[10]?.body.error).toBe('ERR_RATE_LIMITED')
      // The address the proxy saw is the identity: another one is not limited.
      expect((await wrongPassword(t, '198.51.100.1, 203.0.113.6')).status).toBe(401)
    })

    it('believes two hops when told so, and only peers among the named proxy addresses', async () => {
      const twoHops = await start({ trustProxy: 2, loginRateLimit: { maxPerIpAndEmail: 2 } })
      const chain = (i: number) => `198.51.100.${i}, 203.0.113.7, 10.0.0.2`
      expect(await statuses([1, 2, 3].map((i) => () => wrongPassword(twoHops.t, chain(i))))).toEqual([401, 401, 429])

      // The server's peer (127.0.0.1 here) is the named proxy: the entry it added is the client.
      const named = await start({ trustProxy: ['10.0.0.0/8', '127.0.0.1'], loginRateLimit: { maxPerIpAndEmail: 2 } })
      const viaNamed = (i: number) => `198.51.100.${i}, 10.9.9.9, 203.0.113.8`
      expect(await statuses([1, 2, 3].map((i) => () => wrongPassword(named.t, viaNamed(i))))).toEqual([401, 401, 429])

      // A peer that is not a named proxy is the client, whatever it writes.
      const other = await start({ trustProxy: ['10.0.0.1'], loginRateLimit: { maxPerIpAndEmail: 2 } })
      expect(
        await statuses(['203.0.113.1', '203.0.113.2', '203.0.113.3'].map((ip) => () => wrongPassword(other.t, ip))),
      ).toEqual([401, 401, 429])
    })

    it('counts widget sessions per proxied address, whatever the client prepends', async () => {
      const { t, admin } = await start({ trustProxy: 1, widgetRateLimit: { sessionsPerMinute: 3 } })
      const wc = await createWebChat(admin)
      const session = (chain: string) =>
        t.client().call('widgetSession', {
          params: { connectionId: wc.id },
          body: {},
          headers: { 'x-forwarded-for': chain, origin: PARTNER },
        })
      const answers = []
      for (let i = 1; i <= 4; i++) answers.push(await session(`198.51.100.${i}, 203.0.113.9`))
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429])
      expect(answers[3]?.body.error).toBe('ERR_RATE_LIMITED')
      expect((await session('203.0.113.10')).status).toBe(200)
    })
  })
}
