import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectSimulator, simulatorControls } from '../support/desk'
import { drivers } from '../support/drivers'
import { recipientsOf, waitForJob } from '../support/jobs'
import { apiPath, bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')

/**
 * SMS as a channel of the desk, over the telephony simulator: a customer's SMS becomes a ticket of
 * the SMS line, the same number on WhatsApp is the same contact with its own ticket there, and the
 * agent's answer (text or picture) goes out by SMS.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`SMS as a channel (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let whatsapp: Awaited<ReturnType<typeof connectSimulator>>
    let sms: ReturnType<typeof simulatorControls>

    beforeAll(async () => {
      t = await startTestServer(driver, {
        simulator: { qrRefreshMs: 0 },
        autoCloseHours: 0,
        telephonyPace: { minInterval: 0, maxInterval: 0 },
        jobs: { pollMs: 50 },
      })
      admin = await bootstrapAdmin(t)
      whatsapp = await connectSimulator(admin, { name: 'WhatsApp line' })
      const created = await admin.call('connectionCreate', {
        body: {
          name: 'SMS line',
          driver: 'telephony',
          telephony: { provider: 'simulator', fromNumber: '+5511900000000' },
        },
      })
      expect(created.body).toMatchObject({ status: 'CONNECTED', telephony: { provider: 'simulator', mms: true } })
      sms = simulatorControls(admin, created.body.id)
    })
    afterAll(async () => {
      await t?.close()
    })

    it('makes one contact of a number on WhatsApp and by SMS, with a ticket on each line', async () => {
      const bySms = await sms.inbound({ from: '5511955550001', body: 'Oi, pelo SMS' })
      const byWhatsapp = await whatsapp.inbound({ from: '5511955550001', body: 'Oi, pelo WhatsApp', name: 'Rita' })
      expect(bySms.ticketId).not.toBeNull()
      expect(byWhatsapp.ticketId).not.toBe(bySms.ticketId)
      const [smsTicket, waTicket] = await Promise.all(
        [bySms.ticketId!, byWhatsapp.ticketId!].map(
          async (id) => (await admin.call('ticketGet', { params: { id } })).body,
        ),
      )
      expect(smsTicket!.contactId).toBe(waTicket!.contactId)
      expect([smsTicket!.whatsappId, waTicket!.whatsappId]).toEqual([sms.id, whatsapp.id])
      expect(smsTicket!.whatsapp).toMatchObject({ driver: 'telephony' })
    })

    it('sends the agent answer by SMS, a picture as MMS, and nothing on the WhatsApp line', async () => {
      const { ticketId } = await sms.inbound({ from: '5511955550002', body: 'Preciso de ajuda' })
      await admin.call('ticketUpdate', { params: { id: ticketId! }, body: { status: 'open' } })
      const sent = await admin.call('messageSend', {
        params: { ticketId: ticketId! },
        body: { body: 'Claro, como posso ajudar?' },
      })
      expect(sent.status).toBe(200)
      const form = new FormData()
      form.append('body', 'the label')
      form.append('medias', new Blob([PNG]), 'label.png')
      const upload = await fetch(`${t.url}${apiPath('messageSend', { ticketId: ticketId! })}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}` },
        body: form,
      })
      expect(upload.status).toBe(200)
      const out = await sms.outbox('5511955550002')
      expect(out.map((e) => [e.kind, e.body])).toEqual([
        ['text', 'Claro, como posso ajudar?'],
        ['media', 'the label'],
      ])
      expect(await whatsapp.outbox('5511955550002')).toEqual([])
    })

    it('reports a number the simulated network does not know: its SMS undelivered (30003), its call unanswered', async () => {
      const book = await admin.call('simulatorPhoneBook', {
        params: { connectionId: sms.id },
        body: { contacts: [], unregistered: ['+1 415 555 0900'] },
      })
      expect(book.status).toBe(200)
      const to = '+14155550900\n+14155550901'
      const text = await admin.call('sendSms', { body: { from: '+5511900000000', to, text: 'Your order has shipped' } })
      expect(text.status).toBe(202)
      await waitForJob(admin, text.body.id, (j) => j.status === 'done')
      await expect
        .poll(async () => (await recipientsOf(admin, text.body.id)).map((r) => [r.delivery, r.providerError]))
        .toEqual([
          ['undelivered', '30003'],
          ['delivered', null],
        ])
      const call = await admin.call('makeVoiceCall', { body: { from: '+5511900000000', to, text: 'See you at 10' } })
      expect(call.status).toBe(202)
      await waitForJob(admin, call.body.id, (j) => j.status === 'done')
      await expect
        .poll(async () => (await recipientsOf(admin, call.body.id)).map((r) => r.callOutcome))
        .toEqual(['no-answer', 'completed'])
    })

    it('puts a customer who answers SAIR on the opt-out list', async () => {
      await sms.inbound({ from: '5511955550003', body: ' Sair! ' })
      const list = await admin.call('optOutList', { query: {} })
      expect(list.body.optOuts.map((o) => o.number)).toContain('5511955550003')
    })
  })
}
