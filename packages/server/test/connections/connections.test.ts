import type {
  ConnectionDetail,
  ConnectionSession,
  ErrorResponse,
  User,
  WhatsappEvent,
  WhatsappSessionEvent,
} from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from '../../src/index'
import { listen, seedQueues } from '../support/desk'
import { createStorage, drivers } from '../support/drivers'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

type Err = ErrorResponse

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
      const first = await admin.post<ConnectionDetail>('/api/whatsapp', {
        name: 'First',
        isDefault: false,
        queueIds: [queues[0]!.id],
      })
      expect(first.status).toBe(200)
      expect(first.body).toMatchObject({ name: 'First', isDefault: true, driver: 'simulator' })
      expect(first.body.queues.map((q) => q.name)).toEqual(['Sales'])
      const qr = await adminEar.until<WhatsappSessionEvent>(sessionEvent(first.body.id, 'qrcode'))
      expect(qr.session.qrcode).toMatch(/^limedesk-sim:\d+:[\w-]{20,}$/)
      expect((await admin.get<ConnectionDetail>(`/api/whatsapp/${first.body.id}`)).body.qrcode).toBe(qr.session.qrcode)
      // Whoever holds the QR code can pair a phone: agents never get it.
      expect((await agent.client.get<ConnectionDetail>(`/api/whatsapp/${first.body.id}`)).body).toMatchObject({
        status: 'qrcode',
        qrcode: null,
      })
      expect(JSON.stringify((await agent.client.get('/api/whatsapp')).body)).not.toContain(qr.session.qrcode!)
      // A new connection is announced as an update (the seed's clients know update and delete only).
      const announced = await adminEar.until<WhatsappEvent>(connectionEvent(first.body.id))
      expect(announced).toMatchObject({ action: 'update', whatsapp: { name: 'First', isDefault: true } })

      const cloud = await admin.post<ConnectionDetail>('/api/whatsapp', {
        name: 'Cloud',
        driver: 'cloud-api',
        cloudApi: {
          phoneNumberId: '1234',
          accessToken: 'tok-SECRET-1',
          verifyToken: 'vt-SECRET-2',
          appSecret: 'as-SECRET-3',
        },
      })
      expect(cloud.status).toBe(200)
      expect(cloud.body.isDefault).toBe(false)
      expect(cloud.body.cloudApi).toMatchObject({ phoneNumberId: '1234', hasAccessToken: true, hasAppSecret: true })
      const listed = await agent.client.get<ConnectionDetail[]>('/api/whatsapp')
      expect(listed.body.map((c) => c.name)).toEqual(['First', 'Cloud'])
      expect(JSON.stringify(listed.body) + JSON.stringify(cloud.body)).not.toContain('SECRET')
      // Keeping a secret by sending it empty; the rest changes.
      const edited = await admin.put<ConnectionDetail>(`/api/whatsapp/${cloud.body.id}`, {
        cloudApi: { accessToken: '', phoneNumberId: '999' },
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
      await admin.put('/api/settings/call', { value: 'disabled' })
      await agentEar.until((n) => n === 'settings')
      expect(JSON.stringify(agentEar.heard)).not.toContain(qr.session.qrcode!)
      expect(JSON.stringify(agentEar.heard)).not.toContain('SECRET')
      const connectionEvents = [...adminEar.heard, ...agentEar.heard].filter((h) => h.name === 'whatsapp')
      expect(connectionEvents.map((h) => (h.payload as WhatsappEvent).action)).not.toContain('create')
    })

    it('moves the default, refuses to unset or delete the last one, and promotes another on delete', async () => {
      const list = (await admin.get<ConnectionDetail[]>('/api/whatsapp')).body
      const [first, second] = list as [ConnectionDetail, ConnectionDetail]
      const unset = await admin.put<Err>(`/api/whatsapp/${first.id}`, { isDefault: false })
      expect(unset).toMatchObject({ status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } })

      const moved = await admin.put<ConnectionDetail>(`/api/whatsapp/${second.id}`, { isDefault: true })
      expect(moved.body.isDefault).toBe(true)
      expect((await admin.get<ConnectionDetail>(`/api/whatsapp/${first.id}`)).body.isDefault).toBe(false)

      expect((await admin.del(`/api/whatsapp/${second.id}`)).status).toBe(204)
      const after = (await admin.get<ConnectionDetail[]>('/api/whatsapp')).body
      expect(after.map((c) => [c.name, c.isDefault])).toEqual([['First', true]])
      const last = await admin.del<Err>(`/api/whatsapp/${first.id}`)
      expect(last).toMatchObject({ status: 400, body: { error: 'ERR_NO_OTHER_WHATSAPP' } })
    })

    it('lets only admins write, and answers bad input and unknown ids with the right codes', async () => {
      const denied = await agent.client.post<Err>('/api/whatsapp', { name: 'Mine' })
      expect(denied).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } })
      const [first] = (await admin.get<ConnectionDetail[]>('/api/whatsapp')).body as [ConnectionDetail]
      expect((await agent.client.put<Err>(`/api/whatsapp/${first.id}`, { name: 'X1' })).status).toBe(403)
      expect((await agent.client.del<Err>(`/api/whatsapp/${first.id}`)).status).toBe(403)
      expect((await agent.client.post<Err>(`/api/whatsappsession/${first.id}`)).status).toBe(403)

      expect(await admin.get<Err>('/api/whatsapp/9999')).toMatchObject({
        status: 404,
        body: { error: 'ERR_NO_WAPP_FOUND' },
      })
      expect((await admin.put<Err>('/api/whatsapp/9999', { name: 'Nope' })).body.error).toBe('ERR_NO_WAPP_FOUND')
      expect((await admin.del<Err>('/api/whatsapp/9999')).status).toBe(404)
      expect((await admin.post<Err>('/api/whatsappsession/9999')).status).toBe(404)

      const badQueues = await admin.post<Err>('/api/whatsapp', { name: 'Bad', queueIds: '[1' })
      expect(badQueues).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } })
      expect(badQueues.body.fields?.[0]?.path).toBe('queueIds')
      const unknownQueue = await admin.post<Err>('/api/whatsapp', { name: 'Bad', queueIds: [9999] })
      expect(unknownQueue.body.fields).toEqual([{ path: 'queueIds', message: 'validation.invalid' }])
      const noGreeting = await admin.post<Err>('/api/whatsapp', { name: 'Two', queueIds: queues.map((q) => q.id) })
      expect(noGreeting.body.error).toBe('ERR_WAPP_GREETING_REQUIRED')
      expect((await admin.post<Err>('/api/whatsapp', { name: 'x' })).body.fields?.[0]?.message).toBe(
        'validation.tooShort',
      )
      expect((await admin.get<ConnectionDetail[]>('/api/whatsapp')).body).toHaveLength(1)
    })

    it('walks the session through pairing, scan, drop, try again, new QR and disconnect', async () => {
      const [conn] = (await admin.get<ConnectionDetail[]>('/api/whatsapp')).body as [ConnectionDetail]
      const ear = listen(await t.socket(admin.token))
      const agentEar = listen(await t.socket(agent.client.token))
      expect(conn.status).toBe('qrcode')
      const scanned = await admin.post<ConnectionSession>(`/api/simulator/${conn.id}/scan`)
      expect(scanned.body).toMatchObject({ id: conn.id, status: 'CONNECTED', qrcode: null })
      // Connected: the QR code is an empty string (the seed's QR dialog closes on it).
      expect((await ear.until<WhatsappSessionEvent>(sessionEvent(conn.id, 'CONNECTED'))).session.qrcode).toBe('')
      expect((await agentEar.until<WhatsappSessionEvent>(sessionEvent(conn.id, 'CONNECTED'))).session.qrcode).toBe('')
      expect((await admin.post<Err>(`/api/simulator/${conn.id}/scan`)).body.error).toBe('ERR_WAPP_NOT_INITIALIZED')

      const dropped = await admin.post<ConnectionSession>(`/api/simulator/${conn.id}/drop`)
      expect(dropped.body).toMatchObject({ status: 'DISCONNECTED', qrcode: null })
      const inbound = await admin.post<Err>(`/api/simulator/${conn.id}/inbound`, { from: '5511999990000', body: 'hi' })
      expect(inbound).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } })

      const again = await admin.post<ConnectionSession>(`/api/whatsappsession/${conn.id}`)
      expect(again.body.status).toBe('qrcode')
      const renewed = await admin.put<ConnectionSession>(`/api/whatsappsession/${conn.id}`)
      expect(renewed.body.status).toBe('qrcode')
      expect(renewed.body.qrcode).not.toBe(again.body.qrcode)
      await ear.until(
        (n, p) =>
          sessionEvent(conn.id, 'qrcode')(n, p) && (p as WhatsappSessionEvent).session.qrcode === renewed.body.qrcode,
      )

      const off = await admin.del<ConnectionSession>(`/api/whatsappsession/${conn.id}`)
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
      expect((await admin.post<Err>(`/api/simulator/${conn.id}/scan`)).status).toBe(400)
      expect(Date.parse(off.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(conn.updatedAt))
    })

    it('keeps the simulator controls for admins and simulator connections', async () => {
      const [conn] = (await admin.get<ConnectionDetail[]>('/api/whatsapp')).body as [ConnectionDetail]
      expect((await agent.client.post<Err>(`/api/simulator/${conn.id}/scan`)).status).toBe(403)
      expect((await agent.client.get<Err>(`/api/simulator/${conn.id}/outbox`)).status).toBe(403)
      const cloud = await admin.post<ConnectionDetail>('/api/whatsapp', {
        name: 'Cloud two',
        driver: 'cloud-api',
        cloudApi: { phoneNumberId: '1', accessToken: 'a', verifyToken: 'b', appSecret: 'c' },
      })
      const notSim = await admin.post<Err>(`/api/simulator/${cloud.body.id}/scan`)
      expect(notSim).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } })
      expect((await admin.post<Err>('/api/simulator/9999/drop')).status).toBe(404)
      expect((await admin.post<Err>('/api/simulator/abc/drop')).status).toBe(400)
    })
  })

  describe.skipIf(!available)(`session restore at boot (${driver})`, () => {
    it('brings back connected simulator sessions and clears the others', async () => {
      const storage = await createStorage(driver)
      const config = { dataDir: storage.dataDir, databaseUrl: storage.databaseUrl, port: 0, host: '127.0.0.1' }
      try {
        const first = createServer({ ...config, simulator: { qrRefreshMs: 0 } })
        const { url } = await first.listen()
        const signup = await fetch(`${url}/api/auth/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Admin', email: 'admin@desk.test', password: 'secret-pass' }),
        })
        const user = (await signup.json()) as User
        const { token } = await first.services.auth.startSession(user)
        const call = async (method: string, path: string, body?: unknown) => {
          const res = await fetch(`${url}/api${path}`, {
            method,
            headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          })
          return res.json() as Promise<ConnectionDetail>
        }
        const paired = await call('POST', '/whatsapp', { name: 'Paired' })
        const waiting = await call('POST', '/whatsapp', { name: 'Waiting' })
        await call('POST', `/simulator/${paired.id}/scan`)
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
