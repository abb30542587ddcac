import type { ConnectionDetail, User, WhatsappEvent, WhatsappSessionEvent } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../../src/index'
import { listen, seedQueues } from '../support/desk'
import { createStorage, drivers } from '../support/drivers'
import { bootstrapAdmin, Client, startTestServer, type TestServer } from '../support/server'

const connectionEvent = (id: number) => (name: string, p: unknown) =>
  name === 'whatsapp' &&
  (p as WhatsappEvent).action !== 'delete' &&
  (p as { whatsapp: { id: number } }).whatsapp.id === id
const sessionEvent = (id: number, status?: string) => (name: string, p: unknown) =>
  name === 'whatsappSession' &&
  (p as WhatsappSessionEvent).session.id === id &&
  (status === undefined || (p as WhatsappSessionEvent).session.status === status)

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`connections (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agent: { client: Client; user: User }
    let queues: Array<{ id: number; name: string }>

    beforeAll(async () => {
      t = await startTestServer(driver, { simulator: { qrRefreshMs: 0 } })
      admin = await bootstrapAdmin(t)
      agent = await t.addUser(admin, 'Agent', 'agent@desk.test')
      queues = await seedQueues(t, [
        { name: 'Sales', color: '#00ff00' },
        { name: 'Support', color: '#0000ff' },
      ])
    })
    afterAll(() => t?.close())

    it('makes the first connection the default, opens its session with a QR code, and keeps secrets in', async () => {
      const adminEar = listen(await t.socket(admin.token))
      const agentEar = listen(await t.socket(agent.client.token))
      const first = await admin.call('connectionCreate', {
        body: {
          name: 'First',
          isDefault: false,
          queueIds: [queues[0]!.id],
        },
      })
      expect(first.status).toBe(200)
      expect(first.body).toMatchObject({ name: 'First', isDefault: true, driver: 'simulator' })
      expect(first.body.queues.map((q) => q.name)).toEqual(['Sales'])
      const qr = await adminEar.until<WhatsappSessionEvent>(sessionEvent(first.body.id, 'qrcode'))
      expect(qr.session.qrcode).toMatch(/^limedesk-sim:\d+:[\w-]{20,}$/)
      expect((await admin.call('connectionGet', { params: { id: first.body.id } })).body.qrcode).toBe(qr.session.qrcode)
      // Whoever holds the QR code can pair a phone: agents never get it.
      expect((await agent.client.call('connectionGet', { params: { id: first.body.id } })).body).toMatchObject({
        status: 'qrcode',
        qrcode: null,
      })
      expect(JSON.stringify((await agent.client.call('connectionList')).body)).not.toContain(qr.session.qrcode!)
      // A new connection is announced as an update (the seed's clients know update and delete only).
      const announced = await adminEar.until<WhatsappEvent>(connectionEvent(first.body.id))
      expect(announced).toMatchObject({ action: 'update', whatsapp: { name: 'First', isDefault: true } })

      const cloud = await admin.call('connectionCreate', {
        body: {
          name: 'Cloud',
          driver: 'cloud-api',
          cloudApi: {
            phoneNumberId: '1234',
            accessToken: 'tok-SECRET-1',
            verifyToken: 'vt-SECRET-2',
            appSecret: 'as-SECRET-3',
          },
        },
      })
      expect(cloud.status).toBe(200)
      expect(cloud.body.isDefault).toBe(false)
      expect(cloud.body.cloudApi).toMatchObject({ phoneNumberId: '1234', hasAccessToken: true, hasAppSecret: true })
      const listed = await agent.client.call('connectionList')
      expect(listed.body.map((c) => c.name)).toEqual(['First', 'Cloud'])
      expect(JSON.stringify(listed.body) + JSON.stringify(cloud.body)).not.toContain('SECRET')
      // Keeping a secret by sending it empty; the rest changes.
      const edited = await admin.call('connectionUpdate', {
        params: { id: cloud.body.id },
        body: {
          cloudApi: { accessToken: '', phoneNumberId: '999' },
        },
      })
      expect(edited.body.cloudApi).toMatchObject({ phoneNumberId: '999', hasAccessToken: true })

      // Agents follow connections live too, but never get the QR code.
      const agentQr = await agentEar.until<WhatsappSessionEvent>(sessionEvent(first.body.id, 'qrcode'))
      expect(agentQr.session).toMatchObject({ id: first.body.id, status: 'qrcode', qrcode: '' })
      expect(await agentEar.until<WhatsappEvent>(connectionEvent(first.body.id))).toMatchObject({
        action: 'update',
        whatsapp: { name: 'First', qrcode: null },
      })
      await agentEar.until(
        (n, p) =>
          n === 'whatsapp' && (p as { whatsapp?: ConnectionDetail }).whatsapp?.cloudApi?.phoneNumberId === '999',
      )
      await admin.call('settingUpdate', { params: { key: 'call' }, body: { value: 'disabled' } })
      await agentEar.until((n) => n === 'settings')
      expect(JSON.stringify(agentEar.heard)).not.toContain(qr.session.qrcode!)
      expect(JSON.stringify(agentEar.heard)).not.toContain('SECRET')
      const connectionEvents = [...adminEar.heard, ...agentEar.heard].filter((h) => h.name === 'whatsapp')
      expect(connectionEvents.map((h) => (h.payload as WhatsappEvent).action)).not.toContain('create')
    })

    it('moves the default, refuses to unset or delete the last one, and promotes another on delete', async () => {
      const list = (await admin.call('connectionList')).body
      const [first, second] = list as [ConnectionDetail, ConnectionDetail]
      const unset = await admin.call('connectionUpdate', { params: { id: first.id }, body: { isDefault: false } })
      expect(unset).toMatchObject({ status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } })

      const moved = await admin.call('connectionUpdate', { params: { id: second.id }, body: { isDefault: true } })
      expect(moved.body.isDefault).toBe(true)
      expect((await admin.call('connectionGet', { params: { id: first.id } })).body.isDefault).toBe(false)

      expect((await admin.call('connectionDelete', { params: { id: second.id } })).status).toBe(204)
      const after = (await admin.call('connectionList')).body
      expect(after.map((c) => [c.name, c.isDefault])).toEqual([['First', true]])
      const last = await admin.call('connectionDelete', { params: { id: first.id } })
      expect(last).toMatchObject({ status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } })
    })

    it('lets only admins write, and answers bad input and unknown ids with the right codes', async () => {
      const denied = await agent.client.call('connectionCreate', { body: { name: 'Mine' } })
      expect(denied).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } })
      const [first] = (await admin.call('connectionList')).body as [ConnectionDetail]
      expect(
        (await agent.client.call('connectionUpdate', { params: { id: first.id }, body: { name: 'X1' } })).status,
      ).toBe(403)
      expect((await agent.client.call('connectionDelete', { params: { id: first.id } })).status).toBe(403)
      expect((await agent.client.call('sessionStart', { params: { id: first.id } })).status).toBe(403)

      expect(await admin.call('connectionGet', { params: { id: 9999 } })).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_WAPP_FOUND' },
      })
      expect((await admin.call('connectionUpdate', { params: { id: 9999 }, body: { name: 'Nope' } })).body.error).toBe(
        'ERR_NO_WAPP_FOUND',
      )
      expect((await admin.call('connectionDelete', { params: { id: 9999 } })).status).toBe(404)
      expect((await admin.call('sessionStart', { params: { id: 9999 } })).status).toBe(404)

      const badQueues = await admin.call('connectionCreate', { body: { name: 'Bad', queueIds: '[1' } })
      expect(badQueues).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } })
      expect(badQueues.body.fields?.[0]?.path).toBe('queueIds')
      const unknownQueue = await admin.call('connectionCreate', { body: { name: 'Bad', queueIds: [9999] } })
      expect(unknownQueue.body.fields).toEqual([{ path: 'queueIds', message: 'validation.invalid' }])
      const noGreeting = await admin.call('connectionCreate', {
        body: { name: 'Two', queueIds: queues.map((q) => q.id) },
      })
      expect(noGreeting.body.error).toBe('ERR_WAPP_GREETING_REQUIRED')
      expect((await admin.call('connectionCreate', { body: { name: 'x' } })).body.fields?.[0]?.message).toBe(
        'validation.tooShort',
      )
      expect((await admin.call('connectionList')).body).toHaveLength(1)
    })

    it('walks the session through pairing, scan, drop, try again, new QR and disconnect', async () => {
      const [conn] = (await admin.call('connectionList')).body as [ConnectionDetail]
      const ear = listen(await t.socket(admin.token))
      const agentEar = listen(await t.socket(agent.client.token))
      expect(conn.status).toBe('qrcode')
      const scanned = await admin.call('simulatorScan', { params: { connectionId: conn.id } })
      expect(scanned.body).toMatchObject({ id: conn.id, status: 'CONNECTED', qrcode: null })
      // Connected: the QR code is an empty string (the seed's QR dialog closes on it).
      expect((await ear.until<WhatsappSessionEvent>(sessionEvent(conn.id, 'CONNECTED'))).session.qrcode).toBe('')
      expect((await agentEar.until<WhatsappSessionEvent>(sessionEvent(conn.id, 'CONNECTED'))).session.qrcode).toBe('')
      expect((await admin.call('simulatorScan', { params: { connectionId: conn.id } })).body.error).toBe(
        'ERR_WAPP_NOT_INITIALIZED',
      )

      const dropped = await admin.call('simulatorDrop', { params: { connectionId: conn.id } })
      expect(dropped.body).toMatchObject({ status: 'DISCONNECTED', qrcode: null })
      const inbound = await admin.call('simulatorInbound', {
        params: { connectionId: conn.id },
        body: { from: '5511999990000', body: 'hi' },
      })
      expect(inbound).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } })

      const again = await admin.call('sessionStart', { params: { id: conn.id } })
      expect(again.body.status).toBe('qrcode')
      const renewed = await admin.call('sessionNewQr', { params: { id: conn.id } })
      expect(renewed.body.status).toBe('qrcode')
      expect(renewed.body.qrcode).not.toBe(again.body.qrcode)
      await ear.until(
        (n, p) =>
          sessionEvent(conn.id, 'qrcode')(n, p) && (p as WhatsappSessionEvent).session.qrcode === renewed.body.qrcode,
      )

      const off = await admin.call('sessionDisconnect', { params: { id: conn.id } })
      expect(off.body).toMatchObject({ status: 'DISCONNECTED', qrcode: null })
      // The agent saw every move of the session, each QR code blanked.
      await agentEar.until(
        (n, p) =>
          sessionEvent(conn.id, 'DISCONNECTED')(n, p) &&
          Date.parse((p as WhatsappSessionEvent).session.updatedAt) >= Date.parse(off.body.updatedAt),
      )
      const agentSessions = agentEar.heard
        .filter((h) => h.name === 'whatsappSession')
        .map((h) => (h.payload as WhatsappSessionEvent).session)
      expect(agentSessions.map((x) => x.status)).toEqual(
        expect.arrayContaining(['CONNECTED', 'DISCONNECTED', 'qrcode']),
      )
      expect(agentSessions.every((x) => x.qrcode === '')).toBe(true)
      for (const code of [again.body.qrcode, renewed.body.qrcode]) {
        expect(JSON.stringify(agentEar.heard)).not.toContain(code!)
      }
      expect((await admin.call('simulatorScan', { params: { connectionId: conn.id } })).status).toBe(400)
      expect(Date.parse(off.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(conn.updatedAt))
    })

    it('keeps the simulator controls for admins and simulator connections', async () => {
      const [conn] = (await admin.call('connectionList')).body as [ConnectionDetail]
      expect((await agent.client.call('simulatorScan', { params: { connectionId: conn.id } })).status).toBe(403)
      expect((await agent.client.call('simulatorOutbox', { params: { connectionId: conn.id } })).status).toBe(403)
      const cloud = await admin.call('connectionCreate', {
        body: {
          name: 'Cloud two',
          driver: 'cloud-api',
          cloudApi: { phoneNumberId: '1', accessToken: 'a', verifyToken: 'b', appSecret: 'c' },
        },
      })
      const notSim = await admin.call('simulatorScan', { params: { connectionId: cloud.body.id } })
      expect(notSim).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } })
      expect((await admin.call('simulatorDrop', { params: { connectionId: 9999 } })).status).toBe(404)
      expect((await admin.call('simulatorDrop', { params: { connectionId: 'abc' } })).status).toBe(400)
    })
  })

  describe.skipIf(!available)(`session restore at boot (${driver})`, () => {
    it('brings back connected simulator sessions and clears the others', async () => {
      const storage = await createStorage(driver)
      const config = { dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, port: 0, host: '127.0.0.1' }
      try {
        const first = createServer({ ...config, simulator: { qrRefreshMs: 0 } })
        const { url } = await first.listen()
        const admin = new Client(url)
        const signup = await admin.call('signup', {
          body: { name: 'Admin', email: 'admin@desk.test', password: 'secret-pass' },
        })
        admin.token = (await first.services.auth.startSession(signup.body)).token
        const paired = (await admin.call('connectionCreate', { body: { name: 'Paired' } })).body
        const waiting = (await admin.call('connectionCreate', { body: { name: 'Waiting' } })).body
        await admin.call('simulatorScan', { params: { connectionId: paired.id } })
        await first.close()

        const second = createServer(config)
        await second.ready()
        try {
          expect(second.services.sessions.get(paired.id)?.isConnected()).toBe(true)
          const rows = await second.db
            .selectFrom('whatsapps')
            .select(['id', 'status', 'qrcode'])
            .orderBy('id')
            .execute()
          expect(rows).toEqual([
            { id: paired.id, status: 'CONNECTED', qrcode: null },
            { id: waiting.id, status: 'DISCONNECTED', qrcode: null },
          ])
        } finally {
          await second.close()
        }
      } finally {
        await storage.cleanup()
      }
    })
  })
}
