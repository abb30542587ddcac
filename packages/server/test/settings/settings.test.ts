import type { Setting } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/drivers'
import { type Client, startWithAgent, type TestServer } from '../support/server'

const asMap = (list: Setting[]) => Object.fromEntries(list.map((s) => [s.key, s.value]))

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`settings (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agent: Client

    beforeAll(async () => {
      ;({ t, admin, agent } = await startWithAgent(driver))
    })
    afterAll(() => t?.close())

    it('starts with the seeded defaults and a random API token that only admins see', async () => {
      const forAdmin = await admin.call('settingList')
      expect(forAdmin.status).toBe(200)
      const values = asMap(forAdmin.body)
      expect(values).toMatchObject({
        // Signup is closed once the first administrator exists, until an administrator opens it.
        userCreation: 'disabled',
        timeCreateNewTicket: '3600',
        call: 'enabled',
        CheckMsgIsGroup: 'disabled',
        outreachStopWords: 'SAIR,PARAR,STOP,BAJA',
        kanbanWaitMinutes: '30',
        language: 'en',
        internalChatUrl: '',
        chatbotUrl: '',
      })
      expect(values.userApiToken).toMatch(/^[A-Za-z0-9_-]{43,}$/)

      const forAgent = await agent.call('settingList')
      expect(forAgent.status).toBe(200)
      expect(forAgent.body.map((s) => s.key).sort()).toEqual([
        'CheckMsgIsGroup',
        'call',
        'chatbotUrl',
        'internalChatUrl',
        'kanbanWaitMinutes',
        'language',
        'outreachStopWords',
        'timeCreateNewTicket',
        'userCreation',
      ])
      expect(JSON.stringify(forAgent.body)).not.toContain(values.userApiToken)
      expect((await agent.call('settingList', { token: null })).status).toBe(401)
    })

    it('lets admins set each key within its allowed values', async () => {
      for (const [key, value] of [
        ['userCreation', 'disabled'],
        ['timeCreateNewTicket', '300'],
        ['call', 'disabled'],
        ['CheckMsgIsGroup', 'enabled'],
        ['kanbanWaitMinutes', '45'],
        ['language', 'pt-BR'],
      ]) {
        const res = await admin.call('settingUpdate', { params: { key }, body: { value } })
        expect(res.status).toBe(200)
        expect(res.body).toMatchObject({ key, value })
      }
      expect(asMap((await agent.call('settingList')).body)).toMatchObject({
        userCreation: 'disabled',
        timeCreateNewTicket: '300',
        call: 'disabled',
        CheckMsgIsGroup: 'enabled',
      })
    })

    it('refuses values outside the allowed set, unknown keys, and non-admins, changing nothing', async () => {
      const before = asMap((await admin.call('settingList')).body)
      const outside = await admin.call('settingUpdate', {
        params: { key: 'timeCreateNewTicket' },
        body: { value: '301' },
      })
      expect(outside.status).toBe(400)
      expect(outside.body).toMatchObject({ error: 'ERR_VALIDATION', fields: [{ path: 'value' }] })
      expect(
        (await admin.call('settingUpdate', { params: { key: 'userCreation' }, body: { value: 'maybe' } })).status,
      ).toBe(400)
      for (const value of ['0', '10081', '1.5', 'soon']) {
        expect(
          (await admin.call('settingUpdate', { params: { key: 'kanbanWaitMinutes' }, body: { value } })).status,
          value,
        ).toBe(400)
      }
      const missing = await admin.call('settingUpdate', { params: { key: 'call' }, body: {} })
      expect(missing.status).toBe(400)
      expect(missing.body.fields).toEqual([{ path: 'value', message: 'validation.required' }])
      const unknown = await admin.call('settingUpdate', { params: { key: 'colour' }, body: { value: 'enabled' } })
      expect(unknown.status).toBe(404)
      expect(unknown.body.error).toBe('ERR_NO_SETTING_FOUND')
      const chosenToken = await admin.call('settingUpdate', {
        params: { key: 'userApiToken' },
        body: { value: 'my-own-token' },
      })
      expect(chosenToken.status).toBe(400)
      const byAgent = await agent.call('settingUpdate', { params: { key: 'call' }, body: { value: 'enabled' } })
      expect(byAgent.status).toBe(403)
      expect(byAgent.body.error).toBe('ERR_NO_PERMISSION')
      expect(asMap((await admin.call('settingList')).body)).toEqual(before)
    })

    it('regenerates the API token on request', async () => {
      const before = asMap((await admin.call('settingList')).body).userApiToken
      const res = await admin.call('settingUpdate', { params: { key: 'userApiToken' }, body: { value: 'regenerate' } })
      expect(res.status).toBe(200)
      expect(res.body.value).toMatch(/^[A-Za-z0-9_-]{43,}$/)
      expect(res.body.value).not.toBe(before)
      expect(asMap((await admin.call('settingList')).body).userApiToken).toBe(res.body.value)
    })
  })
}
