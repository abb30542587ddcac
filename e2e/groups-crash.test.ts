/**
 * A server killed with SIGKILL in the middle of a groups "system message" (each participant of the chosen groups
 * privately, once) finishes the job after a restart on the same data folder, and nobody gets it twice.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { startChildDesk } from '../packages/server/test/support/child'
import { admin, adminApi, apiWith, pairedSimulator, tokenOf } from './api'
import { type Job, type JobRecipientListResponse, outboxCounts, until } from './outreach'

/** A killed process's hold on its job lapses in 3 s, so the restarted desk takes the job soon; group actions 1–2 s apart keep the run short (the 5–15 s pace is proven by the server's tests). */
const LEASE = { JOB_LEASE_SECONDS: '3', GROUP_ACTION_SECONDS: '1-2' }

describe('a server killed in the middle of a groups job', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-groups-crash-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  test('SIGKILL after the first private messages, a restart: the job finishes and nobody got it twice', async () => {
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
      const { groups } = await api<{ groups: { id: string }[] }>('GET', `/groups?whatsappId=${connectionId}`)
      const job = await api<Job>('POST', '/groups/actions', {
        whatsappId: connectionId,
        action: 'participants',
        groupIds: groups.map((g) => g.id),
        text: 'Gracias por ser cliente.',
      })
      jobId = job.id
      sentAtKill = (
        await until(
          () => api<Job>('GET', `/jobs/${jobId}`),
          (j) => j.sent >= 1,
          'the first private message',
          60,
          20,
        )
      ).sent
    } finally {
      await before.kill()
    }

    const after = await startChildDesk(dataDir, LEASE)
    try {
      const api = apiWith(after, await tokenOf(after, admin))
      const done = await until(
        () => api<Job>('GET', `/jobs/${jobId}`),
        (j) => j.status === 'done',
        'the job to finish after the restart',
        180,
        500,
      )
      expect(sentAtKill).toBeLessThan(done.total)
      const recipients: JobRecipientListResponse['recipients'] = []
      for (let pageNumber = 1; ; pageNumber++) {
        const page = await api<JobRecipientListResponse>('GET', `/jobs/${jobId}/recipients?pageNumber=${pageNumber}`)
        recipients.push(...page.recipients)
        if (!page.hasMore) break
      }
      const people = recipients.filter((r) => r.state !== 'skipped')
      expect(done.sent + done.uncertain).toBe(people.length)
      expect(people.every((r) => r.state === 'sent' || r.state === 'uncertain')).toBe(true)
      const counts = await outboxCounts(api, connectionId)
      expect(Math.max(...counts.values())).toBe(1)
      for (const r of people.filter((x) => x.state === 'sent')) expect(counts.get(r.entry)).toBe(1)
      console.log(
        `groups crash case: ${people.length} people, ${sentAtKill} sent when killed, ${done.uncertain} uncertain, ${counts.size} delivered`,
      )
    } finally {
      await after.kill()
    }
  }, 300_000)
})
