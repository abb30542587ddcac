import type { Job } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatorControls } from '../support/desk'
import { drivers } from '../support/drivers'
import { recipientsOf, sleep, waitForJob } from '../support/jobs'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

const FROM = '+5511900000000'

const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> => {
  let last = await read()
  for (let i = 0; i < 200 && !ok(last); i++) {
    await sleep(25)
    last = await read()
  }
  return last
}

/**
 * The seed's /SMS and /VoiceCall calls (seed 001 §7) replayed as its pages send them: to the
 * automation host, which is our API root, without a session, the `userApiToken` setting's value as
 * `token` in the body, `to` one number per line, `text` the message and `from` the sender. Over
 * the telephony simulator, each number gets one SMS or one call, and each recipient its outcome.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the seed's SMS and voice calls (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let automation: Client
    let token = ''
    let line: ReturnType<typeof simulatorControls>

    beforeAll(async () => {
      t = await startTestServer(driver, {
        autoCloseHours: 0,
        telephonyPace: { minInterval: 0, maxInterval: 0 },
        jobs: { pollMs: 50 },
      })
      admin = await bootstrapAdmin(t)
      const created = await admin.call('connectionCreate', {
        body: { name: 'Phone line', driver: 'telephony', telephony: { provider: 'simulator', fromNumber: FROM } },
      })
      line = simulatorControls(admin, created.body.id)
      const settings = await admin.get<Array<{ key: string; value: string }>>('/api/settings')
      token = settings.body.find((s) => s.key === 'userApiToken')?.value ?? ''
      expect(token).not.toBe('')
      automation = t.client()
      automation.token = undefined
    })
    afterAll(async () => {
      await t?.close()
    })

    it('POST /sendSms with the token: one SMS per number, each reported delivered', async () => {
      const res = await automation.post<Job>('/api/sendSms', {
        token,
        from: FROM,
        to: '5511911110001\n+55 11 91111-0002\n+55 (11) 91111-0001',
        text: 'Promoção de hoje: 20% off',
      })
      expect(res.status).toBe(202)
      expect(res.body).toMatchObject({ kind: 'sms', total: 3 })
      const job = await waitForJob(admin, res.body.id, (j) => j.status === 'done')
      // One UCS-2 segment (ã is not in GSM-7) to each of the two numbers; the repeated one sends nothing.
      expect(job).toMatchObject({ sent: 2, skipped: 1, segments: 2 })
      for (const n of ['5511911110001', '5511911110002']) {
        const got = await line.outbox(n)
        expect(got.map((e) => [e.kind, e.body])).toEqual([['text', 'Promoção de hoje: 20% off']])
      }
      // The network reports each delivery a moment after the send.
      const recipients = await until(
        () => recipientsOf(admin, res.body.id),
        (rs) => rs.filter((r) => r.delivery !== null).length === 2,
      )
      expect(recipients.map((r) => [r.state, r.delivery])).toEqual([
        ['sent', 'delivered'],
        ['sent', 'delivered'],
        ['skipped', null],
      ])
    })

    it('POST /makeVoiceCall with the token: one call per number, each with its outcome and duration', async () => {
      const res = await automation.post<Job>('/api/makeVoiceCall', {
        token,
        from: FROM,
        to: '5511922220001',
        text: 'Sua entrega chega amanhã',
      })
      expect(res.status).toBe(202)
      expect(res.body).toMatchObject({ kind: 'voiceCall', total: 1 })
      await waitForJob(admin, res.body.id, (j) => j.status === 'done')
      const got = await line.outbox('5511922220001')
      expect(got.map((e) => [e.kind, e.body])).toEqual([['call', 'Sua entrega chega amanhã']])
      const [recipient] = await until(
        () => recipientsOf(admin, res.body.id),
        (rs) => rs[0]?.callOutcome != null,
      )
      expect(recipient).toMatchObject({ state: 'sent', callOutcome: 'completed' })
      expect(recipient!.callDuration).toBeGreaterThan(0)
    })

    it('refuses a wrong or missing token, and a sender the desk does not have', async () => {
      const body = { from: FROM, to: '5511911110009', text: 'hi' }
      expect((await automation.post('/api/sendSms', { ...body, token: 'wrong' })).status).toBe(403)
      expect((await automation.post('/api/makeVoiceCall', body)).status).toBe(401)
      const unknown = await automation.post<{ error: string }>('/api/sendSms', { ...body, token, from: '+15550000000' })
      expect(unknown.status).toBe(400)
      expect(unknown.body.error).toBe('ERR_TELEPHONY_SENDER_UNKNOWN')
      expect(await line.outbox('5511911110009')).toEqual([])
    })
  })
}
