import { describe, expect, it } from 'vitest'
import { fixtures } from '../src/mocks'
import { clientAs, mockServer } from './support/mockServer'

const { mocks } = mockServer()

describe('mock handlers (answers checked against the contract by the client)', () => {
  it('page the users 20 at a time', async () => {
    const client = clientAs(fixtures.admin.id)
    const pages = [await client.users.list(), await client.users.list({ pageNumber: 2 })]
    const last = await client.users.list({ pageNumber: 3 })
    expect(pages.map((p) => [p.users.length, p.hasMore])).toEqual([
      [20, true],
      [20, true],
    ])
    expect([last.users.length, last.hasMore]).toEqual([fixtures.users.length - 40, false])
  })

  it('search users by name and e-mail', async () => {
    const client = clientAs(fixtures.admin.id)
    const byName = await client.users.list({ searchParam: 'bruno' })
    const byEmail = await client.users.list({ searchParam: 'admin@' })
    expect(byName.users.map((u) => u.name)).toEqual(['Bruno Agent'])
    expect(byEmail.users.map((u) => u.id)).toEqual([fixtures.admin.id])
  })

  it('sign in with the fixture password and refuse a wrong one', async () => {
    const client = clientAs(null)
    await expect(
      client.auth.login({ email: fixtures.agent.email, password: fixtures.password }),
    ).resolves.toMatchObject({
      user: { id: fixtures.agent.id },
    })
    await expect(client.auth.login({ email: fixtures.agent.email, password: 'wrong' })).rejects.toMatchObject({
      status: 401,
      code: 'ERR_INVALID_CREDENTIALS',
    })
  })

  it('say whether sign-up is open, without a session, as the administrator set it', async () => {
    const client = clientAs(null)
    await expect(client.auth.signupOpen()).resolves.toBe(true)
    await clientAs(fixtures.admin.id).settings.update('userCreation', 'disabled')
    await expect(client.auth.signupOpen()).resolves.toBe(false)
  })

  it('answer a bad user with field errors and keep admin routes for admins', async () => {
    const admin = clientAs(fixtures.admin.id)
    const error = await admin.users.create({ name: 'A', email: 'nope', password: '1' }).catch((e) => e)
    expect(error).toMatchObject({ status: 400, code: 'ERR_VALIDATION' })
    expect(error.fields.map((f: { path: string }) => f.path).sort()).toEqual(['email', 'name', 'password'])

    mocks.db.sessionUserId = fixtures.agent.id
    const agent = clientAs(fixtures.agent.id)
    await expect(agent.users.delete(fixtures.admin.id)).rejects.toMatchObject({
      status: 403,
      code: 'ERR_NO_PERMISSION',
    })
  })

  it('store setting changes, refuse values outside the allowed set and hide the API token from agents', async () => {
    const admin = clientAs(fixtures.admin.id)
    await admin.settings.update('userCreation', 'disabled')
    await expect(admin.settings.update('userCreation', 'maybe')).rejects.toMatchObject({ status: 400 })
    await expect(admin.settings.update('nope', 'x')).rejects.toMatchObject({ code: 'ERR_NO_SETTING_FOUND' })
    const seenByAgent = await clientAs(fixtures.agent.id).settings.list()
    expect(seenByAgent.find((s) => s.key === 'userCreation')?.value).toBe('disabled')
    expect(seenByAgent.some((s) => s.key === 'userApiToken')).toBe(false)
    await expect(
      clientAs(null).auth.signup({ name: 'Eva Lima', email: 'eva@x.test', password: 'secret1' }),
    ).rejects.toMatchObject({ code: 'ERR_USER_CREATION_DISABLED' })
  })
})
