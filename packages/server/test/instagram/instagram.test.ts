import type { InstagramWebhookPayload, Job } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signCloudBody } from '../../src/drivers/cloud-api'
import { postMetaWebhook } from '../support/cloud'
import { connectSimulator } from '../support/desk'
import { drivers } from '../support/drivers'
import { startInstagramFake } from '../support/instagram-fake'
import { recipientsOf, waitForJob } from '../support/jobs'
import {
  apiPath,
  bootstrapAdmin,
  type Client,
  type QueryValue,
  startTestServer,
  type TestServer,
} from '../support/server'

const ACCOUNT_ID = '17841400000000001'
const APP_SECRET = 'instagram-app-secret'
const VERIFY_TOKEN = 'verify-instagram'
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')
const DAY = 24 * 60 * 60 * 1000

let sequence = 0
/** One delivery of Meta's webhook with one customer message. */
const delivery = (
  sender: string,
  message: NonNullable<InstagramWebhookPayload['entry'][number]['messaging']>[number]['message'],
  account = ACCOUNT_ID,
): InstagramWebhookPayload => ({
  object: 'instagram',
  entry: [
    {
      id: account,
      time: Date.now(),
      messaging: [{ sender: { id: sender }, recipient: { id: account }, timestamp: Date.now(), message }],
    },
  ],
})
const text = (sender: string, body: string) => delivery(sender, { mid: `mid.IN${++sequence}`, text: body })

/**
 * Instagram direct on Meta's official API, against a local fake of the Instagram API: the webhook's handshake
 * and signatures, a customer's message to a ticket, the agent's answer (text, image), the 24-hour window and the
 * 7-day human-agent window, and the seed's `/sendDirect` as a job that skips names it cannot reach.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`Instagram connection (${driver})`, () => {
    const token = 'ig-access-token'
    let graph: Awaited<ReturnType<typeof startInstagramFake>>
    let t: TestServer
    let admin: Client
    let connectionId: number

    beforeAll(async () => {
      graph = await startInstagramFake(() => token)
      t = await startTestServer(driver, {
        simulator: { qrRefreshMs: 0 },
        autoCloseHours: 0,
        instagramBaseUrl: graph.url,
        publicUrl: 'https://desk.example.test',
        directPace: { minInterval: 0, maxInterval: 0 },
        jobs: { pollMs: 50 },
      })
      admin = await bootstrapAdmin(t)
      const created = await admin.call('connectionCreate', {
        body: {
          name: 'Shop Instagram',
          driver: 'instagram',
          instagram: { accountId: ACCOUNT_ID, accessToken: token, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN },
        },
      })
      expect(created.status).toBe(200)
      connectionId = created.body.id
    })
    afterAll(async () => {
      await t?.close()
      await graph?.close()
    })

    const hook = (payload: unknown, signature?: string | null) =>
      postMetaWebhook(t.client(), 'instagramWebhookReceive', connectionId, payload, APP_SECRET, signature)
    const messageCount = async () =>
      Number(
        (
          await t.server.db
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    /** A customer who writes now: their ticket, accepted by the admin. */
    const customerWrites = async (igsid: string, username: string, body = 'Oi! Tem o vestido azul?') => {
      graph.addProfile(igsid, {
        username,
        name: `Cliente ${username}`,
        profile_pic: `https://cdn.example/${username}.jpg`,
      })
      expect((await hook(text(igsid, body))).status).toBe(200)
      const row = await t.server.db
        .selectFrom('instagram_accounts')
        .select('contactId')
        .where('igsid', '=', igsid)
        .executeTakeFirstOrThrow()
      const ticket = await t.server.db
        .selectFrom('tickets')
        .select('id')
        .where('contactId', '=', row.contactId)
        .where('status', '!=', 'closed')
        .executeTakeFirstOrThrow()
      await admin.call('ticketUpdate', { params: { id: ticket.id }, body: { status: 'open' } })
      return { ticketId: ticket.id, contactId: row.contactId }
    }
    /** Moves every message of the contact `ago` milliseconds into the past. */
    const wroteAgo = async (contactId: number, ago: number) => {
      const at = new Date(Date.now() - ago).toISOString()
      const tickets = await t.server.db.selectFrom('tickets').select('id').where('contactId', '=', contactId).execute()
      await t.server.db
        .updateTable('messages')
        .set({ createdAt: at })
        .where(
          'ticketId',
          'in',
          tickets.map((r) => r.id),
        )
        .execute()
    }

    it('is connected once configured, and answers its settings without the secrets', async () => {
      const connection = await admin.call('connectionGet', { params: { id: connectionId } })
      expect(connection.body).toMatchObject({
        status: 'CONNECTED',
        driver: 'instagram',
        instagram: {
          provider: 'graph',
          accountId: ACCOUNT_ID,
          hasAccessToken: true,
          hasAppSecret: true,
          webhookPath: `/webhooks/instagram/${connectionId}`,
        },
      })
      expect(JSON.stringify(connection.body)).not.toContain(token)
      expect(JSON.stringify(connection.body)).not.toContain(APP_SECRET)
    })

    it('answers the verification handshake only with the right token', async () => {
      const verify = (id: number, query: Record<string, QueryValue>) =>
        t.client().call('instagramWebhookVerify', { params: { connectionId: id }, query, token: null })
      const ok = await verify(connectionId, {
        'hub.mode': 'subscribe',
        'hub.verify_token': VERIFY_TOKEN,
        'hub.challenge': 'challenge-42',
      })
      expect([ok.status, ok.body]).toEqual([200, 'challenge-42'])
      const wrong = await verify(connectionId, {
        'hub.mode': 'subscribe',
        'hub.verify_token': 'no',
        'hub.challenge': 1,
      })
      expect(wrong.status).toBe(403)
      const sim = await connectSimulator(admin, { name: 'WhatsApp line' })
      const other = await verify(sim.id, {
        'hub.mode': 'subscribe',
        'hub.verify_token': VERIFY_TOKEN,
        'hub.challenge': 1,
      })
      expect(other.status).toBe(404)
    })

    it('changes nothing on an unsigned or wrongly signed delivery', async () => {
      const before = await messageCount()
      const payload = text('9900000000000001', 'forged')
      expect((await hook(payload, null)).status).toBe(403)
      expect((await hook(payload, signCloudBody('{}', APP_SECRET))).status).toBe(403)
      expect((await hook(payload, signCloudBody(JSON.stringify(payload), 'another-secret'))).status).toBe(403)
      expect(await messageCount()).toBe(before)
      const accounts = await t.server.db.selectFrom('instagram_accounts').selectAll().execute()
      expect(accounts).toEqual([])
    })

    it('turns a direct message into a ticket of a contact without a number, named from the profile, once', async () => {
      graph.addProfile('9900000000000002', {
        username: 'Ana.Moda',
        name: 'Ana Lima',
        profile_pic: 'https://cdn.example/ana.jpg',
      })
      const payload = text('9900000000000002', 'Quanto custa a bolsa?')
      const first = await hook(payload)
      expect([first.status, first.body]).toEqual([200, { messages: 1 }])
      const before = await messageCount()
      expect((await hook(payload)).status).toBe(200)
      expect(await messageCount()).toBe(before)
      const list = await admin.call('ticketList', { query: { showAll: true, searchParam: 'Ana Lima' } })
      const ticket = list.body.tickets[0]!
      expect(ticket).toMatchObject({
        status: 'pending',
        lastMessage: 'Quanto custa a bolsa?',
        whatsappId: connectionId,
      })
      expect(ticket.contact).toMatchObject({
        name: 'Ana Lima',
        number: null,
        profilePicUrl: 'https://cdn.example/ana.jpg',
      })
      expect(ticket.whatsapp).toMatchObject({ driver: 'instagram' })
      const account = await t.server.db.selectFrom('instagram_accounts').selectAll().executeTakeFirstOrThrow()
      expect(account).toMatchObject({ igsid: '9900000000000002', username: 'ana.moda', contactId: ticket.contactId })
      // The business's own echo of a send is no customer message.
      const echo = delivery(ACCOUNT_ID, { mid: 'mid.ECHO1', text: 'echo', is_echo: true })
      expect((await hook(echo)).body).toEqual({ messages: 0 })
    })

    it('shows story replies and mentions as such, with the story link, and downloads images', async () => {
      graph.addProfile('9900000000000003', { username: 'bia' })
      const story = 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1'
      await hook(
        delivery('9900000000000003', { mid: 'mid.S1', text: 'Amei!', reply_to: { story: { url: story, id: '1' } } }),
      )
      await hook(
        delivery('9900000000000003', {
          mid: 'mid.S2',
          attachments: [{ type: 'story_mention', payload: { url: story } }],
        }),
      )
      const image = graph.addFile('photo.png', PNG, 'image/png')
      await hook(
        delivery('9900000000000003', { mid: 'mid.S3', attachments: [{ type: 'image', payload: { url: image } }] }),
      )
      const row = await t.server.db
        .selectFrom('messages')
        .select('ticketId')
        .where('providerMessageId', '=', 'mid.S1')
        .executeTakeFirstOrThrow()
      const messages = (await admin.call('messageList', { params: { ticketId: row.ticketId } })).body.messages
      const byBody = messages.map((m) => [m.body, m.mediaType, m.story ?? null])
      expect(byBody).toEqual([
        ['Amei!', 'chat', { kind: 'reply', url: story }],
        ['', 'chat', { kind: 'mention', url: story }],
        ['', 'image', null],
      ])
      const picture = messages[2]!
      const file = await fetch(`${t.url}${new URL(picture.mediaUrl!).pathname}`)
      expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true)
      const contact = (await admin.call('ticketGet', { params: { id: row.ticketId } })).body.contact
      expect(contact.name).toBe('@bia')
    })

    it("sends the agent's answer to the customer's Instagram-scoped id: text, then an image by its public address", async () => {
      const { ticketId } = await customerWrites('9900000000000004', 'carla')
      const sent = await admin.call('messageSend', { params: { ticketId }, body: { body: 'Temos sim!' } })
      expect(sent.status).toBe(200)
      const form = new FormData()
      form.append('body', '')
      form.append('medias', new Blob([PNG], { type: 'image/png' }), 'vestido.png')
      const upload = await fetch(`${t.url}${apiPath('messageSend', { ticketId })}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      })
      expect(upload.status).toBe(200)
      const [answer, picture] = graph.sends().filter((s) => s.recipient.id === '9900000000000004')
      expect(answer).toEqual({ recipient: { id: '9900000000000004' }, message: { text: 'Temos sim!' } })
      expect(picture?.message).toMatchObject({ attachment: { type: 'image' } })
      const url = (picture!.message.attachment as { payload: { url: string } }).payload.url
      expect(url.startsWith('https://desk.example.test/api/media/')).toBe(true)
      const ticket = (await admin.call('ticketGet', { params: { id: ticketId } })).body
      expect(Date.parse(ticket.lastCustomerMessageAt ?? '')).toBeGreaterThan(Date.now() - 60_000)
    })

    it('refuses free text once the window has closed, sending and storing nothing', async () => {
      const { ticketId, contactId } = await customerWrites('9900000000000005', 'duda')
      await wroteAgo(contactId, 8 * DAY)
      const sendsBefore = graph.sends().length
      const before = await messageCount()
      const refused = await admin.call('messageSend', { params: { ticketId }, body: { body: 'Ainda quer?' } })
      expect(refused.status).toBe(409)
      expect(refused.body.error).toBe('ERR_REPLY_WINDOW_CLOSED')
      expect(graph.sends().length).toBe(sendsBefore)
      expect(await messageCount()).toBe(before)
    })

    it('answers with the HUMAN_AGENT tag after 24 hours and within 7 days', async () => {
      const { ticketId, contactId } = await customerWrites('9900000000000006', 'eva')
      await wroteAgo(contactId, 2 * DAY)
      const sent = await admin.call('messageSend', { params: { ticketId }, body: { body: 'Desculpe a demora!' } })
      expect(sent.status).toBe(200)
      expect(graph.sends().at(-1)).toEqual({
        recipient: { id: '9900000000000006' },
        messaging_type: 'MESSAGE_TAG',
        tag: 'HUMAN_AGENT',
        message: { text: 'Desculpe a demora!' },
      })
    })

    it('sends /sendDirect only to names it has seen with an open window, skipping the others with their reason', async () => {
      await customerWrites('9900000000000007', 'fernanda')
      const closed = await customerWrites('9900000000000008', 'gabi')
      await wroteAgo(closed.contactId, 2 * DAY)
      const settings = await admin.call('settingList')
      const apiToken = settings.body.find((s) => s.key === 'userApiToken')?.value ?? ''
      const lines = ['@Fernanda', 'nobody_here', 'gabi', 'fernanda']
      const estimate = await admin.call('directEstimate', { body: { userIg: lines.join('\n') } })
      expect(estimate.body).toMatchObject({ connectionId, total: 4, reachable: 1 })
      expect(estimate.body.recipients.map((r) => r.state)).toEqual([
        'reachable',
        'unknownUser',
        'windowClosed',
        'duplicate',
      ])
      const sendsBefore = graph.sends().length
      const res = await t.client().call<'sendDirect', Job>('sendDirect', {
        body: { userIg: lines.join('\n'), message: 'Promo de hoje: 20% off', token: apiToken },
        token: null,
      })
      expect(res.status).toBe(202)
      expect(res.body.kind).toBe('direct')
      const job = await waitForJob(admin, res.body.id, (j) => j.status === 'done')
      expect(job).toMatchObject({ total: 4, sent: 1, skipped: 3, failed: 0 })
      const recipients = await recipientsOf(admin, job.id)
      expect(recipients.map((r) => [r.entry, r.state, r.reason])).toEqual([
        ['@Fernanda', 'sent', null],
        ['nobody_here', 'skipped', 'unknownUser'],
        ['gabi', 'skipped', 'windowClosed'],
        ['fernanda', 'skipped', 'duplicate'],
      ])
      const sent = graph.sends().slice(sendsBefore)
      expect(sent).toEqual([{ recipient: { id: '9900000000000007' }, message: { text: 'Promo de hoje: 20% off' } }])
    })

    it('refuses /sendDirect through a connection that is not Instagram', async () => {
      const sim = await connectSimulator(admin, { name: 'Another WhatsApp line' })
      const res = await admin.call('sendDirect', {
        body: { userIg: 'fernanda', message: 'Oi', ticketwhatsappId: sim.id },
      })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('ERR_INSTAGRAM_NO_CONNECTION')
    })
  })
}
