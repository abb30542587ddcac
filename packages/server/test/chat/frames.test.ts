import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/drivers'
import { apiPath, bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

/** A built app of one page, enough for the server to serve the framed pages' addresses. */
const appDir = mkdtempSync(path.join(tmpdir(), 'desk-frames-app-'))
mkdirSync(path.join(appDir, 'assets'))
writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>LimeDesk</title><div id="root"></div>')
afterAll(() => rmSync(appDir, { recursive: true, force: true }))

const frameSrc = async (url: string) => {
  const header = (await fetch(url)).headers.get('content-security-policy') ?? ''
  const directive = header.split(';').find((d) => d.trim().startsWith('frame-src'))
  return directive?.trim().split(/\s+/).slice(1) ?? []
}

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`framed internal chat and chatbot addresses (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agent: Client

    beforeAll(async () => {
      t = await startTestServer(driver, { staticDir: appDir })
      admin = await bootstrapAdmin(t)
      agent = (await t.addUser(admin, 'Agent', 'agent@desk.test')).client
    })
    afterAll(() => t?.close())

    const set = (key: string, value: string, who = admin) =>
      who.call('settingUpdate', { params: { key }, body: { value } })

    it('frames nothing until an admin sets an address, then exactly that origin', async () => {
      expect(await frameSrc(`${t.url}/ZDGChatInterno`)).toEqual(["'none'"])
      expect((await set('internalChatUrl', 'https://chat.example.com/room/42?x=1')).status).toBe(200)
      expect(await frameSrc(`${t.url}/ZDGChatInterno`)).toEqual(['https://chat.example.com'])
      expect((await set('chatbotUrl', 'http://bot.example.org:8080/app')).status).toBe(200)
      expect((await frameSrc(`${t.url}/ZDGChatbot`)).sort()).toEqual(
        ['http://bot.example.org:8080', 'https://chat.example.com'].sort(),
      )
      // Every answer carries the same policy: the API's too.
      expect(await frameSrc(`${t.url}${apiPath('health')}`)).toContain('https://chat.example.com')
      expect((await set('internalChatUrl', '')).status).toBe(200)
      expect(await frameSrc(`${t.url}/`)).toEqual(['http://bot.example.org:8080'])
      // Everyone reads the addresses; only admins set them, and only to http(s) addresses.
      const values = Object.fromEntries((await agent.call('settingList')).body.map((s) => [s.key, s.value]))
      expect(values).toMatchObject({ chatbotUrl: 'http://bot.example.org:8080/app', internalChatUrl: '' })
      expect((await set('chatbotUrl', 'https://x.example', agent)).status).toBe(403)
      for (const value of [
        'javascript:alert(1)',
        'ftp://x.example',
        'not a url',
        "https://a.example/'none'; script-src *",
      ]) {
        const refused = await set('chatbotUrl', value)
        expect([refused.status, refused.body.fields?.[0]?.path], value).toEqual([400, 'value'])
      }
      expect(await frameSrc(`${t.url}/`)).toEqual(['http://bot.example.org:8080'])
    })
  })
}
