import type { ErrorResponse } from '@desk/api-client'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/drivers'
import {
  apiPath,
  bootstrapAdmin,
  type Client,
  NOT_A_ROUTE,
  PASSWORD,
  queryString,
  seedQueuesAndConnection,
  startTestServer,
  type TestServer,
} from '../support/server'

type Err = ErrorResponse

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`bad input (${driver})`, () => {
    let t: TestServer
    let admin: Client
    beforeAll(async () => {
      t = await startTestServer(driver)
      admin = await bootstrapAdmin(t)
    })
    afterAll(() => t?.close())

    const userCount = async () => (await admin.call('userList')).body.count

    it('answers malformed JSON with 400 ERR_VALIDATION', async () => {
      for (const raw of ['{"name": "Ann",', 'not json', '[1,2']) {
        const res = await admin.call('userCreate', { raw })
        expect(res.status).toBe(400)
        expect(res.body.error).toBe('ERR_VALIDATION')
      }
      const login = await t.client().call('login', { raw: '{"email":' })
      expect(login.status).toBe(400)
    })

    it('names every field with a wrong type, a missing value or a bad length', async () => {
      const before = await userCount()
      const res = await admin.call('userCreate', {
        body: {
          name: 'A'.repeat(51),
          email: 42,
          password: 'abc',
          queueIds: 'x',
        },
      })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('ERR_VALIDATION')
      expect(Object.fromEntries(res.body.fields!.map((f) => [f.path, f.message]))).toEqual({
        name: 'validation.tooLong',
        email: 'validation.required',
        password: 'validation.tooShort',
        queueIds: expect.any(String),
      })
      const signup = await t
        .client()
        .call('signup', { body: { name: 'B', email: 'not-an-email', password: 'x'.repeat(51) } })
      expect(signup.status).toBe(400)
      expect(Object.fromEntries(signup.body.fields!.map((f) => [f.path, f.message]))).toEqual({
        name: 'validation.tooShort',
        email: 'validation.invalidEmail',
        password: 'validation.tooLong',
      })
      const noBody = await admin.call('userCreate', { raw: '' })
      expect(noBody.status).toBe(400)
      expect(noBody.body.error).toBe('ERR_VALIDATION')
      const array = await admin.call('userCreate', { body: [{ name: 'Ann' }] })
      expect(array.status).toBe(400)
      expect(await userCount()).toBe(before)
    })

    it('answers bodies over 1 MB with 413 ERR_PAYLOAD_TOO_LARGE and stores nothing', async () => {
      const before = await userCount()
      const huge = JSON.stringify({
        name: 'Big',
        email: 'big@desk.test',
        password: PASSWORD,
        pad: 'x'.repeat(1_100_000),
      })
      const res = await admin.call('userCreate', { raw: huge })
      expect(res.status).toBe(413)
      expect(res.body.error).toBe('ERR_PAYLOAD_TOO_LARGE')
      expect(await userCount()).toBe(before)
      // Just under the limit is parsed (and then validated as usual).
      const fits = JSON.stringify({
        name: 'Fits',
        email: 'fits@desk.test',
        password: PASSWORD,
        pad: 'x'.repeat(900_000),
      })
      expect((await admin.call('userCreate', { raw: fits })).status).toBe(200)
    })

    it('answers other content types with 415, never 500', async () => {
      const res = await admin.call('userCreate', {
        raw: 'name=Ann',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      })
      expect(res.status).toBe(415)
      expect(res.body.error).toBe('ERR_VALIDATION')
    })

    it('answers unknown API routes with 404 ERR_NOT_FOUND', async () => {
      for (const [method, path] of [
        ['GET', NOT_A_ROUTE],
        ['POST', `${apiPath('userGet', { id: 1 })}/extra`],
        ['PATCH', apiPath('userGet', { id: 1 })],
        ['GET', '/api'],
      ]) {
        const res = await admin.request<Err>(method, path)
        expect(res.status, `${method} ${path}`).toBe(404)
        expect(res.body.error).toBe('ERR_NOT_FOUND')
      }
    })

    it('serves the seed paths with and without a trailing slash, and a health check', async () => {
      // The seed's clients write some list paths with a trailing slash, a query after it at times.
      const slashed = [
        ['userList', {}],
        ['userList', { pageNumber: 1 }],
        ['contactList', { searchParam: 'ZED' }],
        ['settingList', {}],
        ['quickAnswerList', { searchParam: 'bulk' }],
      ] as const
      for (const [name, query] of slashed) {
        const path = `${apiPath(name)}/${queryString(query)}`
        const res = await admin.get(path)
        expect(res.status, path).toBe(200)
        expect(res.body, path).toEqual((await admin.call(name, { query })).body)
      }
      const health = await admin.call('health', { token: null })
      expect(health.body).toEqual({ status: 'ok', database: driver })
    })
  })

  describe.skipIf(!available)(`unexpected failures (${driver})`, () => {
    it('rolls back a user whose queues cannot be written: 500 without details, no half-written row', async () => {
      const t = await startTestServer(driver)
      try {
        const admin = await bootstrapAdmin(t)
        const { queues } = await seedQueuesAndConnection(t)
        // Make the second write of the transaction fail, after the user row went in.
        if (driver === 'sqlite') {
          await sql`create trigger fail_user_queues before insert on user_queues begin select raise(abort, 'disk on fire'); end`.execute(
            t.server.db,
          )
        } else {
          await sql`create function fail_user_queues() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`.execute(
            t.server.db,
          )
          await sql`create trigger fail_user_queues before insert on user_queues for each row execute function fail_user_queues()`.execute(
            t.server.db,
          )
        }
        const res = await admin.call('userCreate', {
          body: {
            name: 'Half Written',
            email: 'half@desk.test',
            password: PASSWORD,
            queueIds: [queues[0].id],
          },
        })
        expect(res.status).toBe(500)
        expect(res.body).toEqual({ error: 'ERR_INTERNAL', message: 'Internal server error' })
        const rows = await t.server.db.selectFrom('users').select('id').where('email', '=', 'half@desk.test').execute()
        expect(rows).toEqual([])
      } finally {
        await t.close()
      }
    })

    it('answers 500 ERR_INTERNAL without details when the database is gone', async () => {
      const t = await startTestServer(driver)
      try {
        const admin = await bootstrapAdmin(t)
        await t.server.db.destroy()
        const res = await admin.call('userList')
        expect(res.status).toBe(500)
        expect(res.body).toEqual({ error: 'ERR_INTERNAL', message: 'Internal server error' })
      } finally {
        await t.close()
      }
    })
  })
}
