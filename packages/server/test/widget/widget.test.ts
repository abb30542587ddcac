import type { ErrorResponse, WidgetMessage, WidgetSession } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectSimulator } from '../support/desk'
import { drivers } from '../support/drivers'
import { apiPath, bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'
import {
  createWebChat,
  newClientId,
  openSession,
  PARTNER,
  partnerToken,
  unsignedToken,
  widgetClient,
} from '../support/widget'

type Err = ErrorResponse

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`widget sessions and conversations (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let agent: Client
    let wc: Awaited<ReturnType<typeof createWebChat>>
    let simId: number

    const visitor = async (sub: string, extra: Record<string, unknown> = {}) => {
      const res = await openSession(t, wc.id, { token: await partnerToken(wc.secret, { sub, ...extra }) })
      expect(res.status).toBe(200)
      return widgetClient(t, res.body)
    }
    const refusal = async (token: string, connectionId = wc.id) => {
      const res = await openSession(t, connectionId, { token })
      return { status: res.status, error: res.body.error }
    }

    beforeAll(async () => {
      t = await startTestServer(driver, { simulator: { qrRefreshMs: 0 }, autoCloseHours: 0 })
      admin = await bootstrapAdmin(t)
      agent = (await t.addUser(admin, 'Alice', 'alice@desk.test')).client
      simId = (await connectSimulator(admin, { name: 'Phone line' })).id
      wc = await createWebChat(admin)
    })
    afterAll(() => t?.close())

    it('answers the public configuration of a web chat connection, and 404 for any other connection', async () => {
      const config = await t.client().call('widgetConfig', { params: { connectionId: wc.id }, token: null })
      expect(config.status).toBe(200)
      expect(config.body).toMatchObject({
        connectionId: wc.id,
        name: 'Web chat',
        allowedOrigins: [PARTNER],
        verifiedOnly: false,
        offlineEmail: true,
        theme: { primaryColor: '#84cc16', position: 'right' },
      })
      expect(typeof config.body.online).toBe('boolean')
      const other = await t.client().call('widgetConfig', { params: { connectionId: simId }, token: null })
      expect(other.status).toBe(404)
      expect(other.body.error).toBe('ERR_NO_WAPP_FOUND')
      // The loader on an allowed partner page may read it; another site reads only a refusal, which the
      // loader reports as ERR_WIDGET_ORIGIN_NOT_ALLOWED (without CORS it would look like a desk out of reach).
      const cors = await t
        .client()
        .call('widgetConfig', { params: { connectionId: wc.id }, headers: { origin: PARTNER } })
      expect(cors.headers.get('access-control-allow-origin')).toBe(PARTNER)
      const foreign = await t
        .client()
        .call('widgetConfig', { params: { connectionId: wc.id }, headers: { origin: 'https://evil.example' } })
      expect([foreign.status, foreign.body.error]).toEqual([403, 'ERR_WIDGET_ORIGIN_NOT_ALLOWED'])
      expect(foreign.headers.get('access-control-allow-origin')).toBe('https://evil.example')
      expect(JSON.stringify(foreign.body)).not.toContain(PARTNER)
      // The desk's own pages (the frame) read it as before.
      const own = await t.client().call('widgetConfig', { params: { connectionId: wc.id }, headers: { origin: t.url } })
      expect(own.status).toBe(200)
    })

    it('shows the settings on the connection, never the secret, which only admins read', async () => {
      const detail = await admin.call('connectionGet', { params: { id: wc.id } })
      expect(detail.body.webChat).toMatchObject({
        allowedOrigins: [PARTNER],
        loaderPath: '/embed.js',
        framePath: `/widget/${wc.id}`,
      })
      expect(JSON.stringify(detail.body)).not.toContain(wc.secret)
      expect(JSON.stringify((await admin.call('connectionList')).body)).not.toContain(wc.secret)
      expect(wc.secret.length).toBeGreaterThanOrEqual(32)
      const refused = await agent.call('widgetSecretGet', { params: { id: wc.id } })
      expect(refused.status).toBe(403)
      expect((await admin.call('widgetSecretGet', { params: { id: simId } })).status).toBe(404)
    })

    it('opens a verified session with a partner token, and refuses expired, tampered, unsigned, foreign and too-long tokens', async () => {
      const ok = await openSession(t, wc.id, {
        token: await partnerToken(wc.secret, { sub: 'cust-1', name: 'Maria Silva', email: 'maria@shop.example' }),
      })
      expect(ok.status).toBe(200)
      expect(ok.body).toMatchObject({
        mode: 'customer',
        visitorToken: null,
        contact: { name: 'Maria Silva' },
        canReply: true,
        user: null,
        ticketId: null,
      })

      const expired = 'ERR_WIDGET_TOKEN_EXPIRED'
      const invalid = 'ERR_WIDGET_TOKEN_INVALID'
      expect(await refusal(await partnerToken(wc.secret, { sub: 'cust-1' }, { expiresIn: -60 }))).toEqual({
        status: 401,
        error: expired,
      })
      expect(await refusal(await partnerToken(wc.secret, { sub: 'cust-1' }, { expiresIn: null }))).toEqual({
        status: 401,
        error: expired,
      })
      const good = await partnerToken(wc.secret, { sub: 'cust-1' })
      const [header, , signature] = good.split('.')
      const forged = Buffer.from(JSON.stringify({ sub: 'cust-2', exp: Math.floor(Date.now() / 1000) + 600 }))
      const tampered = `${header}.${forged.toString('base64url')}.${signature}`
      for (const token of [
        tampered,
        await partnerToken('another-secret-another-secret-another', { sub: 'cust-1' }),
        unsignedToken({ sub: 'cust-1', exp: Math.floor(Date.now() / 1000) + 600 }),
        await partnerToken(wc.secret, { sub: 'cust-1' }, { alg: 'HS512' }),
        await partnerToken(wc.secret, { sub: 'cust-1', cid: simId }),
        await partnerToken(wc.secret, { sub: 'cust-1' }, { expiresIn: 25 * 60 * 60 }),
        await partnerToken(wc.secret, { customer: 'cust-1' }),
        'not-a-token',
      ]) {
        expect(await refusal(token)).toEqual({ status: 401, error: invalid })
      }
      // A token naming a ticket is agent mode, whatever else its library wrote.
      const withSub = await partnerToken(wc.secret, {
        sub: 'cust-1',
        ticketId: 2147483000,
        userEmail: 'alice@desk.test',
      })
      expect(await refusal(withSub)).toEqual({ status: 401, error: invalid })
      // The same identifier comes back to the same contact (made by their first message).
      const sent = await widgetClient(t, ok.body).send('hello')
      expect(sent.status).toBe(200)
      const again = await openSession(t, wc.id, { token: good })
      expect(again.body.contact.id).toEqual(expect.any(Number))
      const desk = await admin.call('ticketGet', { params: { id: sent.body.ticketId } })
      expect(again.body.contact.id).toBe(desk.body.contact.id)
    })

    it('gives anonymous visitors their own identity, kept by their visitor token, never a verified one', async () => {
      const first = await openSession(t, wc.id, { name: 'Jo' })
      expect(first.status).toBe(200)
      expect(first.body.visitorToken).toEqual(expect.any(String))
      const jo = widgetClient(t, first.body)
      const sent = await jo.send('Is anyone there?')
      expect(sent.status).toBe(200)

      const back = await openSession(t, wc.id, { visitorToken: first.body.visitorToken })
      // The session made no contact; the first message did, and the visitor token comes back to it.
      expect(first.body.contact.id).toBeNull()
      expect(back.body.contact.id).toEqual(expect.any(Number))
      expect(back.body.ticketId).toBe(sent.body.ticketId)
      const history = await widgetClient(t, back.body).messages()
      expect(history.body.messages.map((m) => m.body)).toContain('Is anyone there?')

      // A new anonymous visitor is someone else; a visitor token can only name an anonymous identity.
      const stranger = await openSession(t, wc.id, {})
      expect(stranger.body.contact.id).toBeNull()
      expect((await widgetClient(t, stranger.body).messages()).body.messages).toEqual([])
      const verified = await visitor('cust-1')
      for (const visitorToken of [verified.session.sessionToken, await partnerToken(wc.secret, { sub: 'cust-1' })]) {
        const res = await openSession(t, wc.id, { visitorToken })
        expect(res.status).toBe(401)
        expect((res.body as unknown as Err).error).toBe('ERR_WIDGET_TOKEN_INVALID')
      }
      // Another connection's visitor token is not this connection's visitor.
      const other = await createWebChat(admin, {}, { name: 'Second site' })
      const foreign = await openSession(t, other.id, { visitorToken: first.body.visitorToken })
      expect(foreign.status).toBe(401)
    })

    it('refuses anonymous visitors on a verified-only connection', async () => {
      const strict = await createWebChat(admin, { verifiedOnly: true }, { name: 'Members only' })
      const anonymous = await openSession(t, strict.id, { name: 'Someone' })
      expect(anonymous.status).toBe(403)
      expect((anonymous.body as unknown as Err).error).toBe('ERR_WIDGET_VERIFIED_ONLY')
      const member = await openSession(t, strict.id, { token: await partnerToken(strict.secret, { sub: 'member-7' }) })
      expect(member.status).toBe(200)
    })

    it('keeps each visitor to their own conversation, and desk and widget tokens to their own sides', async () => {
      const ana = await visitor('ana')
      const ben = await visitor('ben')
      const secret = await ana.send('My order number is 4471')
      expect(secret.status).toBe(200)
      await ben.send('Hello from Ben')
      const seen = (await ben.messages()).body.messages
      expect(seen.map((m) => m.body)).toEqual(['Hello from Ben'])
      expect(seen.some((m) => m.id === secret.body.id)).toBe(false)
      // A desk token is no widget session, and a widget session opens no desk route.
      expect((await agent.call('widgetMessages')).status).toBe(401)
      const asDesk = await ana.client.call('ticketList')
      expect([401, 403]).toContain(asDesk.status)
      expect(
        (await ana.client.call('messageList', { params: { ticketId: secret.body.ticketId } })).status,
      ).toBeGreaterThanOrEqual(401)
    })

    it('catches up after a reconnect with `after`, pages back with `before`, and stores a retried clientId once', async () => {
      const vic = await visitor('vic')
      const ids: number[] = []
      for (const body of ['one', 'two', 'three', 'four']) ids.push((await vic.send(body)).body.id)
      const after = await vic.messages({ after: ids[1] })
      expect(after.body.messages.map((m) => m.body)).toEqual(['three', 'four'])
      expect(after.body.hasMore).toBe(false)
      const paged = await vic.messages({ after: ids[0], limit: 2 })
      expect(paged.body).toMatchObject({ hasMore: true, messages: [{ body: 'two' }, { body: 'three' }] })
      const back = await vic.messages({ before: ids[3], limit: 2 })
      expect(back.body).toMatchObject({ hasMore: true, messages: [{ body: 'two' }, { body: 'three' }] })

      const clientId = newClientId()
      const first = await vic.send('only once', clientId)
      const retry = await vic.send('only once', clientId)
      expect(retry.status).toBe(200)
      expect(retry.body).toEqual(first.body)
      expect(first.body).toMatchObject({ clientId, fromCustomer: true, ack: 2 })
      const all = (await vic.messages()).body.messages
      expect(all.filter((m) => m.body === 'only once')).toHaveLength(1)
      // The same clientId from another visitor is their own message.
      const other = await (await visitor('wendy')).send('only once', clientId)
      expect(other.body.id).not.toBe(first.body.id)
    })

    it('reads an upload by its content, not its name, and serves it only at the address the conversation gives', async () => {
      const up = await visitor('uploader')
      const upload = async (data: Buffer, name: string) => {
        const form = new FormData()
        form.append('clientId', newClientId())
        form.append('body', 'see attached')
        form.append('medias', new Blob([new Uint8Array(data)]), name)
        const res = await fetch(`${t.url}${apiPath('widgetSend')}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${up.session.sessionToken}` },
          body: form,
        })
        return { status: res.status, body: (await res.json()) as WidgetMessage }
      }
      const picture = await upload(PNG, 'invoice.exe')
      expect(picture.status).toBe(200)
      expect(picture.body).toMatchObject({ mediaType: 'image', body: 'see attached' })
      expect(picture.body.mediaUrl).toMatch(/\.png$/)
      const file = await fetch(new URL(picture.body.mediaUrl!, t.url))
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('image/png')
      // Two files at once: two messages, the caption on the first, each stored once on a retry.
      const twice = new FormData()
      twice.append('clientId', 'two-files-0001')
      twice.append('body', 'both receipts')
      twice.append('medias', new Blob([new Uint8Array(PNG)]), 'a.png')
      twice.append('medias', new Blob([new Uint8Array(Buffer.from('%PDF-1.4'))]), 'b.pdf')
      const both = async () =>
        fetch(`${t.url}${apiPath('widgetSend')}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${up.session.sessionToken}` },
          body: twice,
        })
      const firstOfTwo = (await (await both()).json()) as WidgetMessage
      expect(firstOfTwo).toMatchObject({ clientId: 'two-files-0001', body: 'both receipts', mediaType: 'image' })
      expect(((await (await both()).json()) as WidgetMessage).id).toBe(firstOfTwo.id)
      const stored = (await up.messages({ after: firstOfTwo.id - 1 })).body.messages
      expect(stored.map((m) => [m.clientId, m.body, m.mediaUrl?.split('.').pop()])).toEqual([
        ['two-files-0001', 'both receipts', 'png'],
        ['two-files-0001-2', '', 'pdf'],
      ])

      const script = await upload(Buffer.from('<script>alert(1)</script>'), 'photo.png')
      expect(script.body.mediaType).toBe('other')
      expect(script.body.mediaUrl).toMatch(/\.bin$/)
      // The desk sees the same file on the ticket.
      const desk = await admin.call('messageList', { params: { ticketId: picture.body.ticketId } })
      expect(desk.body.messages.map((m) => m.mediaType)).toContain('image')
    })

    it('lets a visitor leave an e-mail address, and keeps the contact editable in the desk', async () => {
      const kim = await visitor('kim')
      const saved = await kim.client.call('widgetContact', { body: { email: 'kim@mail.example' } })
      expect(saved.status).toBe(200)
      expect(saved.body).toEqual({ name: kim.session.contact.name, email: 'kim@mail.example' })
      // Leaving an address before any message makes the contact, as a first message would.
      const kimId = (await visitor('kim')).session.contact.id!
      const contact = await admin.call('contactGet', { params: { id: kimId } })
      expect(contact.body).toMatchObject({ email: 'kim@mail.example', number: null })
      const edited = await admin.call('contactUpdate', {
        params: { id: kimId },
        body: {
          ...contact.body,
          name: 'Kim from the shop',
        },
      })
      expect(edited.status).toBe(200)
      // Renaming the contact does not change who the visitor is.
      const again = await visitor('kim')
      expect(again.session.contact).toEqual({ id: kimId, name: 'Kim from the shop' })
      expect((await kim.client.call('widgetQuickAnswers')).status).toBe(403)
    })

    it('mints partner tokens for the holder of the API token only', async () => {
      const apiToken = (await t.server.services.settings.getValue('userApiToken'))!
      const wrong = await t.client().call('widgetToken', {
        body: {
          token: 'nope',
          connectionId: wc.id,
          identifier: 'x',
        },
      })
      expect(wrong.status).toBe(403)
      const missing = await t.client().call('widgetToken', { body: { connectionId: wc.id, identifier: 'x' } })
      expect(missing.status).toBe(401)
      const minted = await t.client().call('widgetToken', {
        body: {
          token: apiToken,
          connectionId: wc.id,
          identifier: 'crm-42',
          name: 'Pat Doe',
          expiresIn: 120,
        },
      })
      expect(minted.status).toBe(200)
      const opened = await openSession(t, wc.id, { token: minted.body.token })
      expect(opened.body).toMatchObject({ mode: 'customer', contact: { name: 'Pat Doe' } })
      const notWebChat = await t.client().call('widgetToken', {
        body: {
          token: apiToken,
          connectionId: simId,
          identifier: 'x',
        },
      })
      expect(notWebChat.status).toBe(404)
    })

    it('forgets a visitor whose contact the desk deleted: their session shows nothing, they come back as someone new', async () => {
      const lee = await visitor('lee')
      const first = await lee.send('please forget me')
      const contactId = (await visitor('lee')).session.contact.id!
      expect((await admin.call('contactDelete', { params: { id: contactId } })).status).toBe(204)
      expect((await lee.messages()).body.messages).toEqual([])
      const again = await visitor('lee')
      expect(again.session.contact.id).toBeNull()
      expect((await again.messages()).body.messages).toEqual([])
      const next = await again.send('hello again')
      expect(next.body.ticketId).not.toBe(first.body.ticketId)
      const fresh = await visitor('lee')
      expect(fresh.session.contact.id).not.toBe(contactId)
    })

    it('takes no message while an admin has disconnected the connection, and again once started', async () => {
      const site = await createWebChat(admin, {}, { name: 'Paused site' })
      const opened = await openSession(t, site.id, {})
      const paused = widgetClient(t, opened.body as WidgetSession)
      expect((await admin.call('sessionDisconnect', { params: { id: site.id } })).status).toBe(200)
      const refused = await paused.send('anyone?')
      expect(refused.status).toBe(503)
      expect((refused.body as unknown as Err).error).toBe('ERR_WAPP_NOT_INITIALIZED')
      expect((await admin.call('sessionStart', { params: { id: site.id } })).body).toMatchObject({
        status: 'CONNECTED',
      })
      expect((await paused.send('anyone now?')).status).toBe(200)
    })

    it('rotates the secret: tokens of the old one are refused and open sessions end', async () => {
      const site = await createWebChat(admin, {}, { name: 'Rotating site' })
      const oldToken = await partnerToken(site.secret, { sub: 'rory' })
      const opened = await openSession(t, site.id, { token: oldToken })
      const rory = widgetClient(t, opened.body as WidgetSession)
      expect((await rory.messages()).status).toBe(200)
      expect((await rory.send('before the rotation')).status).toBe(200)
      expect((await agent.call('widgetSecretRotate', { params: { id: site.id } })).status).toBe(403)
      const rotated = await admin.call('widgetSecretRotate', { params: { id: site.id } })
      expect(rotated.status).toBe(200)
      expect(rotated.body.secret).not.toBe(site.secret)
      expect(rotated.body.rotatedAt).toEqual(expect.any(String))
      const ended = await rory.messages()
      expect(ended.status).toBe(401)
      expect((ended.body as unknown as Err).error).toBe('ERR_WIDGET_TOKEN_EXPIRED')
      const stale = await openSession(t, site.id, { token: oldToken })
      expect((stale.body as unknown as Err).error).toBe('ERR_WIDGET_TOKEN_INVALID')
      const fresh = await openSession(t, site.id, { token: await partnerToken(rotated.body.secret, { sub: 'rory' }) })
      expect(fresh.body.contact.id).toEqual(expect.any(Number))
      const kept = await widgetClient(t, fresh.body).messages()
      expect(kept.body.messages.map((m) => m.body)).toContain('before the rotation')
    })
  })
}

describe('the widget send limit', () => {
  let t: TestServer

  beforeAll(async () => {
    t = await startTestServer('sqlite', { widgetRateLimit: { sendsPerMinute: 3, sendBurst: 2 } })
  })
  afterAll(() => t?.close())

  it("refuses a visitor's messages past the burst with Retry-After, and counts each visitor apart", async () => {
    const admin = await bootstrapAdmin(t)
    const wc = await createWebChat(admin)
    const open = async () => widgetClient(t, (await openSession(t, wc.id, {})).body)
    const fast = await open()
    expect((await fast.send('one')).status).toBe(200)
    expect((await fast.send('two')).status).toBe(200)
    const third = await fast.send('three')
    expect(third.status).toBe(429)
    expect((third.body as unknown as Err).error).toBe('ERR_RATE_LIMITED')
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await (await open()).send('someone else')).status).toBe(200)
  })
})
