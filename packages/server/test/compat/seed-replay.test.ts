import type { User } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectSimulator } from '../support/desk'
import { drivers } from '../support/drivers'
import { bootstrapAdmin, startTestServer, type TestServer } from '../support/server'
import { SEED_CALLS, type SeedState } from './seed-replay/calls'
import { SEED_PUBLIC_URL, SeedClient } from './seed-replay/seed-client'

/**
 * The seed system's own agent front end, replayed call by call against the real server: every
 * HTTP call of spec 000 §7, sent as that client sends it, must answer what that client reads.
 * The calls run in order on one desk (each builds on the ones before), once per database.
 */

const CUSTOMER = '5511988880001'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`${SEED_CALLS.length} seed calls replayed (${driver})`, () => {
    let t: TestServer
    const state = {} as SeedState
    let broken: string | undefined

    beforeAll(async () => {
      t = await startTestServer(driver, {
        simulator: { qrRefreshMs: 0 },
        autoCloseHours: 0,
        // The seed's client joins relative addresses to its API root: media addresses must be absolute.
        publicUrl: SEED_PUBLIC_URL,
      })
      // The desk the seed's client finds: an administrator, a paired connection whose phone book
      // holds one contact, and a customer who has just written.
      const admin = await bootstrapAdmin(t)
      const sim = await connectSimulator(admin, { name: 'Main line' })
      await admin.put(`/api/simulator/${sim.id}/phonebook`, {
        contacts: [{ name: 'Phone Friend', number: '5511977770001' }],
      })
      const { ticketId } = await sim.inbound({ from: CUSTOMER, name: 'Maria', body: 'Hello, I need help' })
      const me = await admin.get<User>('/api/users/1')
      state.adminToken = admin.token
      Object.assign(state, {
        t,
        client: new SeedClient(t),
        agent: new SeedClient(t),
        sim: { id: sim.id },
        customer: { ticketId: ticketId!, number: CUSTOMER },
        admin: me.body,
        ids: {},
        kept: {},
      } satisfies SeedState)
    })
    afterAll(async () => {
      t?.server.app.server.closeAllConnections()
      await t?.close()
    })

    for (const seed of SEED_CALLS) {
      it(seed.call, async () => {
        // Each call builds on the ones before: after a failure the rest would only repeat it.
        if (broken) expect.fail(`not replayed: "${broken}" failed before it`)
        try {
          const request = seed.request(state)
          const answer = await (request.asAgent ? state.agent : state.client).send(request)
          expect(
            answer.status,
            `${request.method} ${state.client.address(request)} → ${JSON.stringify(answer.body)}`,
          ).toBe(seed.status)
          await seed.reads?.(answer.body, state, answer)
        } catch (error) {
          broken = seed.call
          throw error
        }
      })
    }

    // The seed's forms widen what is accepted, and no further: other values still answer 400.
    describe('and no further', () => {
      it.each([
        ['GET', '/tickets?showAll=yes', undefined, 'showAll'],
        ['GET', '/tickets?withUnreadMessages=2', undefined, 'withUnreadMessages'],
        ['GET', '/tickets?date=2026-11-24T25:00:00Z', undefined, 'date'],
        ['GET', '/tickets?date=2026-02-30T10:00:00Z', undefined, 'date'],
        ['GET', '/tickets?date=tomorrow', undefined, 'date'],
        [
          'POST',
          '/users',
          { name: 'Nina', email: 'nina@desk.test', password: 'nina-pass', whatsappId: 'none' },
          'whatsappId',
        ],
        ['PUT', '/users/1', { whatsappId: true }, 'whatsappId'],
        ['PUT', '/whatsapp/1', { isDefault: 'maybe' }, 'isDefault'],
        ['POST', '/messages/1', { read: 'maybe', fromMe: true, mediaUrl: '', body: 'x' }, 'read'],
      ] as const)('still refuses %s %s with 400 on the field', async (method, path, body, field) => {
        const answer = await state.client.http.request<{ error: string; fields: Array<{ path: string }> }>(
          method,
          `/api${path}`,
          { body, token: state.adminToken },
        )
        expect(answer.status).toBe(400)
        expect(answer.body.error).toBe('ERR_VALIDATION')
        expect(answer.body.fields.map((f) => f.path)).toEqual([field])
      })
    })
  })
}
