import type { JobEvent } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from './support/desk'
import { drivers } from './support/drivers'
import { bulkText, finished, type JobsDesk, recipientsOf, startJobsDesk, waitForJob } from './support/jobs'

describe.each(drivers)('outreach jobs on $driver', ({ driver, available }) => {
  let d: JobsDesk
  beforeAll(async () => {
    if (available) d = await startJobsDesk(driver)
  })
  afterAll(() => d?.t.close())

  it.runIf(available)(
    'runs a small list to done: each number gets exactly one message, duplicates and invalid lines are skipped',
    async () => {
      const socket = await d.t.socket(d.agent.token)
      const ear = listen(socket)
      const job = await bulkText(d.agent, d.sim.id, [
        '5511987654321',
        '+55 11 8765-4322',
        '5511987654321',
        'not a number',
        '14155550100',
        '120363012345678901@g.us',
      ])
      expect(job).toMatchObject({ kind: 'bulkText', total: 6, skipped: 2, userId: expect.any(Number) })
      const done = await waitForJob(d.agent, job.id, finished)
      expect(done).toMatchObject({ status: 'done', sent: 4, failed: 0, skipped: 2, uncertain: 0, estimatedEndAt: null })
      const outbox = await d.sim.outbox()
      const sentTo = outbox.map((e) => e.to).sort()
      expect(sentTo).toEqual(['14155550100', '120363012345678901@g.us', '5511987654321', '5511987654322'].sort())
      expect(outbox.every((e) => e.body === 'Hello from the desk')).toBe(true)
      const recipients = await recipientsOf(d.agent, job.id)
      expect(recipients.map((r) => [r.state, r.reason])).toEqual([
        ['sent', null],
        ['sent', null],
        ['skipped', 'duplicate'],
        ['skipped', 'invalid'],
        ['sent', null],
        ['sent', null],
      ])
      expect(recipients[0]?.providerMessageId).toBe(outbox.find((e) => e.to === '5511987654321')?.providerMessageId)
      const event = await ear.until<JobEvent>((name, p) => name === 'job' && (p as JobEvent).action === 'done')
      expect(event.job).toMatchObject({ id: job.id, status: 'done', sent: 4 })
    },
  )
})
