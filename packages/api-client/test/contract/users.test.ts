import { describe, expect, it } from 'vitest'
import { ConnectionUpdateRequest, UserCreateRequest, UserUpdateRequest } from '../../src/contract'
import { fieldErrors } from './issues'

const user = { name: 'Uma User', email: 'uma@desk.test', password: 'uma-pass' }

describe("the seed's forms", () => {
  it.each([false, '', 0, '0', null])('reads whatsappId %j as "no default connection"', (whatsappId) => {
    expect(UserCreateRequest.parse({ ...user, whatsappId }).whatsappId).toBeNull()
    expect(UserUpdateRequest.parse({ whatsappId }).whatsappId).toBeNull()
  })

  it('reads whatsappId as an id when it is one, and refuses anything else', () => {
    expect(UserUpdateRequest.parse({ whatsappId: 3 }).whatsappId).toBe(3)
    expect(UserUpdateRequest.parse({ whatsappId: '3' }).whatsappId).toBe(3)
    expect(UserUpdateRequest.parse({}).whatsappId).toBeUndefined()
    for (const whatsappId of [true, -1, 1.5, 'none', ' ', [], {}]) {
      expect(fieldErrors(UserUpdateRequest, { whatsappId }), JSON.stringify(whatsappId)).toEqual({
        whatsappId: 'validation.invalid',
      })
    }
  })

  it('takes back what GET /users/:id answered: read-only fields are dropped', () => {
    const echoed = {
      id: 4,
      ...user,
      password: '',
      profile: 'user',
      queues: [{ id: 1, name: 'Sales', color: '#0b8a3e' }],
      whatsapp: null,
      whatsappId: null,
      language: null,
      createdAt: '2026-11-24T07:18:39.967Z',
      queueIds: [1],
    }
    expect(UserUpdateRequest.parse(echoed)).toEqual({
      name: 'Uma User',
      email: 'uma@desk.test',
      password: '',
      profile: 'user',
      whatsappId: null,
      language: null,
      queueIds: [1],
    })
  })

  it('takes back what GET /whatsapp/:id answered: cloudApi null is "unchanged", isDefault a flag', () => {
    const echoed = {
      id: 2,
      name: 'Line',
      status: 'CONNECTED',
      qrcode: null,
      retries: 0,
      isDefault: 1,
      greetingMessage: null,
      farewellMessage: 'Bye',
      driver: 'simulator',
      queues: [{ id: 1, name: 'Sales', color: '#0b8a3e' }],
      cloudApi: null,
      updatedAt: '2026-11-24T07:18:39.967Z',
      queueIds: [1],
    }
    expect(ConnectionUpdateRequest.parse(echoed)).toEqual({
      name: 'Line',
      greetingMessage: null,
      farewellMessage: 'Bye',
      isDefault: true,
      queueIds: [1],
      cloudApi: undefined,
    })
    expect(fieldErrors(ConnectionUpdateRequest, { isDefault: 'maybe' })).toEqual({ isDefault: 'validation.invalid' })
    expect(fieldErrors(ConnectionUpdateRequest, { cloudApi: 'x' })).toEqual({ cloudApi: expect.any(String) })
  })
})
