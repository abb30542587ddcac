import { createServer as createNetServer } from 'node:net'
import type { ErrorResponse, Job } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/drivers'
import { recipientsOf, sleep, waitForJob } from '../support/jobs'
import { apiPath, bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'
import { startTwilioFake } from '../support/twilio-fake'

const ACCOUNT = { sid: `AC${'1'.repeat(32)}`, token: 'twilio-auth-token-0123456789abcdef' }
const FROM = '+15005550006'

/** A port nobody listens on now, so the desk's public address (in its callback URLs) is known before it starts. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string) => {
  let last: T | undefined
  for (let i = 0; i < 200; i++) {
    last = await read()
    if (ok(last)) return last
    await sleep(25)
  }
  throw new Error(`${what} never happened: ${JSON.stringify(last)}`)
}

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`telephony over Twilio (${driver})`, () => {
    let twilio: Awaited<ReturnType<typeof startTwilioFake>>
    let t: TestServer
    let admin: Client
    let connectionId: number
    let publicUrl: string

    beforeAll(async () => {
      twilio = await startTwilioFake(ACCOUNT)
      const port = await freePort()
      publicUrl = `http://127.0.0.1:${port}`
      t = await startTestServer(driver, {
        port,
        publicUrl,
        twilioBaseUrl: twilio.url,
        autoCloseHours: 0,
        // As quick as tests allow: Twilio's one message a second from a number still holds.
        telephonyPace: { minInterval: 0, maxInterval: 0 },
        jobs: { pollMs: 50 },
      })
      admin = await bootstrapAdmin(t)
      const created = await admin.call('connectionCreate', {
        body: {
          name: 'SMS line',
          driver: 'telephony',
          telephony: { provider: 'twilio', accountSid: ACCOUNT.sid, authToken: ACCOUNT.token, fromNumber: FROM },
        },
      })
      expect(created.status).toBe(200)
      connectionId = created.body.id
    })
    afterAll(async () => {
      await t?.close()
      await twilio?.close()
    })

    const inboundUrl = () => `${publicUrl}${apiPath('telephonyInbound', { connectionId })}`
    const sendSms = (to: string[], text = 'Your order has shipped') =>
      admin.call<'sendSms', Job & Partial<ErrorResponse>>('sendSms', { body: { from: FROM, to: to.join('\n'), text } })

    it('is connected once configured, and never answers the Auth Token, only its last characters', async () => {
      const got = await admin.call('connectionGet', { params: { id: connectionId } })
      expect(got.body).toMatchObject({ status: 'CONNECTED', driver: 'telephony' })
      expect(got.body.telephony).toMatchObject({
        provider: 'twilio',
        accountSid: ACCOUNT.sid,
        fromNumber: FROM,
        authTokenHint: 'cdef',
        inboundPath: `/webhooks/telephony/${connectionId}/sms`,
      })
      expect(JSON.stringify(got.body)).not.toContain(ACCOUNT.token)
      const list = await admin.call('connectionList')
      expect(JSON.stringify(list.body)).not.toContain(ACCOUNT.token)
    })

    it('tests the credentials with one read-only call: the stored ones pass, a wrong token is refused', async () => {
      const before = twilio.calls.length
      const good = await admin.call('telephonyTest', { body: { connectionId } })
      expect(good.body).toEqual({ ok: true, accountName: 'Desk test account', failure: null, providerCode: null })
      const bad = await admin.call('telephonyTest', { body: { connectionId, authToken: 'a-wrong-token-0123456789' } })
      expect(bad.body).toMatchObject({ ok: false, failure: 'credentials', providerCode: '20003' })
      expect(twilio.calls.slice(before).map((c) => c.method)).toEqual(['GET', 'GET'])
    })

    it('sends an SMS job paced per sender, and shows a refused number with the provider code', async () => {
      twilio.unverified.add('+15005550009')
      const before = twilio.messages().length
      const job = await sendSms(['+1 500 555 0001', '+15005550009', '+15005550002'])
      expect(job.status).toBe(202)
      expect(job.body).toMatchObject({ kind: 'sms', total: 3, segments: 3 })
      const done = await waitForJob(admin, job.body.id, (j) => j.status === 'done')
      expect(done).toMatchObject({ sent: 2, failed: 1 })
      const sent = twilio.messages().slice(before)
      expect(sent.map((c) => c.form.To)).toEqual(['+15005550001', '+15005550009', '+15005550002'])
      for (const call of sent) {
        expect(call.form).toMatchObject({ From: FROM, Body: 'Your order has shipped' })
        expect(call.form.StatusCallback).toBe(`${publicUrl}${apiPath('telephonySmsStatus', { connectionId })}`)
      }
      // Never faster than one message a second from the number.
      for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(950)
      const recipients = await recipientsOf(admin, job.body.id)
      expect(recipients.map((r) => [r.state, r.providerError])).toEqual([
        ['sent', null],
        ['failed', '21608'],
        ['sent', null],
      ])
      expect(recipients[1]!.reason).toContain('unverified')
    })

    it('takes delivery reports only when Twilio signed them, and never goes backwards', async () => {
      const before = twilio.messages().length
      const job = await sendSms(['+15005550011', '+15005550012'])
      await waitForJob(admin, job.body.id, (j) => j.status === 'done')
      const [first, second] = twilio.messages().slice(before)
      const deliveryOf = async () => (await recipientsOf(admin, job.body.id)).map((r) => [r.delivery, r.providerError])

      expect((await twilio.report(first!.sid!, { MessageStatus: 'delivered' }, null)).status).toBe(403)
      expect((await twilio.report(first!.sid!, { MessageStatus: 'delivered' }, 'bm90LWEtc2lnbmF0dXJl')).status).toBe(
        403,
      )
      expect(await deliveryOf()).toEqual([
        [null, null],
        [null, null],
      ])

      expect((await twilio.report(first!.sid!, { MessageStatus: 'sent' })).status).toBe(204)
      expect((await twilio.report(first!.sid!, { MessageStatus: 'delivered' })).status).toBe(204)
      expect((await twilio.report(first!.sid!, { MessageStatus: 'sent' })).status).toBe(204)
      expect((await twilio.report(second!.sid!, { MessageStatus: 'undelivered', ErrorCode: '30003' })).status).toBe(204)
      expect(await deliveryOf()).toEqual([
        ['delivered', null],
        ['undelivered', '30003'],
      ])
    })

    it('calls speaking the message in the desk language, and records how each call ended', async () => {
      await admin.call('settingUpdate', { params: { key: 'language' }, body: { value: 'pt-BR' } })
      const before = twilio.voiceCalls().length
      const job = await admin.call<'makeVoiceCall', Job>('makeVoiceCall', {
        body: { from: FROM, to: '+15005550021\n+15005550022', text: 'Sua consulta é amanhã às 10h' },
      })
      expect(job.status).toBe(202)
      await waitForJob(admin, job.body.id, (j) => j.status === 'done')
      const [answered, busy] = twilio.voiceCalls().slice(before)
      expect(answered!.form).toMatchObject({ From: FROM, To: '+15005550021' })
      expect(answered!.form.Twiml).toContain(
        '<Say language="pt-BR" voice="Polly.Camila">Sua consulta é amanhã às 10h</Say>',
      )
      expect(answered!.form.StatusCallback).toBe(`${publicUrl}${apiPath('telephonyCallStatus', { connectionId })}`)
      await twilio.report(answered!.sid!, { CallStatus: 'completed', CallDuration: '12' })
      await twilio.report(busy!.sid!, { CallStatus: 'busy', CallDuration: '0' })
      const recipients = await recipientsOf(admin, job.body.id)
      expect(recipients.map((r) => [r.callOutcome, r.callDuration])).toEqual([
        ['completed', 12],
        ['busy', 0],
      ])
      await admin.call('settingUpdate', { params: { key: 'language' }, body: { value: 'en' } })
    })

    it('turns an inbound SMS into a ticket message, and sends the agent answer by SMS', async () => {
      const unsigned = await twilio.post(
        inboundUrl(),
        { From: '+5511988887777', To: FROM, Body: 'forged', MessageSid: 'SMforged' },
        null,
      )
      expect(unsigned.status).toBe(403)
      const answer = await twilio.post(inboundUrl(), {
        AccountSid: ACCOUNT.sid,
        From: '+5511988887777',
        To: FROM,
        Body: 'Where is my order?',
        MessageSid: `SM${'a'.repeat(32)}`,
      })
      expect(answer.status).toBe(200)
      expect(answer.text).toContain('<Response>')
      const ticket = await until(
        async () =>
          (await admin.call('ticketList', { query: { showAll: true, searchParam: '5511988887777' } })).body.tickets,
        (tickets) => tickets.length === 1,
        'the SMS ticket',
      )
      expect(ticket[0]).toMatchObject({ whatsappId: connectionId, contact: { number: '5511988887777' } })
      const messages = await admin.call('messageList', { params: { ticketId: ticket[0]!.id } })
      expect(messages.body.messages.map((m) => m.body)).toEqual(['Where is my order?'])
      expect(messages.body.messages.some((m) => m.body === 'forged')).toBe(false)

      await admin.call('ticketUpdate', { params: { id: ticket[0]!.id }, body: { status: 'open' } })
      const before = twilio.messages().length
      const sent = await admin.call('messageSend', {
        params: { ticketId: ticket[0]!.id },
        body: { body: 'It left today' },
      })
      expect(sent.status).toBe(200)
      const out = twilio.messages().slice(before)
      expect(out.map((c) => [c.form.To, c.form.Body])).toEqual([['+5511988887777', 'It left today']])
    })

    it('keeps the picture of an inbound MMS, fetched with the account credentials', async () => {
      const media = `https://api.twilio.com/2010-04-01/Accounts/${ACCOUNT.sid}/Messages/MM${'c'.repeat(32)}/Media/ME${'d'.repeat(32)}`
      const res = await twilio.post(inboundUrl(), {
        From: '+5511988880002',
        To: FROM,
        Body: 'the broken part',
        MessageSid: `MM${'c'.repeat(32)}`,
        NumMedia: '1',
        MediaUrl0: media,
        MediaContentType0: 'image/png',
      })
      expect(res.status).toBe(200)
      const tickets = await until(
        async () =>
          (await admin.call('ticketList', { query: { showAll: true, searchParam: '5511988880002' } })).body.tickets,
        (list) => list.length === 1,
        'the MMS ticket',
      )
      const messages = await admin.call('messageList', { params: { ticketId: tickets[0]!.id } })
      expect(messages.body.messages.map((m) => [m.mediaType, m.body])).toEqual([['image', 'the broken part']])
      expect(twilio.calls.some((c) => c.method === 'GET' && c.path.includes('/Media/'))).toBe(true)
    })

    it('puts a number that answers STOP, PARAR or SAIR on the opt-out list, and skips it in later jobs', async () => {
      for (const [n, word] of [
        ['+5511977770001', 'PARAR'],
        ['+5511977770002', 'sair'],
        ['+15005550031', 'STOP'],
      ] as const) {
        const res = await twilio.post(inboundUrl(), { From: n, To: FROM, Body: word, MessageSid: `SM${n.slice(1)}` })
        expect(res.status).toBe(200)
      }
      const list = await admin.call('optOutList', { query: {} })
      expect(list.body.optOuts.map((o) => o.number).sort()).toEqual(['15005550031', '5511977770001', '5511977770002'])
      const before = twilio.messages().length
      const job = await sendSms(['+15005550031', '+15005550032'])
      await waitForJob(admin, job.body.id, (j) => j.status === 'done')
      expect(
        twilio
          .messages()
          .slice(before)
          .map((c) => c.form.To),
      ).toEqual(['+15005550032'])
      const recipients = await recipientsOf(admin, job.body.id)
      expect(recipients.map((r) => [r.state, r.reason])).toEqual([
        ['skipped', 'optedOut'],
        ['sent', null],
      ])
    })

    it('refuses media from a number whose country has no MMS, with a clear code, and sends nothing', async () => {
      const created = await admin.call('connectionCreate', {
        body: {
          name: 'Brazil SMS line',
          driver: 'telephony',
          telephony: {
            provider: 'twilio',
            accountSid: ACCOUNT.sid,
            authToken: ACCOUNT.token,
            fromNumber: '+5511900000009',
          },
        },
      })
      expect(created.body.telephony).toMatchObject({ mms: false })
      const brazil = created.body.id
      const url = `${publicUrl}${apiPath('telephonyInbound', { connectionId: brazil })}`
      await twilio.post(url, {
        From: '+5511966660001',
        To: '+5511900000009',
        Body: 'Manda a foto',
        MessageSid: `SM${'b'.repeat(32)}`,
      })
      const tickets = await until(
        async () =>
          (await admin.call('ticketList', { query: { showAll: true, searchParam: '5511966660001' } })).body.tickets,
        (list) => list.length === 1,
        'the ticket of the Brazilian line',
      )
      await admin.call('ticketUpdate', { params: { id: tickets[0]!.id }, body: { status: 'open' } })
      const before = twilio.messages().length
      const form = new FormData()
      form.append('medias', new Blob([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')]), 'photo.png')
      await fetch(`${t.url}${apiPath('messageSend', { ticketId: tickets[0]!.id })}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      })
      const messages = await admin.call('messageList', { params: { ticketId: tickets[0]!.id } })
      expect(messages.body.messages.filter((m) => m.fromMe).map((m) => m.error)).toEqual([
        'ERR_TELEPHONY_MMS_UNSUPPORTED',
      ])
      expect(twilio.messages().length).toBe(before)
    })

    it('keeps the stored Auth Token when an update leaves it empty, and calls only from a number', async () => {
      const service = `MG${'2'.repeat(32)}`
      const created = await admin.call('connectionCreate', {
        body: {
          name: 'Service line',
          driver: 'telephony',
          telephony: {
            provider: 'twilio',
            accountSid: ACCOUNT.sid,
            authToken: ACCOUNT.token,
            messagingServiceSid: service,
          },
        },
      })
      const id = created.body.id
      const updated = await admin.call('connectionUpdate', {
        params: { id },
        body: { telephony: { authToken: '', accountSid: ACCOUNT.sid } },
      })
      expect(updated.body.telephony).toMatchObject({
        authTokenHint: 'cdef',
        messagingServiceSid: service,
        fromNumber: null,
      })
      expect((await admin.call('telephonyTest', { body: { connectionId: id } })).body.ok).toBe(true)
      // Twilio picks the sender of a Messaging Service for SMS; a call needs a number of its own.
      const before = twilio.messages().length
      const job = await admin.call<'sendSms', Job>('sendSms', {
        body: { from: service, to: '+15005550051', text: 'hi' },
      })
      await waitForJob(admin, job.body.id, (j) => j.status === 'done')
      expect(
        twilio
          .messages()
          .slice(before)
          .map((c) => [c.form.MessagingServiceSid, c.form.From]),
      ).toEqual([[service, undefined]])
      const call = await admin.call('makeVoiceCall', { body: { from: service, to: '+15005550051', text: 'hi' } })
      expect(call.status).toBe(400)
      expect(call.body.error).toBe('ERR_TELEPHONY_NO_CALLER_NUMBER')
      await admin.call('connectionDelete', { params: { id } })
    })

    it('refuses a sender no telephony connection has', async () => {
      const res = await admin.call('sendSms', { body: { from: '+15550000000', to: '+15005550041', text: 'hi' } })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('ERR_TELEPHONY_SENDER_UNKNOWN')
    })
  })
}
