// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Job } from '../src/contract'
import { flattenJobs, listClock, useJob, useJobRecipients, useJobs, useOutreachMutations } from '../src/hooks'
import { MOCK_NOW } from '../src/mocks'
import { outreachFixtures } from '../src/mocks/outreachFixtures'
import { mockDesk } from './support/desk'

const { render } = mockDesk()

const send = {
  ticketwhatsappId: 1,
  numbers: '5511987650001\n5511987650002\n5511987650003',
  minInterval: 0,
  maxInterval: 1,
  message: 'Hi',
}

describe('outreach hooks', () => {
  it('a send shows its job at once, and job events raise its counters in the list and on its own', async () => {
    const { result, sockets } = render(() => ({
      running: useJobs({ kind: 'bulkText', unfinished: true }),
      all: useJobs(),
      actions: useOutreachMutations(),
    }))
    await waitFor(() => expect(result.current.running.jobs.length).toBeGreaterThan(0))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const job = await act(() => result.current.actions.sendBulkText(send))
    expect(job).toMatchObject({ kind: 'bulkText', total: 3, sent: 0 })
    expect(result.current.running.jobs[0]?.id).toBe(job.id)
    expect(result.current.all.jobs[0]?.id).toBe(job.id)

    const progressed: Job = { ...job, sent: 2 }
    act(() => sockets.live().push('job', { action: 'progress', job: progressed }))
    await waitFor(() => expect(result.current.running.jobs.find((j) => j.id === job.id)?.sent).toBe(2))
    expect(result.current.all.jobs.find((j) => j.id === job.id)?.sent).toBe(2)

    // Finished: it leaves the page's running list and stays in the list of every job.
    act(() => sockets.live().push('job', { action: 'done', job: { ...progressed, sent: 3, status: 'done' } }))
    await waitFor(() => expect(result.current.running.jobs.some((j) => j.id === job.id)).toBe(false))
    expect(result.current.all.jobs.find((j) => j.id === job.id)).toMatchObject({ status: 'done', sent: 3 })
  })

  it('follows one job and its recipients, and shows a job created elsewhere', async () => {
    const { result, sockets } = render(() => ({ job: useJob(501), recipients: useJobRecipients(501), all: useJobs() }))
    await waitFor(() => expect(result.current.job.job?.sent).toBe(58))
    await waitFor(() => expect(result.current.recipients.recipients.length).toBe(6))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const current = result.current.job.job!
    act(() => sockets.live().push('job', { action: 'progress', job: { ...current, sent: 59 } }))
    await waitFor(() => expect(result.current.job.job?.sent).toBe(59))

    const other: Job = { ...current, id: 777, sent: 0, total: 10, createdAt: '2026-01-15T11:00:00.000Z' }
    act(() => sockets.live().push('job', { action: 'create', job: other }))
    await waitFor(() => expect(result.current.all.jobs[0]?.id).toBe(777))
  })

  it("keeps a job's counters when its creation arrives after its first sends (a sender's own answer read late)", async () => {
    const { result, sockets } = render(() => ({ job: useJob(501), all: useJobs() }))
    await waitFor(() => expect(result.current.job.job?.sent).toBe(58))
    await waitFor(() => expect(result.current.all.jobs.some((j) => j.id === 501)).toBe(true))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const current = result.current.job.job!
    act(() => sockets.live().push('job', { action: 'progress', job: { ...current, sent: 59 } }))
    await waitFor(() => expect(result.current.job.job?.sent).toBe(59))
    act(() => sockets.live().push('job', { action: 'create', job: { ...current, sent: 0, status: 'queued' } }))
    // A later event still goes through, so the stale creation has been handled by then.
    act(() => sockets.live().push('job', { action: 'create', job: { ...current, id: 778, sent: 0 } }))
    await waitFor(() => expect(result.current.all.jobs.some((j) => j.id === 778)).toBe(true))
    expect(result.current.job.job).toMatchObject({ sent: 59, status: current.status })
    expect(result.current.all.jobs.find((j) => j.id === 501)).toMatchObject({ sent: 59, status: current.status })
  })

  it('does not bring a finished job back into a running list when its creation arrives after its end', async () => {
    const { result, sockets } = render(() => ({ running: useJobs({ unfinished: true }), job: useJob(501) }))
    await waitFor(() => expect(result.current.running.jobs.some((j) => j.id === 501)).toBe(true))
    await waitFor(() => expect(result.current.job.job?.sent).toBe(58))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const current = result.current.job.job!
    const done: Job = { ...current, sent: current.total, status: 'done' }
    act(() => sockets.live().push('job', { action: 'done', job: done }))
    await waitFor(() => expect(result.current.running.jobs.some((j) => j.id === 501)).toBe(false))
    // The sender's own answer, read before the first send: queued, nothing sent.
    act(() => sockets.live().push('job', { action: 'create', job: { ...current, sent: 0, status: 'queued' } }))
    act(() => sockets.live().push('job', { action: 'create', job: { ...current, id: 779, sent: 0, status: 'queued' } }))
    await waitFor(() => expect(result.current.running.jobs.some((j) => j.id === 779)).toBe(true))
    expect(result.current.running.jobs.some((j) => j.id === 501)).toBe(false)
    expect(result.current.job.job).toMatchObject({ sent: current.total, status: 'done' })
  })

  it('pauses and resumes a job; the answer shows at once', async () => {
    const { result } = render(() => ({ job: useJob(501), actions: useOutreachMutations() }))
    await waitFor(() => expect(result.current.job.job?.status).toBe('running'))
    await act(() => result.current.actions.jobAction(501, 'pause'))
    expect(result.current.job.job).toMatchObject({ status: 'paused', pauseReason: 'user' })
    await act(() => result.current.actions.jobAction(501, 'resume'))
    expect(result.current.job.job?.status).toBe('running')
  })

  describe('the scheduled list', () => {
    beforeEach(() => {
      listClock.now = () => MOCK_NOW
    })
    afterEach(() => {
      listClock.now = () => Date.now()
    })

    it('keeps a job moved to a later start, and drops one whose start has passed though it is still queued', async () => {
      const { result, sockets } = render(() => ({
        scheduled: useJobs({ scheduled: true }),
        actions: useOutreachMutations(),
      }))
      await waitFor(() => expect(result.current.scheduled.jobs.map((j) => j.id)).toEqual([503]))
      await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))

      const later = '2026-01-17T08:00:00.000Z'
      await act(() => result.current.actions.reschedule(503, later))
      expect(result.current.scheduled.jobs).toMatchObject([{ id: 503, startAt: later }])

      // The server moved it to a start already past: queued until its first step, but no longer scheduled.
      const job = result.current.scheduled.jobs[0] as Job
      act(() => sockets.live().push('job', { action: 'update', job: { ...job, startAt: '2026-01-15T10:00:00.000Z' } }))
      await waitFor(() => expect(result.current.scheduled.jobs).toEqual([]))
    })

    it('leaves out a loaded job once the clock passes its start, and shows the soonest first', () => {
      const [waiting] = outreachFixtures.jobs.filter((j) => j.id === 503) as [Job]
      const sooner: Job = { ...waiting, id: 504, startAt: '2026-01-15T12:00:00.000Z' }
      const pages = [{ jobs: [waiting, sooner], hasMore: false }]
      expect(flattenJobs(pages, { scheduled: true }).map((j) => j.id)).toEqual([504, 503])
      listClock.now = () => Date.parse('2026-01-15T12:00:00.000Z')
      expect(flattenJobs(pages, { scheduled: true }).map((j) => j.id)).toEqual([503])
      listClock.now = () => Date.parse('2026-01-16T09:00:00.000Z')
      expect(flattenJobs(pages, { scheduled: true })).toEqual([])
    })
  })
})
