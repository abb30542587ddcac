/**
 * A server killed with SIGKILL mid-job finishes the job after a restart on the same data folder, without
 * sending any number twice. A file of its own, so that it runs beside the outreach pages' file.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { startChildDesk } from '../packages/server/test/support/child'
import { admin, adminApi, apiWith, pairedSimulator, tokenOf } from './api'
import { type Job, type JobRecipientListResponse, numbers, outboxCounts, until } from './outreach'

/** A killed process's hold on its job lapses in 3 s, so the restarted desk takes the job soon. */
const LEASE = { JOB_LEASE_SECONDS: '3' }

describe('a server killed mid-job', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-crash-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  test('SIGKILL mid-job, a restart on the same data: the job finishes, no number got two messages', async () => {
    // Enough numbers that the job is still going when the first sends are seen (400 could all go out first).
    const list = numbers(1200, 14155560000)
    const before = await startChildDesk(dataDir, LEASE)
    let jobId = 0
    let connectionId = 0
    let sentAtKill = 0
    try {
      const api = await adminApi(before)
      connectionId = await pairedSimulator(api)
      await until(
        () => api<{ status: string }>('GET', `/whatsapp/${connectionId}`),
        (c) => c.status === 'CONNECTED',
        'the pairing',
        20,
      )
      const job = await api<Job>('POST', '/zdg', {
        ticketwhatsappId: connectionId,
        numbers: list,
        minInterval: 0,
        maxInterval: 0,
        message: 'Your order is on its way.',
      })
      jobId = job.id
      sentAtKill = (
        await until(
          () => api<Job>('GET', `/jobs/${jobId}`),
          (j) => j.sent >= 5,
          'the first sends',
        )
      ).sent
    } finally {
      await before.kill()
    }
    expect(sentAtKill).toBeLessThan(list.length)

    const after = await startChildDesk(dataDir, LEASE)
    try {
      const api = apiWith(after, await tokenOf(after, admin))
      const done = await until(
        () => api<Job>('GET', `/jobs/${jobId}`),
        (j) => j.status === 'done',
        'the job to finish after the restart',
      )
      expect(done.sent + done.uncertain).toBe(list.length)
      const recipients: JobRecipientListResponse['recipients'] = []
      for (let pageNumber = 1; ; pageNumber++) {
        const page = await api<JobRecipientListResponse>('GET', `/jobs/${jobId}/recipients?pageNumber=${pageNumber}`)
        recipients.push(...page.recipients)
        if (!page.hasMore) break
      }
      expect(recipients).toHaveLength(list.length)
      expect(recipients.every((r) => r.state === 'sent' || r.state === 'uncertain')).toBe(true)
      const counts = await outboxCounts(api, connectionId)
      expect(Math.max(...counts.values())).toBe(1)
      // Every number recorded as sent is in the network's outbox; an uncertain one may or may not be.
      for (const r of recipients.filter((x) => x.state === 'sent')) expect(counts.get(r.entry)).toBe(1)
      console.log(`crash case: ${sentAtKill} sent when killed, ${done.uncertain} uncertain, ${counts.size} delivered`)
    } finally {
      await after.kill()
    }
  })
})
