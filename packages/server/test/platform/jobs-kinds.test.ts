import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { ErrorResponse, Job } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createJobMediaCache } from '../../src/modules/outreach/kinds/media-cache'
import { connectSimulator } from '../support/desk'
import { drivers } from '../support/drivers'
import { startGraphFake } from '../support/graph-fake'
import { bulkText, finished, type JobsDesk, recipientsOf, startJobsDesk, waitForJob } from '../support/jobs'
import { samples, serve, startFileServer } from '../support/outreach'

const NUMBERS = ['5511911120001', '5511911120002', '5511911120003', '5511911120004', '5511911120005']
const DAY_MS = 24 * 60 * 60 * 1000
/** The seed's outreach calls that take the API token in the body, no session. */
type TokenRoute = 'bulkMedia' | 'bulkFile' | 'bulkAudio' | 'syncMessage' | 'syncMessageUser' | 'scheduleStart'

describe.each(drivers)(
  'outreach job kinds on $driver: media, files, audio, history import, schedules',
  ({ driver, available }) => {
    let d: JobsDesk
    let files: Awaited<ReturnType<typeof startFileServer>>
    let fetches = 0
    let retryFetches = 0
    beforeAll(async () => {
      if (!available) return
      files = await startFileServer({
        '/promo.png': (req, res) => {
          fetches += 1
          serve(samples.png)(req, res)
        },
        '/retry.png': (req, res) => {
          retryFetches += 1
          serve(samples.png)(req, res)
        },
      })
      d = await startJobsDesk(driver, { outreach: { allowPrivateUrls: true } })
      const folder = path.join(d.t.storage.dataDir, 'outreach')
      writeFileSync(path.join(folder, 'catalogue.pdf'), samples.pdf)
      writeFileSync(path.join(folder, 'hello.ogg'), samples.ogg)
    })
    afterAll(async () => {
      await d?.t.close()
      await files?.close()
    })

    const send = (name: 'bulkMedia' | 'bulkFile' | 'bulkAudio', extra: Record<string, unknown>) =>
      d.agent.call<typeof name, Job & Partial<ErrorResponse>>(name, {
        body: {
          ticketwhatsappId: d.sim.id,
          numbers: NUMBERS.join('\n'),
          minInterval: 0,
          maxInterval: 0,
          ...extra,
        },
      })
    const jobCount = async () => (await d.admin.call('jobList')).body.jobs.length
    const outboxOf = async (numbers: string[]) =>
      (await d.sim.outbox()).filter((e) => numbers.includes(e.to) && e.kind === 'media')

    it.runIf(available)(
      'sends media by URL to each number once, fetching the file once for the whole job',
      async () => {
        const numbers = NUMBERS.map((n) => n.replace(/1$/, '6').replace(/0(\d)$/, '1$1'))
        const res = await send('bulkMedia', {
          numbers: numbers.join('\n'),
          url: files.url('/promo.png'),
          title: 'Sale',
        })
        expect(res.status).toBe(202)
        expect(res.body).toMatchObject({ kind: 'bulkMedia', total: 5 })
        expect(await waitForJob(d.agent, res.body.id, finished)).toMatchObject({ status: 'done', sent: 5 })
        const sent = await outboxOf(numbers)
        expect(sent.map((e) => e.to).sort()).toEqual([...numbers].sort())
        expect(sent.every((e) => e.mediaType === 'image' && e.mimeType === 'image/png' && e.body === 'Sale')).toBe(true)
        expect(fetches).toBe(1)
      },
    )

    it.runIf(available)(
      "retries a finished media job's failed recipients with the media kept in the data folder, not fetched again",
      async () => {
        const numbers = ['5511911180001', '5511911180002', '5511911180003']
        d.simDriver().failNextSends(1)
        const res = await send('bulkMedia', {
          numbers: numbers.join('\n'),
          url: files.url('/retry.png'),
          title: 'Again',
        })
        expect(await waitForJob(d.agent, res.body.id, finished)).toMatchObject({ status: 'done', sent: 2, failed: 1 })
        const kept = path.join(d.t.storage.dataDir, 'job-media', `${res.body.id}.bin`)
        expect(existsSync(kept)).toBe(true)

        expect(
          (await d.agent.call('jobAction', { params: { id: res.body.id }, body: { action: 'retryFailed' } })).status,
        ).toBe(200)
        expect(await waitForJob(d.agent, res.body.id, (j) => j.status === 'done' && j.failed === 0)).toMatchObject({
          sent: 3,
        })
        expect(retryFetches).toBe(1)
        expect((await outboxOf(numbers)).map((e) => e.to).sort()).toEqual(numbers)
        // Nothing left to retry: the job's media is deleted (just after the job is marked done).
        await vi.waitFor(() => expect(existsSync(kept)).toBe(false), { timeout: 5000 })
      },
    )

    it.runIf(available)(
      'fails each recipient with the code when the media cannot be fetched at send time, never uncertain',
      async () => {
        const numbers = ['5511911190001', '5511911190002']
        const res = await send('bulkMedia', { numbers: numbers.join('\n'), url: files.url('/gone.png'), title: 'x' })
        expect(res.status).toBe(202)
        expect(await waitForJob(d.agent, res.body.id, finished)).toMatchObject({
          status: 'done',
          failed: 2,
          uncertain: 0,
        })
        const recipients = await recipientsOf(d.agent, res.body.id)
        expect(recipients.map((r) => [r.state, r.reason])).toEqual([
          ['failed', 'ERR_OUTREACH_URL_UNREACHABLE'],
          ['failed', 'ERR_OUTREACH_URL_UNREACHABLE'],
        ])
        expect(await outboxOf(numbers)).toEqual([])
      },
    )

    it.runIf(available)(
      "keeps a job's fetched media in the data folder, so a restarted server does not fetch it again",
      async () => {
        const dir = mkdtempSync(path.join(tmpdir(), 'job-media-'))
        try {
          const media = { data: samples.png, mimeType: 'image/png', fileName: 'a.png', mediaType: 'image' as const }
          let loads = 0
          const load = async () => {
            loads += 1
            return media
          }
          await createJobMediaCache(dir).get(7, load, { persist: true })
          const again = await createJobMediaCache(dir).get(7, load, { persist: true })
          expect(loads).toBe(1)
          expect(again.data.equals(samples.png)).toBe(true)
          const afterDrop = createJobMediaCache(dir)
          await afterDrop.drop(7)
          await afterDrop.get(7, load, { persist: true })
          expect(loads).toBe(2)
          // Kept for a retry until the retention ends; older files are swept.
          const kept = createJobMediaCache(dir, 60_000)
          await kept.forget(7)
          expect(existsSync(path.join(dir, '7.bin'))).toBe(true)
          const old = new Date(Date.now() - 120_000)
          utimesSync(path.join(dir, '7.bin'), old, old)
          utimesSync(path.join(dir, '7.json'), old, old)
          await kept.sweep()
          expect(existsSync(path.join(dir, '7.bin'))).toBe(false)
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      },
    )

    it.runIf(available)('refuses a URL it will not fetch when the job is created, and stores nothing', async () => {
      const before = await jobCount()
      const res = await send('bulkMedia', { url: 'http://user:secret@example.com/a.png', title: 'x' })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ error: 'ERR_OUTREACH_URL_FORBIDDEN', fields: [{ path: 'url' }] })
      expect(await jobCount()).toBe(before)
    })

    it.runIf(available)(
      'sends a file from the outreach folder with its title, and refuses a path outside it',
      async () => {
        const numbers = ['5511911130001', '5511911130002']
        const res = await send('bulkFile', {
          numbers: numbers.join('\n'),
          url: 'catalogue.pdf',
          title: 'Catalogue',
        })
        expect(res.status).toBe(202)
        expect(await waitForJob(d.agent, res.body.id, finished)).toMatchObject({
          kind: 'bulkFile',
          status: 'done',
          sent: 2,
        })
        const sent = await outboxOf(numbers)
        expect(sent).toHaveLength(2)
        expect(sent.every((e) => e.mimeType === 'application/pdf' && e.body === 'Catalogue')).toBe(true)
        expect(sent[0]?.fileName).toBe('catalogue.pdf')

        const before = await jobCount()
        const outside = await send('bulkFile', { url: '/etc/passwd', title: 'x' })
        expect(outside.status).toBe(400)
        expect(outside.body).toMatchObject({ error: 'ERR_OUTREACH_PATH_FORBIDDEN', fields: [{ path: 'url' }] })
        const missing = await send('bulkFile', { url: 'nothing-here.pdf', title: 'x' })
        expect(missing.body).toMatchObject({ error: 'ERR_OUTREACH_FILE_NOT_FOUND', fields: [{ path: 'url' }] })
        expect(await jobCount()).toBe(before)
      },
    )

    it.runIf(available)('sends an audio file as a voice note, and refuses a file that is not audio', async () => {
      const numbers = ['5511911140001', '5511911140002', '5511911140003']
      const res = await send('bulkAudio', { numbers: numbers.join('\n'), url: 'hello.ogg' })
      expect(res.status).toBe(202)
      expect(await waitForJob(d.agent, res.body.id, finished)).toMatchObject({
        kind: 'bulkAudio',
        status: 'done',
        sent: 3,
      })
      const sent = await outboxOf(numbers)
      expect(sent).toHaveLength(3)
      expect(sent.every((e) => e.mediaType === 'audio' && e.mimeType === 'audio/ogg')).toBe(true)
      const notAudio = await send('bulkAudio', { url: 'catalogue.pdf' })
      expect(notAudio.body).toMatchObject({ error: 'ERR_OUTREACH_MEDIA_TYPE', fields: [{ path: 'url' }] })
    })

    it.runIf(available)('sends one message at once for a body with one number', async () => {
      const res = await d.agent.call('bulkFile', {
        body: {
          ticketwhatsappId: d.sim.id,
          number: '5511911150001',
          url: 'catalogue.pdf',
          title: 'Just you',
        },
      })
      expect(res).toMatchObject({ status: 200, body: { status: 'sent', address: '5511911150001@c.us' } })
      expect(await outboxOf(['5511911150001'])).toMatchObject([{ body: 'Just you', mimeType: 'application/pdf' }])
    })

    it.runIf(available)('imports the history as a job with progress, and a second run adds nothing', async () => {
      const conversations = ['5511900000031', '5511900000032'].map((id, c) => ({
        id,
        name: `Customer ${c}`,
        messages: [1, 2].map((n) => ({
          providerMessageId: `H${c}-${n}`,
          body: `m${n}`,
          timestamp: new Date().toISOString(),
        })),
      }))
      await d.admin.call('simulatorHistory', { params: { connectionId: d.sim.id }, body: { conversations } })
      const first = await d.agent.call('syncMessage', { body: { ticketwhatsappId: d.sim.id, limit: 5 } })
      expect(first).toMatchObject({ status: 202, body: { kind: 'syncMessage' } })
      expect(await waitForJob(d.agent, first.body.id, finished)).toMatchObject({
        status: 'done',
        total: 2,
        sent: 2,
        skipped: 0,
      })
      const messages = async () =>
        Number(
          (
            await d.t.server.db
              .selectFrom('messages')
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      const stored = await messages()
      const again = await d.agent.call('syncMessageUser', {
        body: {
          ticketwhatsappId: d.sim.id,
          user: '5511900000031',
          limit: 5,
        },
      })
      expect(await waitForJob(d.agent, again.body.id, finished)).toMatchObject({
        status: 'done',
        total: 1,
        sent: 0,
        skipped: 1,
      })
      const whole = await d.agent.call('syncMessage', { body: { ticketwhatsappId: d.sim.id, limit: 5 } })
      expect(await waitForJob(d.agent, whole.body.id, finished)).toMatchObject({ total: 2, sent: 0, skipped: 2 })
      expect(await messages()).toBe(stored)
    })

    it.runIf(available)('refuses a history import on a Cloud API connection before making a job', async () => {
      const graph = await startGraphFake(() => 'token-1')
      try {
        const cloud = await d.admin.call('connectionCreate', {
          body: {
            name: 'Cloud line',
            driver: 'cloud-api',
            cloudApi: {
              phoneNumberId: '1099',
              accessToken: 'token-1',
              verifyToken: 'verify-me',
              appSecret: 'secret-1',
            },
          },
        })
        const before = await jobCount()
        const res = await d.admin.call('syncMessage', { body: { ticketwhatsappId: cloud.body.id, limit: 5 } })
        expect(res).toMatchObject({ status: 400, body: { error: 'ERR_OUTREACH_HISTORY_UNSUPPORTED' } })
        expect(await jobCount()).toBe(before)
      } finally {
        await graph.close()
      }
    })

    it.runIf(available)('reschedules or cancels a job before it starts, and refuses once it has started', async () => {
      const tomorrow = new Date(Date.now() + DAY_MS).toISOString()
      const later = new Date(Date.now() + 2 * DAY_MS).toISOString()
      const a = await bulkText(d.agent, d.sim.id, ['5511911160001'], { startAt: tomorrow })
      const b = await bulkText(d.agent, d.sim.id, ['5511911160002'], { startAt: tomorrow })
      const moved = await d.agent.call('jobAction', {
        params: { id: a.id },
        body: { action: 'reschedule', startAt: later },
      })
      expect(moved).toMatchObject({ status: 200, body: { status: 'queued', startAt: later, waitingReason: 'startAt' } })
      const noTime = await d.agent.call('jobAction', { params: { id: a.id }, body: { action: 'reschedule' } })
      expect(noTime.status).toBe(400)
      expect((await d.agent.call('jobAction', { params: { id: b.id }, body: { action: 'cancel' } })).body.status).toBe(
        'cancelled',
      )
      const scheduled = (await d.agent.call('jobList', { query: { scheduled: true } })).body.jobs.map((j) => j.id)
      expect(scheduled).toContain(a.id)
      expect(scheduled).not.toContain(b.id)

      const now = await d.agent.call('jobAction', {
        params: { id: a.id },
        body: {
          action: 'reschedule',
          startAt: new Date(Date.now() - 1000).toISOString(),
        },
      })
      expect(now.status).toBe(200)
      await waitForJob(d.agent, a.id, finished)
      const after = await d.agent.call('jobAction', {
        params: { id: a.id },
        body: { action: 'reschedule', startAt: later },
      })
      expect(after).toMatchObject({ status: 409, body: { error: 'ERR_JOB_STATE' } })
      const cancelled = await d.agent.call('jobAction', {
        params: { id: b.id },
        body: { action: 'reschedule', startAt: later },
      })
      expect(cancelled.status).toBe(409)
    })

    it.runIf(available)(
      "starts a day's scheduled jobs of one connection with /sendAgendamento, and no others",
      async () => {
        const other = await connectSimulator(d.admin, { name: 'Second line' })
        const day = new Date(Date.now() + 3 * DAY_MS)
        const dataEnvio = day.toISOString().slice(0, 10)
        const at = (days: number) =>
          `${new Date(day.getTime() + days * DAY_MS).toISOString().slice(0, 10)}T10:00:00.000Z`
        const theDay = await bulkText(d.agent, d.sim.id, ['5511911170001'], { startAt: at(0) })
        const nextDay = await bulkText(d.agent, d.sim.id, ['5511911170002'], { startAt: at(1) })
        const otherLine = await bulkText(d.agent, other.id, ['5511911170003'], { startAt: at(0) })
        const res = await d.agent.call('scheduleStart', {
          body: {
            ticketwhatsappId: d.sim.id,
            dataEnvio,
          },
        })
        expect(res.status).toBe(200)
        expect(res.body.jobs.map((j) => j.id)).toEqual([theDay.id])
        expect(await waitForJob(d.agent, theDay.id, finished)).toMatchObject({ status: 'done', sent: 1 })
        for (const id of [nextDay.id, otherLine.id]) {
          expect((await d.agent.call('jobGet', { params: { id } })).body).toMatchObject({ status: 'queued' })
        }
      },
    )

    it.runIf(available).each<[TokenRoute, Record<string, unknown>]>([
      ['bulkMedia', { url: 'http://example.com/a.png', title: 't', numbers: '5511911180001' }],
      ['bulkFile', { url: 'catalogue.pdf', title: 't', numbers: '5511911180001' }],
      ['bulkAudio', { url: 'hello.ogg', numbers: '5511911180001' }],
      ['syncMessage', { limit: 5 }],
      ['syncMessageUser', { limit: 5, user: '5511911180001' }],
      ['scheduleStart', { dataEnvio: '2030-01-01' }],
    ])('%s takes the API token: none answers 401, a wrong one 403', async (name, body) => {
      const anonymous = d.t.client()
      const full = { ticketwhatsappId: d.sim.id, minInterval: 0, maxInterval: 0, ...body }
      const before = await jobCount()
      expect((await anonymous.call(name, { body: full })).status).toBe(401)
      expect(await anonymous.call(name, { body: { ...full, token: 'wrong' } })).toMatchObject({
        status: 403,
        body: { error: 'ERR_NO_PERMISSION' },
      })
      expect(await jobCount()).toBe(before)
    })
  },
)
