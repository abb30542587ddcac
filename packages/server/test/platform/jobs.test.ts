import type { Job, JobEvent } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen } from '../support/desk'
import { drivers } from '../support/drivers'
import { bulkText, finished, type JobsDesk, recipientsOf, startJobsDesk, waitForJob } from '../support/jobs'

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

describe('outreach jobs: callers, actions and exports', () => {
  let d: JobsDesk
  beforeAll(async () => {
    d = await startJobsDesk('sqlite')
  })
  afterAll(() => d?.t.close())

  const body = (extra: Record<string, unknown>) => ({
    ticketwhatsappId: d.sim.id,
    numbers: '5511911110001\n5511911110002',
    message: 'Promo',
    minInterval: 0,
    maxInterval: 0,
    ...extra,
  })

  it('takes the API token instead of a session: none answers 401, a wrong one 403, and nothing is stored or sent', async () => {
    const anonymous = d.t.client()
    const tokenOf = async () =>
      (await d.admin.call('settingList')).body.find((s) => s.key === 'userApiToken')?.value as string
    const none = await anonymous.call('bulkText', { body: body({}) })
    expect(none.status).toBe(401)
    const wrong = await anonymous.call('bulkText', { body: body({ token: 'not-the-token' }) })
    expect(wrong).toMatchObject({ status: 403, body: { error: 'ERR_NO_PERMISSION' } })
    const single = await anonymous.call('bulkText', {
      body: {
        ticketwhatsappId: d.sim.id,
        number: '5511911110001',
        message: 'x',
        token: 'nope',
      },
    })
    expect(single.status).toBe(403)
    expect((await d.admin.call('jobList')).body.jobs).toEqual([])
    expect(await d.sim.outbox()).toEqual([])
    expect((await anonymous.call('dispatchConnections')).status).toBe(401)

    const token = await tokenOf()
    const adminEar = listen(await d.t.socket(d.admin.token))
    const agentEar = listen(await d.t.socket(d.agent.token))
    const byToken = await anonymous.call<'bulkText', Job>('bulkText', { body: body({ token }) })
    expect(byToken).toMatchObject({ status: 202, body: { userId: null, total: 2 } })
    await waitForJob(d.admin, byToken.body.id, finished)
    const isDone = (name: string, p: unknown) => name === 'job' && (p as JobEvent).action === 'done'
    expect((await adminEar.until<JobEvent>(isDone)).job).toMatchObject({ id: byToken.body.id, sent: 2 })
    expect(agentEar.find((name) => name === 'job')).toBeUndefined()
    // A job made with the token belongs to nobody: admins see it, agents do not.
    expect((await d.agent.call('jobGet', { params: { id: byToken.body.id } })).status).toBe(403)
    expect((await d.agent.call('jobList')).body.jobs).toEqual([])
    expect((await d.admin.call('jobList')).body.jobs.map((j) => j.id)).toContain(byToken.body.id)
    const connections = await anonymous.call('dispatchConnections', { query: { token } })
    expect(connections.body).toEqual([{ id: d.sim.id, status: 'CONNECTED' }])
  })

  it('sends one number at once for the seed clients that loop themselves, and refuses bad input with the fields', async () => {
    const res = await d.agent.call<'bulkText', { status: string; providerMessageId: string }>('bulkText', {
      body: {
        ticketwhatsappId: d.sim.id,
        number: '5511933330000@c.us',
        message: 'Your ticket was transferred',
      },
    })
    expect(res).toMatchObject({ status: 200, body: { status: 'sent', address: '5511933330000@c.us' } })
    expect((await d.sim.outbox('5511933330000')).map((e) => e.providerMessageId)).toEqual([res.body.providerMessageId])
    const bad = await d.agent.call('bulkText', { body: body({ minInterval: 5, maxInterval: 1, message: '' }) })
    expect(bad.status).toBe(400)
    expect(bad.body.fields?.map((f) => f.path).sort()).toEqual(['maxInterval', 'message'])
  })

  it('pauses, resumes and cancels: a paused job sends nothing, a cancelled one skips the rest', async () => {
    const slow = await bulkText(d.agent, d.sim.id, ['5511944440001', '5511944440002', '5511944440003'], {
      minInterval: 3600,
      maxInterval: 3600,
    })
    const waiting = await waitForJob(d.agent, slow.id, (j) => j.waitingReason === 'interval')
    expect(waiting).toMatchObject({ status: 'running', sent: 0 })
    const paused = await d.agent.call('jobAction', { params: { id: slow.id }, body: { action: 'pause' } })
    expect(paused.body).toMatchObject({ status: 'paused', pauseReason: 'user', nextRunAt: null })
    expect((await d.agent.call('jobAction', { params: { id: slow.id }, body: { action: 'pause' } })).body.error).toBe(
      'ERR_JOB_STATE',
    )
    // Resuming sends the next recipient at once, then waits the interval again.
    expect((await d.agent.call('jobAction', { params: { id: slow.id }, body: { action: 'resume' } })).body.status).toBe(
      'running',
    )
    const one = await waitForJob(d.agent, slow.id, (j) => j.sent === 1 && j.waitingReason === 'interval')
    expect(one.estimatedEndAt).not.toBeNull()
    const cancelled = await d.agent.call('jobAction', { params: { id: slow.id }, body: { action: 'cancel' } })
    expect(cancelled.body).toMatchObject({ status: 'cancelled', sent: 1, skipped: 2 })
    expect((await recipientsOf(d.agent, slow.id, { state: 'skipped' })).map((r) => r.reason)).toEqual([
      'cancelled',
      'cancelled',
    ])
    expect((await d.sim.outbox()).filter((e) => e.to.startsWith('551194444'))).toHaveLength(1)
    expect((await d.agent.call('jobAction', { params: { id: slow.id }, body: { action: 'resume' } })).status).toBe(409)
    // A finished job cannot be cancelled (again), and the answer says why.
    const again = await d.agent.call('jobAction', { params: { id: slow.id }, body: { action: 'cancel' } })
    expect(again).toMatchObject({ status: 409, body: { error: 'ERR_JOB_FINISHED' } })
    expect((await d.admin.call('jobAction', { params: { id: slow.id }, body: { action: 'explode' } })).status).toBe(400)
  })

  it('retries failed recipients on request, and exports the list as CSV', async () => {
    d.simDriver().failNextSends(2, 'number blocked')
    const job = await bulkText(d.agent, d.sim.id, ['5511955550001', '5511955550002', '5511955550003'])
    const first = await waitForJob(d.agent, job.id, finished)
    expect(first).toMatchObject({ status: 'done', sent: 1, failed: 2 })
    const cancelDone = await d.agent.call('jobAction', { params: { id: job.id }, body: { action: 'cancel' } })
    expect(cancelDone).toMatchObject({ status: 409, body: { error: 'ERR_JOB_FINISHED' } })
    expect(await waitForJob(d.agent, job.id, finished)).toMatchObject({ status: 'done', sent: 1, failed: 2 })
    expect((await recipientsOf(d.agent, job.id, { state: 'failed' })).map((r) => r.reason)).toEqual([
      'number blocked',
      'number blocked',
    ])
    await d.agent.call('jobAction', { params: { id: job.id }, body: { action: 'retryFailed' } })
    const second = await waitForJob(d.agent, job.id, (j) => j.status === 'done' && j.sent === 3)
    expect(second.failed).toBe(0)
    const outbox = (await d.sim.outbox()).filter((e) => e.to.startsWith('551195555'))
    expect(outbox.map((e) => e.to).sort()).toEqual(['5511955550001', '5511955550002', '5511955550003'])
    const csv = await d.agent.call('jobRecipientsCsv', { params: { id: job.id } })
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('position;entry;address;state;reason;providerMessageId;updatedAt')
    expect(lines.slice(1).map((l) => l.split(';').slice(0, 4).join(';'))).toEqual([
      '1;5511955550001;5511955550001@c.us;sent',
      '2;5511955550002;5511955550002@c.us;sent',
      '3;5511955550003;5511955550003@c.us;sent',
    ])
    expect((await d.t.client().call('jobRecipientsCsv', { params: { id: job.id }, token: null })).status).toBe(401)
  })
})
