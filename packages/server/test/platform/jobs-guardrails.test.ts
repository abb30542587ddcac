import type { Job } from '@desk/api-client'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectSimulator } from '../support/desk'
import { bulkText, finished, type JobsDesk, recipientsOf, startJobsDesk, waitForJob } from '../support/jobs'

describe('outreach guardrails', () => {
  let d: JobsDesk
  beforeAll(async () => {
    d = await startJobsDesk('sqlite')
  })
  afterAll(() => d?.t.close())

  it('a customer who answers only a stop word is skipped by every later job; admins manage the list', async () => {
    await d.sim.inbound({ from: '5511966660001', body: '  ¡Párar! ' })
    await d.sim.inbound({ from: '5511966660002', body: 'please stop sending' })
    const job = await bulkText(d.agent, d.sim.id, ['5511966660001', '5511966660002'])
    const done = await waitForJob(d.agent, job.id, finished)
    expect(done).toMatchObject({ status: 'done', sent: 1, skipped: 1 })
    expect((await recipientsOf(d.agent, job.id)).map((r) => [r.entry, r.state, r.reason])).toEqual([
      ['5511966660001', 'skipped', 'optedOut'],
      ['5511966660002', 'sent', null],
    ])
    expect(await d.sim.outbox('5511966660001')).toHaveLength(0)

    const list = await d.admin.call('optOutList')
    expect(list.body.optOuts).toEqual([expect.objectContaining({ number: '5511966660001', source: 'stopWord' })])
    expect((await d.agent.call('optOutList')).status).toBe(403)
    expect((await d.admin.call('optOutCreate', { body: { number: '+55 11 96666-0003' } })).body).toMatchObject({
      number: '5511966660003',
      source: 'admin',
    })
    expect((await d.admin.call('optOutCreate', { body: { number: 'abc' } })).status).toBe(400)
    expect((await d.admin.call('optOutDelete', { params: { number: '5511966660001' } })).status).toBe(204)
    expect((await d.admin.call('optOutDelete', { params: { number: '5511966660001' } })).status).toBe(404)
    const again = await bulkText(d.agent, d.sim.id, ['5511966660001', '5511966660003'])
    expect(await waitForJob(d.agent, again.id, finished)).toMatchObject({ sent: 1, skipped: 1 })

    // The words are a setting.
    expect(
      (await d.admin.call('settingUpdate', { params: { key: 'outreachStopWords' }, body: { value: 'CHAU, basta' } }))
        .status,
    ).toBe(200)
    await d.sim.inbound({ from: '5511966660004', body: 'Basta.' })
    await d.sim.inbound({ from: '5511966660005', body: 'stop' })
    const numbers = (await d.admin.call('optOutList')).body.optOuts.map((o) => o.number)
    expect(numbers).toContain('5511966660004')
    expect(numbers).not.toContain('5511966660005')
    expect(
      (await d.admin.call('settingUpdate', { params: { key: 'outreachStopWords' }, body: { value: ',,' } })).status,
    ).toBe(400)
  })

  it('pauses by itself after 5 failed sends in a row, saying why', async () => {
    d.simDriver().failNextSends(100)
    const numbers = Array.from({ length: 8 }, (_, i) => `551197777000${i}`)
    const job = await bulkText(d.agent, d.sim.id, numbers)
    const paused = await waitForJob(d.agent, job.id, (j) => j.status === 'paused')
    expect(paused).toMatchObject({ pauseReason: 'failures', failed: 5, sent: 0 })
    expect(await recipientsOf(d.agent, job.id, { state: 'queued' })).toHaveLength(3)
    d.simDriver().failNextSends(0)
    await d.agent.call('jobAction', { params: { id: job.id }, body: { action: 'resume' } })
    expect(await waitForJob(d.agent, job.id, finished)).toMatchObject({ status: 'done', sent: 3, failed: 5 })
  })

  it('pauses when its connection is still there but its driver reports itself disconnected', async () => {
    const engine = d.t.server.services.outreach.engine
    await engine.stop()
    const numbers = ['5511977771001', '5511977771002']
    const job = await bulkText(d.agent, d.sim.id, numbers)
    // The session stays (no status change reaches the desk), but it can no longer send.
    const offline = vi.spyOn(d.simDriver(), 'isConnected').mockReturnValue(false)
    try {
      await engine.start()
      const paused = await waitForJob(d.agent, job.id, (j) => j.status === 'paused' || finished(j))
      expect(paused).toMatchObject({ status: 'paused', pauseReason: 'disconnected', sent: 0, failed: 0 })
      expect(await recipientsOf(d.agent, job.id, { state: 'queued' })).toHaveLength(2)
      expect(await d.sim.outbox(numbers[0])).toHaveLength(0)
    } finally {
      offline.mockRestore()
    }
    await d.agent.call('jobAction', { params: { id: job.id }, body: { action: 'resume' } })
    expect(await waitForJob(d.agent, job.id, finished)).toMatchObject({ status: 'done', sent: 2 })
  })

  it('waits outside its sending window and over the daily cap, running, and says so', async () => {
    const zone = 'America/Sao_Paulo'
    const local = DateTime.now().setZone(zone)
    const clock = (t: DateTime) => t.toFormat('HH:mm')
    // A window that opened two hours from now and closes three hours from now: closed now.
    const window = { start: clock(local.plus({ hours: 2 })), end: clock(local.plus({ hours: 3 })), timeZone: zone }
    const closed = await bulkText(d.agent, d.sim.id, ['5511988880001'], { window })
    const waiting = await waitForJob(d.agent, closed.id, (j) => j.waitingReason === 'window')
    expect(waiting.status).toBe('running')
    const opens = DateTime.fromISO(waiting.nextRunAt as string).setZone(zone)
    expect(clock(opens)).toBe(window.start)
    expect(opens > local).toBe(true)
    expect(await d.sim.outbox('5511988880001')).toHaveLength(0)

    // A line of its own, so the count of today's messages is this test's.
    const line = await connectSimulator(d.admin, { name: 'Capped line' })
    const capped = await bulkText(d.agent, line.id, ['5511988880002', '5511988880003', '5511988880004'], {
      dailyCap: 1_000_000,
    })
    await waitForJob(d.agent, capped.id, finished)
    const cap = await bulkText(d.agent, line.id, ['5511988880005', '5511988880006'], { dailyCap: 4 })
    // The connection sent 3 job messages today already: one more is allowed, then the job waits for tomorrow.
    const over = await waitForJob(d.agent, cap.id, (j) => j.waitingReason === 'dailyCap')
    expect(over).toMatchObject({ status: 'running', sent: 1 })
    expect(new Date(over.nextRunAt as string).getTime()).toBeGreaterThan(Date.now())
    expect((await line.outbox()).map((e) => e.to)).toEqual([
      '5511988880002',
      '5511988880003',
      '5511988880004',
      '5511988880005',
    ])
    const invalid = await d.agent.call('bulkText', {
      body: {
        ticketwhatsappId: d.sim.id,
        numbers: '5511988880007',
        message: 'x',
        minInterval: 0,
        maxInterval: 0,
        window: { start: '25:00', end: '10:00', timeZone: 'Mars/Olympus' },
        startAt: 'tomorrow',
      },
    })
    expect(invalid.body.fields?.map((f) => f.path).sort()).toEqual(['startAt', 'window.start', 'window.timeZone'])
  })

  it('waits for startAt in queued, and pauses every job of a connection that goes away', async () => {
    const startAt = new Date(Date.now() + 3_600_000).toISOString()
    const later = await bulkText(d.agent, d.sim.id, ['5511999990001', '5511999990009'], {
      startAt,
      minInterval: 60,
      maxInterval: 120,
    })
    expect(later).toMatchObject({ status: 'queued', waitingReason: 'startAt', startAt })
    // Done around: 2 recipients × (60 + 120) s after the start.
    expect(later.estimatedEndAt).toBe(new Date(Date.parse(startAt) + 2 * 180_000).toISOString())
    const slow = await bulkText(d.agent, d.sim.id, ['5511999990002', '5511999990003'], {
      minInterval: 3600,
      maxInterval: 3600,
    })
    await waitForJob(d.agent, slow.id, (j) => j.waitingReason === 'interval')
    expect((await d.admin.call('simulatorDrop', { params: { connectionId: d.sim.id } })).status).toBe(200)
    for (const id of [later.id, slow.id]) {
      const job = await waitForJob(d.agent, id, (j: Job) => j.status === 'paused')
      expect(job.pauseReason).toBe('disconnected')
    }
    const resume = await d.agent.call('jobAction', { params: { id: slow.id }, body: { action: 'resume' } })
    expect(resume).toMatchObject({ status: 400, body: { error: 'ERR_WAPP_NOT_INITIALIZED' } })
    // Paired again, the job goes on when its owner resumes it: the next recipient at once.
    expect((await d.admin.call('sessionStart', { params: { id: d.sim.id } })).status).toBe(200)
    expect((await d.admin.call('simulatorScan', { params: { connectionId: d.sim.id } })).body.status).toBe('CONNECTED')
    expect((await d.agent.call('jobGet', { params: { id: slow.id } })).body.status).toBe('paused')
    expect((await d.agent.call('jobAction', { params: { id: slow.id }, body: { action: 'resume' } })).body.status).toBe(
      'running',
    )
    expect(await waitForJob(d.agent, slow.id, (j) => j.sent === 1)).toMatchObject({ status: 'running' })
    await d.admin.call('simulatorDrop', { params: { connectionId: d.sim.id } })
    expect(
      (
        await d.agent.call('bulkText', {
          body: {
            ticketwhatsappId: d.sim.id,
            numbers: '5511999990004',
            message: 'x',
            minInterval: 0,
            maxInterval: 0,
          },
        })
      ).status,
    ).toBe(400)
  })
})

describe('the sending window, on a clock the test sets', () => {
  let d: JobsDesk
  /** The desk's job clock runs at real speed from where the test puts it. */
  let shift = 0
  /** Tomorrow (UTC) at a time of day: ahead of every time the desk has written so far. */
  const tomorrowAt = (clock: string) => {
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    return new Date(`${day}T${clock}:00.000Z`)
  }
  const setClock = (clock: string) => {
    shift = tomorrowAt(clock).getTime() - Date.now()
  }
  beforeAll(async () => {
    d = await startJobsDesk('sqlite', { jobs: { step: { now: () => new Date(Date.now() + shift) } } })
  })
  afterAll(() => d?.t.close())
  const window = { start: '08:00', end: '18:00', timeZone: 'UTC' }

  it('does not send at its end minute (18:00 of 08:00–18:00), and waits for the next opening', async () => {
    setClock('18:00')
    const job = await bulkText(d.agent, d.sim.id, ['5511955550001'], { window })
    const waiting = await waitForJob(d.agent, job.id, (j) => j.waitingReason === 'window' || finished(j))
    const nextMorning = new Date(tomorrowAt('08:00').getTime() + 86_400_000).toISOString()
    expect(waiting).toMatchObject({ status: 'running', sent: 0, nextRunAt: nextMorning })
    expect(await d.sim.outbox('5511955550001')).toHaveLength(0)
  })

  it('sends in its last minute (17:59) and at its start minute (08:00)', async () => {
    for (const [at, number] of [
      ['17:59', '5511955550002'],
      ['08:00', '5511955550003'],
    ] as const) {
      setClock(at)
      const job = await bulkText(d.agent, d.sim.id, [number], { window })
      const settled = await waitForJob(d.agent, job.id, (j) => j.waitingReason === 'window' || finished(j))
      expect(settled).toMatchObject({ status: 'done', sent: 1 })
      expect(await d.sim.outbox(number)).toHaveLength(1)
    }
  })
})
