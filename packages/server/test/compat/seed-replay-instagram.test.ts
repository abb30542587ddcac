import type { Job } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatedIgsid } from '../../src/drivers/instagram'
import { drivers } from '../support/drivers'
import { recipientsOf, waitForJob } from '../support/jobs'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

/**
 * The seed's /InstaDirect call (seed 001 §7, `POST /sendDirect {userIg, message, token}`) replayed as its page
 * sends it: to the automation host, which is our API root, without a session, the `userApiToken` setting's value
 * as `token`, `userIg` one user name per line. Over an Instagram connection on the simulator: the names the desk
 * has seen get the message, the others are skipped with their reason, and nothing else goes out.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the seed's Instagram direct call (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let automation: Client
    let token = ''
    let connectionId: number

    beforeAll(async () => {
      t = await startTestServer(driver, {
        autoCloseHours: 0,
        directPace: { minInterval: 0, maxInterval: 0 },
        jobs: { pollMs: 50 },
      })
      admin = await bootstrapAdmin(t)
      const created = await admin.call('connectionCreate', {
        body: { name: 'Loja no Instagram', driver: 'instagram', instagram: { provider: 'simulator' } },
      })
      expect(created.body).toMatchObject({ status: 'CONNECTED', instagram: { provider: 'simulator' } })
      connectionId = created.body.id
      const settings = await admin.get<Array<{ key: string; value: string }>>('/api/settings')
      token = settings.body.find((s) => s.key === 'userApiToken')?.value ?? ''
      expect(token).not.toBe('')
      automation = t.client()
      automation.token = undefined
    })
    afterAll(async () => {
      await t?.close()
    })

    it('POST /sendDirect with the token: a job that messages the names that wrote and skips the rest', async () => {
      const wrote = await admin.call('simulatorInstagramInbound', {
        params: { connectionId },
        body: { username: 'marina.loja', name: 'Marina', body: 'Oi, vocês entregam?' },
      })
      expect(wrote.status).toBe(200)
      const res = await automation.post<Job>('/api/sendDirect', {
        token,
        userIg: '@marina.loja\nquem_nunca_escreveu',
        message: 'Chegou coleção nova!',
      })
      expect(res.status).toBe(202)
      const job = await waitForJob(admin, res.body.id, (j) => j.status === 'done')
      expect(job).toMatchObject({ kind: 'direct', total: 2, sent: 1, skipped: 1 })
      const recipients = await recipientsOf(admin, job.id)
      expect(recipients.map((r) => [r.entry, r.state, r.reason])).toEqual([
        ['@marina.loja', 'sent', null],
        ['quem_nunca_escreveu', 'skipped', 'unknownUser'],
      ])
      const outbox = await admin.call('simulatorOutbox', { params: { connectionId } })
      expect(outbox.body.map((e) => [e.to, e.body])).toEqual([
        [simulatedIgsid(connectionId, 'marina.loja'), 'Chegou coleção nova!'],
      ])
    })

    it('POST /sendDirect without a token, or with a wrong one, makes no job', async () => {
      const body = { userIg: 'marina.loja', message: 'Oi' }
      expect((await automation.post('/api/sendDirect', body)).status).toBe(401)
      expect((await automation.post('/api/sendDirect', { ...body, token: `${token}x` })).status).toBe(403)
    })
  })
}
