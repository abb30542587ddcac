import { type CloudChangeValue, parseLocationBody, parseVcardBody } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { coordinatesOf, mapCloudChange, signCloudBody, verifyCloudSignature } from '../../src/drivers/cloud-api'
import { cloudChange, postMetaWebhook } from '../support/cloud'
import { connectSimulator } from '../support/desk'
import { drivers } from '../support/drivers'
import { startGraphFake } from '../support/graph-fake'
import {
  apiPath,
  bootstrapAdmin,
  type Client,
  type QueryValue,
  startTestServer,
  type TestServer,
} from '../support/server'

const PHONE_ID = '106540352242922'
const APP_SECRET = 'app-secret-for-tests'
const VERIFY_TOKEN = 'verify-me'
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')

const change = (value: Partial<CloudChangeValue>, phoneNumberId = PHONE_ID) => cloudChange(value, phoneNumberId)

const textFrom = (from: string, id: string, body: string, name = 'Maria') =>
  change({
    contacts: [{ wa_id: from, profile: { name } }],
    messages: [{ from, id, timestamp: '1700000000', type: 'text', text: { body } }],
  })

const statusOf = (id: string, status: string) =>
  change({ statuses: [{ id, status, timestamp: '1700000001', recipient_id: '5511900000001' }] })

describe('cloud-api payloads', () => {
  it('accepts only the exact body signed with the app secret', () => {
    const body = Buffer.from('{"object":"whatsapp_business_account"}')
    const good = signCloudBody(body, APP_SECRET)
    expect(verifyCloudSignature(body, good, APP_SECRET)).toBe(true)
    expect(verifyCloudSignature(body, good.toUpperCase().replace('SHA256=', 'sha256='), APP_SECRET)).toBe(true)
    expect(verifyCloudSignature(Buffer.from(`${body} `), good, APP_SECRET)).toBe(false)
    expect(verifyCloudSignature(body, signCloudBody(body, 'another-secret'), APP_SECRET)).toBe(false)
    expect(verifyCloudSignature(body, undefined, APP_SECRET)).toBe(false)
    expect(verifyCloudSignature(body, 'sha256=abc', APP_SECRET)).toBe(false)
    expect(verifyCloudSignature(body, good, '')).toBe(false)
  })

  it('maps every kind of inbound message, the senders names and the statuses', () => {
    const { messages, statuses } = mapCloudChange(
      change({
        contacts: [{ wa_id: '5511900000001', profile: { name: 'Maria' } }],
        messages: [
          { from: '5511900000001', id: 'w1', timestamp: '1', type: 'text', text: { body: 'hi' } },
          {
            from: '5511900000001',
            id: 'w2',
            timestamp: '1',
            type: 'image',
            image: { id: 'M1', mime_type: 'image/jpeg', caption: 'look' },
            context: { from: '15550001111', id: 'wamid.OUT1' },
          },
          { from: '5511900000001', id: 'w3', timestamp: '1', type: 'audio', audio: { id: 'M2', voice: true } },
          {
            from: '5511900000001',
            id: 'w4',
            timestamp: '1',
            type: 'document',
            document: { id: 'M3', filename: 'invoice.pdf', mime_type: 'application/pdf' },
          },
          {
            from: '5511900000002',
            id: 'w5',
            timestamp: '1',
            type: 'location',
            location: { latitude: -23.5, longitude: -46.6, name: 'Office', address: 'Av. Paulista 1000' },
          },
          {
            from: '5511900000001',
            id: 'w6',
            timestamp: '1',
            type: 'contacts',
            contacts: [
              {
                name: { formatted_name: 'Ana Souza' },
                phones: [{ phone: '+55 11 98888-7777', wa_id: '5511988887777' }],
              },
            ],
          },
          {
            from: '5511900000001',
            id: 'w7',
            timestamp: '1',
            type: 'reaction',
            reaction: { message_id: 'w1', emoji: '👍' },
          },
          { from: '5511900000001', id: 'w8', timestamp: '1', type: 'unsupported' },
        ],
        statuses: [
          { id: 'wamid.OUT1', status: 'delivered', timestamp: '2', recipient_id: '5511900000001' },
          { id: 'wamid.OUT1', status: 'read', timestamp: '3', recipient_id: '5511900000001' },
          { id: 'wamid.OUT2', status: 'failed', timestamp: '3', recipient_id: '5511900000001' },
        ],
      }).entry[0]!.changes[0]!.value,
    )
    expect(messages.map((m) => [m.providerMessageId, m.mediaType, m.name])).toEqual([
      ['w1', 'chat', 'Maria'],
      ['w2', 'image', 'Maria'],
      ['w3', 'audio', 'Maria'],
      ['w4', 'other', 'Maria'],
      ['w5', 'location', undefined],
      ['w6', 'vcard', 'Maria'],
    ])
    expect(messages[1]).toMatchObject({ body: 'look', quotedProviderMessageId: 'wamid.OUT1', mediaRef: { id: 'M1' } })
    expect(messages[3]?.mediaRef).toEqual({ id: 'M3', mimeType: 'application/pdf', fileName: 'invoice.pdf' })
    const location = parseLocationBody(messages[4]!.body)
    expect(location?.link).toContain('-23.5')
    expect(location?.description).toBe('Office\nAv. Paulista 1000')
    expect(parseVcardBody(messages[5]!.body)).toMatchObject({ name: 'Ana Souza', number: '5511988887777' })
    expect(statuses).toEqual([
      { providerMessageId: 'wamid.OUT1', ack: 2, failed: false },
      { providerMessageId: 'wamid.OUT1', ack: 3, failed: false },
      { providerMessageId: 'wamid.OUT2', ack: null, failed: true },
    ])
  })

  it('reads coordinates out of map links', () => {
    expect(coordinatesOf('https://maps.google.com/maps?q=-23.56%2C-46.65&z=17')).toEqual({
      latitude: -23.56,
      longitude: -46.65,
    })
    expect(coordinatesOf('https://www.google.com/maps/@40.7,-74.0,15z')).toEqual({ latitude: 40.7, longitude: -74 })
    expect(coordinatesOf('https://example.com/place')).toBeNull()
  })
})

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`cloud-api connection (${driver})`, () => {
    let token = 'token-1'
    let graph: Awaited<ReturnType<typeof startGraphFake>>
    let t: TestServer
    let admin: Client
    let connectionId: number

    beforeAll(async () => {
      graph = await startGraphFake(() => token)
      t = await startTestServer(driver, {
        simulator: { qrRefreshMs: 0 },
        autoCloseHours: 0,
        cloudApiBaseUrl: graph.url,
      })
      admin = await bootstrapAdmin(t)
      const created = await admin.call('connectionCreate', {
        body: {
          name: 'Cloud line',
          driver: 'cloud-api',
          cloudApi: { phoneNumberId: PHONE_ID, accessToken: token, verifyToken: VERIFY_TOKEN, appSecret: APP_SECRET },
        },
      })
      connectionId = created.body.id
    })
    afterAll(async () => {
      await t?.close()
      await graph?.close()
    })

    const hook = (payload: unknown, signature?: string | null) =>
      postMetaWebhook(t.client(), 'webhookReceive', connectionId, payload, APP_SECRET, signature)
    const messageCount = async () =>
      Number(
        (
          await t.server.db
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const ticketOf = async (number: string) => {
      const list = await admin.call('ticketList', { query: { showAll: true, searchParam: number } })
      return list.body.tickets[0]!
    }
    /** The customer's ticket, accepted by the admin so the desk may answer on it. */
    const openTicketOf = async (number: string) => {
      const ticket = await ticketOf(number)
      if (ticket.status !== 'open')
        await admin.call('ticketUpdate', { params: { id: ticket.id }, body: { status: 'open' } })
      return ticket
    }

    it('is connected as soon as it is configured, without a QR code', async () => {
      const connection = await admin.call('connectionGet', { params: { id: connectionId } })
      expect(connection.body).toMatchObject({ status: 'CONNECTED', qrcode: null, driver: 'cloud-api' })
    })

    it('answers the verification handshake only with the right token', async () => {
      const verify = (query: Record<string, QueryValue>) =>
        t.client().call('webhookVerify', { params: { connectionId }, query, token: null })
      const ok = await verify({
        'hub.mode': 'subscribe',
        'hub.verify_token': VERIFY_TOKEN,
        'hub.challenge': 1158201444,
      })
      expect(ok.status).toBe(200)
      expect(ok.body).toBe('1158201444')
      const wrong = await verify({ 'hub.mode': 'subscribe', 'hub.verify_token': 'nope', 'hub.challenge': 1 })
      expect(wrong.status).toBe(403)
      const mode = await verify({ 'hub.mode': 'unsubscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': 1 })
      expect(mode.status).toBe(403)
      const sim = await connectSimulator(admin, { name: 'Sim line' })
      const notCloud = await t.client().call('webhookVerify', {
        params: { connectionId: sim.id },
        query: { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': 1 },
        token: null,
      })
      expect(notCloud.status).toBe(404)
    })

    it('refuses a delivery with a bad or missing signature and stores nothing', async () => {
      const before = await messageCount()
      const payload = textFrom('5511900000009', 'wamid.FORGED', 'forged')
      expect((await hook(payload, null)).status).toBe(403)
      expect((await hook(payload, signCloudBody('{}', APP_SECRET))).status).toBe(403)
      expect((await hook(payload, signCloudBody(JSON.stringify(payload), 'wrong-secret'))).status).toBe(403)
      expect(await messageCount()).toBe(before)
      const list = await admin.call('ticketList', { query: { showAll: true, searchParam: 'forged' } })
      expect(list.body.count).toBe(0)
    })

    it('stores a customer message once however often it is delivered, with the profile name', async () => {
      const payload = textFrom('5511900000001', 'wamid.IN1', 'Hello from the cloud')
      const first = await hook(payload)
      expect(first.status).toBe(200)
      expect(first.body).toMatchObject({ messages: 1 })
      const before = await messageCount()
      expect((await hook(payload)).status).toBe(200)
      expect(await messageCount()).toBe(before)
      const ticket = await ticketOf('5511900000001')
      expect(ticket).toMatchObject({ status: 'pending', lastMessage: 'Hello from the cloud', whatsappId: connectionId })
      expect(ticket.contact).toMatchObject({ name: 'Maria', number: '5511900000001' })
    })

    it("reads the customer's last message time, which the reply window is measured from", async () => {
      const before = Date.now()
      expect((await hook(textFrom('5511900000031', 'wamid.WIN1', 'Still there?', 'Rita'))).status).toBe(200)
      const ticket = await ticketOf('5511900000031')
      const read = await admin.call('ticketGet', { params: { id: ticket.id } })
      const at = Date.parse(read.body.lastCustomerMessageAt ?? '')
      expect(at).toBeGreaterThanOrEqual(before - 1000)
      expect(at).toBeLessThanOrEqual(Date.now())
      const opened = await openTicketOf('5511900000031')
      await admin.call('messageSend', { params: { ticketId: opened.id }, body: { body: 'Yes, here' } })
      const after = await admin.call('ticketGet', { params: { id: ticket.id } })
      expect(after.body.lastCustomerMessageAt).toBe(read.body.lastCustomerMessageAt)
      expect(ticket.lastCustomerMessageAt).toBeUndefined()
    })

    it('downloads inbound media through the Graph API', async () => {
      graph.addMedia('MEDIA-IN-1', PNG, 'image/png')
      const payload = change({
        contacts: [{ wa_id: '5511900000001', profile: { name: 'Maria' } }],
        messages: [
          {
            from: '5511900000001',
            id: 'wamid.IN2',
            timestamp: '1700000002',
            type: 'image',
            image: { id: 'MEDIA-IN-1', mime_type: 'image/png', caption: 'my receipt' },
          },
        ],
      })
      expect((await hook(payload)).status).toBe(200)
      expect(graph.calls.find((c) => c.path === '/MEDIA-IN-1')?.authorization).toBe(`Bearer ${token}`)
      const ticket = await ticketOf('5511900000001')
      const page = await admin.call('messageList', { params: { ticketId: ticket.id } })
      const image = page.body.messages.find((m) => m.body === 'my receipt')!
      expect(image.mediaType).toBe('image')
      const served = await fetch(`${t.url}${image.mediaUrl}`)
      expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG)
      // Reading the conversation tells the network, naming the newest message.
      expect(graph.sends().at(-1)?.body).toEqual({
        messaging_product: 'whatsapp',
        status: 'read',
        message_id: 'wamid.IN2',
      })
    })

    it('sends text, quoted replies and files through the Graph API with the access token', async () => {
      const ticket = await openTicketOf('5511900000001')
      const quoted = (await admin.call('messageList', { params: { ticketId: ticket.id } })).body.messages.find(
        (m) => m.body === 'Hello from the cloud',
      )!
      const sent = await admin.call('messageSend', {
        params: { ticketId: ticket.id },
        body: {
          body: 'How can I help?',
          quotedMsg: quoted,
        },
      })
      expect(sent.status).toBe(200)
      expect(sent.body.messages[0]).toMatchObject({ error: null, ack: 1 })
      const call = graph.sends().at(-1)!
      expect(call).toMatchObject({
        path: `/${PHONE_ID}/messages`,
        authorization: `Bearer ${token}`,
        contentType: 'application/json',
      })
      expect(call.body).toEqual({
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: '5511900000001',
        type: 'text',
        text: { body: 'How can I help?', preview_url: false },
        context: { message_id: 'wamid.IN1' },
      })

      const form = new FormData()
      form.set('medias', new Blob([PNG], { type: 'image/png' }), 'photo.png')
      form.set('body', 'here it is')
      const upload = await fetch(`${t.url}${apiPath('messageSend', { ticketId: ticket.id })}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      })
      expect(upload.status).toBe(200)
      const uploadCall = graph.calls.find((c) => c.path === `/${PHONE_ID}/media`)!
      expect(uploadCall.contentType).toMatch(/^multipart\/form-data/)
      expect(uploadCall.body).toContain('name="messaging_product"')
      expect(uploadCall.body).toContain(PNG.toString('latin1'))
      const mediaSend = graph.sends().at(-1)!.body as { type: string; image: { id: string; caption: string } }
      expect(mediaSend.type).toBe('image')
      expect(mediaSend.image.caption).toBe('here it is')
      expect(mediaSend.image.id).toMatch(/^MEDIA\d+$/)
    })

    it('sends locations with their coordinates and contact cards as contacts', async () => {
      const ticket = await openTicketOf('5511900000001')
      await admin.call('messageSend', {
        params: { ticketId: ticket.id },
        body: {
          location: { latitude: -23.5614, longitude: -46.6558, description: 'Office\nAv. Paulista, 1000' },
        },
      })
      expect(graph.sends().at(-1)?.body).toMatchObject({
        type: 'location',
        location: { latitude: -23.5614, longitude: -46.6558, name: 'Office', address: 'Av. Paulista, 1000' },
      })
      await admin.call('messageSend', {
        params: { ticketId: ticket.id },
        body: { vcard: { name: 'Ana Souza', number: '+55 11 98888-7777' } },
      })
      expect(graph.sends().at(-1)?.body).toMatchObject({
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Ana Souza' },
            phones: [{ phone: '+5511988887777', wa_id: '5511988887777', type: 'CELL' }],
          },
        ],
      })
    })

    it('moves acks forward from statuses and marks a message the network gave up on', async () => {
      const ticket = await openTicketOf('5511900000001')
      const first = (await admin.call('messageSend', { params: { ticketId: ticket.id }, body: { body: 'one' } })).body
        .messages[0]!
      const second = (await admin.call('messageSend', { params: { ticketId: ticket.id }, body: { body: 'two' } })).body
        .messages[0]!
      const idOf = async (messageId: number | string) =>
        (
          await t.server.db
            .selectFrom('messages')
            .select('providerMessageId')
            .where('id', '=', Number(messageId))
            .executeTakeFirstOrThrow()
        ).providerMessageId!
      const wamid = await idOf(first.id)
      expect((await hook(statusOf(wamid, 'read'))).status).toBe(200)
      expect((await hook(statusOf(wamid, 'delivered'))).status).toBe(200)
      expect((await hook(statusOf(await idOf(second.id), 'failed'))).status).toBe(200)
      const page = (await admin.call('messageList', { params: { ticketId: ticket.id } })).body.messages
      expect(page.find((m) => m.id === first.id)).toMatchObject({ ack: 3, error: null })
      expect(page.find((m) => m.id === second.id)).toMatchObject({ body: 'two', error: 'ERR_SENDING_WAPP_MSG' })
    })

    it('keeps a send the Graph API refuses, with its error', async () => {
      graph.failFor.add('5511900000003')
      expect((await hook(textFrom('5511900000003', 'wamid.IN3', 'hi', 'Rui'))).status).toBe(200)
      const ticket = await openTicketOf('5511900000003')
      const sent = await admin.call('messageSend', { params: { ticketId: ticket.id }, body: { body: 'Hello Rui' } })
      expect(sent).toMatchObject({ status: 502, body: { error: 'ERR_SENDING_WAPP_MSG' } })
      const page = (await admin.call('messageList', { params: { ticketId: ticket.id } })).body.messages
      expect(page.at(-1)).toMatchObject({ body: 'Hello Rui', error: 'ERR_SENDING_WAPP_MSG' })
    })

    it('skips changes for another phone number, and uses new settings at once', async () => {
      const other = textFrom('5511900000004', 'wamid.OTHER', 'not for us')
      other.entry[0]!.changes[0]!.value.metadata.phone_number_id = '999'
      expect((await hook(other)).body).toMatchObject({ messages: 0 })
      expect(
        (await admin.call('ticketList', { query: { showAll: true, searchParam: '5511900000004' } })).body.count,
      ).toBe(0)

      token = 'token-2'
      const edited = await admin.call('connectionUpdate', {
        params: { id: connectionId },
        body: {
          cloudApi: { accessToken: token },
        },
      })
      expect(edited.body.status).toBe('CONNECTED')
      const ticket = await openTicketOf('5511900000001')
      const sent = await admin.call('messageSend', { params: { ticketId: ticket.id }, body: { body: 'new token' } })
      expect(sent.body.messages[0]?.error).toBeNull()
      expect(graph.sends().at(-1)?.authorization).toBe('Bearer token-2')
    })

    it('answers 503 while the session is stopped, so the network delivers again', async () => {
      await admin.call('sessionDisconnect', { params: { id: connectionId } })
      const payload = textFrom('5511900000005', 'wamid.LATER', 'later')
      expect((await hook(payload)).status).toBe(503)
      await admin.call('sessionStart', { params: { id: connectionId } })
      expect((await hook(payload)).status).toBe(200)
      expect((await ticketOf('5511900000005')).lastMessage).toBe('later')
    })
  })
}
