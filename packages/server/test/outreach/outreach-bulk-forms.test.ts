import type { Job } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type DeskServer } from '../../src/index'
import { drivers } from '../support/drivers'
import { bulkText, finished, type JobsDesk, recipientsOf, startJobsDesk, waitForJob } from '../support/jobs'
import { Client } from '../support/server'

describe.each(drivers)('bulk forms on $driver', ({ driver, available }) => {
  let d: JobsDesk
  let second: DeskServer | undefined
  let secondUrl = ''
  beforeAll(async () => {
    if (!available) return
    d = await startJobsDesk(driver)
    // A second process on the same database: a repeat that reaches it is refused as well.
    second = createServer({
      dataDir: d.t.storage.dataDir,
      databaseUrl: d.t.storage.databaseUrl,
      port: 0,
      host: '127.0.0.1',
      simulator: { qrRefreshMs: 0 },
      autoCloseHours: 0,
      jobs: { pollMs: 20 },
    })
    ;({ url: secondUrl } = await second.listen())
  })
  afterAll(async () => {
    await second?.close()
    await d?.t.close()
  })

  it.runIf(available)(
    'refuses the same job twice within a minute, whichever process receives it; another job goes through',
    async () => {
      const viaSecond = new Client(secondUrl)
      viaSecond.token = d.agent.token
      const body = {
        ticketwhatsappId: d.sim.id,
        numbers: '5511944450001\n5511944450002',
        message: 'Two clicks on Send',
        minInterval: 0,
        maxInterval: 0,
      }
      const answers = await Promise.all([d.agent.call('bulkText', { body }), viaSecond.call('bulkText', { body })])
      expect(answers.map((a) => a.status).sort()).toEqual([202, 409])
      const refused = answers.find((a) => a.status === 409)
      expect(refused?.body).toMatchObject({ error: 'ERR_OUTREACH_JOB_REPEATED' })
      const made = answers.find((a) => a.status === 202)?.body as Job
      expect(await waitForJob(d.agent, made.id, finished)).toMatchObject({ status: 'done', sent: 2 })
      // Sent again a moment later: still refused, and nobody got a second message.
      expect((await d.agent.call('bulkText', { body })).status).toBe(409)
      expect((await d.sim.outbox()).filter((e) => e.body === 'Two clicks on Send')).toHaveLength(2)
      // Another message, or another list, is another job.
      expect((await d.agent.call('bulkText', { body: { ...body, message: 'A follow-up' } })).status).toBe(202)
      // A minute later the same job may be sent again.
      const past = new Date(Date.now() - 61_000).toISOString()
      await d.t.server.db.updateTable('job_submissions').set({ submittedAt: past }).execute()
      expect((await d.agent.call('bulkText', { body })).status).toBe(202)
    },
  )

  it.runIf(available)(
    'applies the Brazilian rule, except to the numbers the sender keeps as typed for this job',
    async () => {
      const numbers = ['5531991234567', '553191234567', '5511944450003']
      const ruled = await bulkText(d.agent, d.sim.id, numbers, { message: 'Rule applied' })
      await waitForJob(d.agent, ruled.id, finished)
      expect((await recipientsOf(d.agent, ruled.id)).map((r) => [r.address, r.reason])).toEqual([
        ['553191234567@c.us', null],
        [null, 'duplicate'],
        ['5511944450003@c.us', null],
      ])
      const kept = await bulkText(d.agent, d.sim.id, numbers, {
        message: 'Kept as typed',
        keepAsTyped: ['+55 31 99123-4567'],
      })
      expect(await waitForJob(d.agent, kept.id, finished)).toMatchObject({ status: 'done', sent: 3, skipped: 0 })
      const sentTo = (await d.sim.outbox()).filter((e) => e.body === 'Kept as typed').map((e) => e.to)
      expect(sentTo.sort()).toEqual(['5511944450003', '553191234567', '5531991234567'])
    },
  )
})
