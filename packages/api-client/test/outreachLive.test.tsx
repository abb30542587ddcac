// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Job } from '../src/contract'
import { useJob, useJobRecipients, useJobs, useOutreachMutations } from '../src/hooks'
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

  it('pauses and resumes a job; the answer shows at once', async () => {
    const { result } = render(() => ({ job: useJob(501), actions: useOutreachMutations() }))
    await waitFor(() => expect(result.current.job.job?.status).toBe('running'))
    await act(() => result.current.actions.jobAction(501, 'pause'))
    expect(result.current.job.job).toMatchObject({ status: 'paused', pauseReason: 'user' })
    await act(() => result.current.actions.jobAction(501, 'resume'))
    expect(result.current.job.job?.status).toBe('running')
  })
})
