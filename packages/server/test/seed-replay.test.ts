import type { User } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_CALLS, type SeedState } from './seed-replay/calls'
import { SeedClient } from './seed-replay/seed-client'
import { connectSimulator } from './support/desk'
import { drivers } from './support/drivers'
import { bootstrapAdmin, startTestServer, type TestServer } from './support/server'

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
      t = await startTestServer(driver, { simulator: { qrRefreshMs: 0 }, autoCloseHours: 0 })
      // The desk the seed's client finds: an administrator, a paired connection whose phone book
      // holds one contact, and a customer who has just written.
      const admin = await bootstrapAdmin(t)
      const sim = await connectSimulator(admin, { name: 'Main line' })
      await admin.put(`/api/simulator/${sim.id}/phonebook`, {
        contacts: [{ name: 'Phone Friend', number: '5511977770001' }],
      })
      const { ticketId } = await sim.inbound({ from: CUSTOMER, name: 'Maria', body: 'Hello, I need help' })
      const me = await admin.get<User>('/api/users/1')
      Object.assign(state, {
        t,
        client: new SeedClient(t),
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
          const answer = await state.client.send(request)
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
  })
}
