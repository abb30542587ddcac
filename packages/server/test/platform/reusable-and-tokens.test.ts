import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { reusableQuery } from '../../src/db/reusable'
import { drivers } from '../support/drivers'
import { startTestServer, type TestServer } from '../support/server'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`compiled-once queries and remembered tokens (${driver})`, () => {
    let t: TestServer

    beforeAll(async () => {
      t = await startTestServer(driver)
    })
    afterAll(() => t?.close())
    afterEach(() => {
      vi.useRealTimers()
    })

    it('runs a reused query with each call’s values, constants kept', async () => {
      const now = new Date().toISOString()
      await t.server.db
        .insertInto('queues')
        .values([
          { name: 'One', color: '#000001', greetingMessage: 'a', createdAt: now, updatedAt: now },
          { name: 'Two', color: '#000002', greetingMessage: null, createdAt: now, updatedAt: now },
        ])
        .execute()
      const byName = reusableQuery(['name'], (db, p) =>
        db.selectFrom('queues').select(['name', 'color']).where('name', '=', p.name).where('color', 'like', '#%'),
      )
      expect(await byName(t.server.db, { name: 'One' })).toEqual([{ name: 'One', color: '#000001' }])
      expect(await byName(t.server.db, { name: 'Two' })).toEqual([{ name: 'Two', color: '#000002' }])
      expect(await byName(t.server.db, { name: 'Three' })).toEqual([])
      // Inside a transaction too.
      const inside = await t.server.db.transaction().execute((trx) => byName(trx, { name: 'Two' }))
      expect(inside).toHaveLength(1)
    })

    it('never reads another transaction’s unfinished writes: outside it, a reused query waits for its end', async () => {
      const now = new Date().toISOString()
      const named = reusableQuery(['name'], (db, p) =>
        db.selectFrom('queues').select('name').where('name', '=', p.name),
      )
      let inserted!: () => void
      const written = new Promise<void>((resolve) => {
        inserted = resolve
      })
      // A transaction that writes, then waits on something else (a later turn of the event loop), then fails.
      const failing = t.server.db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('queues')
            .values({ name: 'Undone', color: '#000003', greetingMessage: null, createdAt: now, updatedAt: now })
            .execute()
          inserted()
          await new Promise((resolve) => setTimeout(resolve, 50))
          throw new Error('rolled back')
        })
        .catch((error: Error) => error.message)
      await written
      // Asked while the transaction is open: it sees the queue never, however the database runs the two.
      expect(await named(t.server.db, { name: 'Undone' })).toEqual([])
      expect(await failing).toBe('rolled back')
      // Inside the transaction, its own writes are seen.
      const own = await t.server.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('queues')
          .values({ name: 'Kept', color: '#000004', greetingMessage: null, createdAt: now, updatedAt: now })
          .execute()
        return named(trx, { name: 'Kept' })
      })
      expect(own).toEqual([{ name: 'Kept' }])
    })

    it('refuses a placeholder that does not end up as a value', async () => {
      const unused = reusableQuery(['name', 'color'], (db, p) =>
        db.selectFrom('queues').select('id').where('name', '=', p.name),
      )
      await expect(unused(t.server.db, { name: 'One', color: 'x' })).rejects.toThrow(/color/)
    })

    it('stops accepting a remembered access token once it expires', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date() })
      const { auth } = t.server.services
      const token = await auth.signAccessToken({ id: 7, profile: 'user' })
      expect(await auth.verifyAccessToken(token)).toEqual({ id: 7, profile: 'user' })
      expect(await auth.verifyAccessToken(token)).toEqual({ id: 7, profile: 'user' })
      vi.setSystemTime(Date.now() + 60 * 60 * 1000)
      await expect(auth.verifyAccessToken(token)).rejects.toMatchObject({ code: 'ERR_SESSION_EXPIRED', status: 403 })
      // A token altered after it was remembered is checked afresh, and refused.
      vi.useRealTimers()
      const fresh = await auth.signAccessToken({ id: 7, profile: 'user' })
      await auth.verifyAccessToken(fresh)
      const [header, , signature] = fresh.split('.')
      const altered = `${header}.${Buffer.from(JSON.stringify({ id: 1, profile: 'admin', exp: 9e9 })).toString('base64url')}.${signature}`
      await expect(auth.verifyAccessToken(altered)).rejects.toMatchObject({ status: 403 })
    })
  })
}
