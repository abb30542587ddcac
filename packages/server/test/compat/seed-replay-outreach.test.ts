import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { DispatchConnectionListResponse, Job, SingleSendResponse } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type connectSimulator, simulatorControls } from '../support/desk'
import { drivers } from '../support/drivers'
import { finished, startJobsDesk, waitForJob } from '../support/jobs'
import { samples, serve, startFileServer } from '../support/outreach'
import type { Client, TestServer } from '../support/server'

/**
 * Every outreach call of seed 001 (§7, and the conversation screen's) replayed exactly as the seed's
 * pages send them: to the automation host, which is our API root, without a session, the
 * `userApiToken` setting's value as `token` in the body (in the query string of a GET), ids and
 * limits as the form's strings or as integers, yes/no fields as 0/1, numbers with `@c.us` or
 * `@g.us`, and absolute paths with forward slashes. Each must do what the seed's page meant.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the seed's outreach calls (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let sim: Awaited<ReturnType<typeof connectSimulator>>
    let files: Awaited<ReturnType<typeof startFileServer>>
    let token = ''
    let folder = ''
    /** The seed's automation client: no session, JSON bodies. */
    let automation: Client

    beforeAll(async () => {
      files = await startFileServer({ '/promo.png': serve(samples.png, { 'content-type': 'image/png' }) })
      const d = await startJobsDesk(driver, { outreach: { allowPrivateUrls: true } })
      t = d.t
      admin = d.admin
      sim = simulatorControls(admin, d.sim.id)
      folder = path.join(t.storage.dataDir, 'outreach')
      writeFileSync(path.join(folder, 'catalogo.pdf'), samples.pdf)
      writeFileSync(path.join(folder, 'audio.ogg'), samples.ogg)
      // GET /settings (the main API client): the token is the value of `userApiToken`.
      const settings = await admin.get<Array<{ key: string; value: string }>>('/api/settings')
      token = settings.body.find((s) => s.key === 'userApiToken')?.value ?? ''
      expect(token).not.toBe('')
      automation = t.client()
      automation.token = undefined
    })
    afterAll(async () => {
      await t?.close()
      await files?.close()
    })

    const post = <T>(route: string, body: Record<string, unknown>) => automation.post<T>(`/api/${route}`, body)
    const delivered = async (to: string) => (await sim.outbox(to)).filter((e) => e.kind !== 'read')

    it('GET /whatsappzdg with the token in the query string lists ids and statuses', async () => {
      const res = await automation.get<DispatchConnectionListResponse>(`/api/whatsappzdg?token=${token}`)
      expect(res.status).toBe(200)
      expect(res.body).toContainEqual({ id: sim.id, status: 'CONNECTED' })
      expect((await automation.get('/api/whatsappzdg?token=wrong')).status).toBe(403)
    })

    it('POST zdg: one number, the dispatch id as the form string, as an integer, and the transfer notice with @c.us', async () => {
      const asString = await post<SingleSendResponse>('zdg', {
        number: '5511987650001',
        message: 'Promoção de hoje',
        token,
        ticketwhatsappId: String(sim.id),
      })
      expect(asString).toMatchObject({ status: 200, body: { status: 'sent', address: '5511987650001@c.us' } })
      const notice = await post<SingleSendResponse>('zdg', {
        number: '5511987650002@c.us',
        message: 'Seu atendimento foi transferido',
        token,
        ticketwhatsappId: sim.id,
      })
      expect(notice).toMatchObject({ status: 200, body: { status: 'sent' } })
      expect((await delivered('5511987650001')).map((e) => e.body)).toEqual(['Promoção de hoje'])
      expect((await delivered('5511987650002')).map((e) => e.body)).toEqual(['Seu atendimento foi transferido'])
    })

    it('POST zdg in group mode: the entry is a group id sent to @g.us', async () => {
      const res = await post<SingleSendResponse>('zdg', {
        number: '120363000000000001@g.us',
        message: 'Aviso ao grupo',
        token,
        ticketwhatsappId: String(sim.id),
      })
      expect(res).toMatchObject({ status: 200, body: { status: 'sent', address: '120363000000000001@g.us' } })
    })

    it('POST sendMedia, /sendMediaZDG (an absolute path with forward slashes) and /sendMediaZDGRec, one number each', async () => {
      const media = await post<SingleSendResponse>('sendMedia', {
        number: '5511987650003',
        url: files.url('/promo.png'),
        title: 'Catálogo',
        token,
        ticketwhatsappId: String(sim.id),
      })
      expect(media).toMatchObject({ status: 200, body: { status: 'sent' } })
      const file = await post<SingleSendResponse>('sendMediaZDG', {
        number: '5511987650004',
        url: `${folder.replace(/\\/g, '/')}/catalogo.pdf`,
        title: 'Preços',
        token,
        ticketwhatsappId: sim.id,
      })
      expect(file).toMatchObject({ status: 200, body: { status: 'sent' } })
      const audio = await post<SingleSendResponse>('sendMediaZDGRec', {
        number: '5511987650005',
        url: `${folder.replace(/\\/g, '/')}/audio.ogg`,
        token,
        ticketwhatsappId: sim.id,
      })
      expect(audio).toMatchObject({ status: 200, body: { status: 'sent' } })
      expect((await delivered('5511987650003'))[0]).toMatchObject({
        kind: 'media',
        mediaType: 'image',
        body: 'Catálogo',
      })
      expect((await delivered('5511987650004'))[0]).toMatchObject({ kind: 'media', mimeType: 'application/pdf' })
      expect((await delivered('5511987650005'))[0]).toMatchObject({ kind: 'media', mediaType: 'audio' })
    })

    it('a list with 0/1 yes/no fields and numbers as strings makes a job', async () => {
      const res = await post<Job>('zdg', {
        numbers: '5511987650006\n5511987650007',
        message: 'Lista',
        token,
        ticketwhatsappId: String(sim.id),
        minInterval: '0',
        maxInterval: '0',
        isGroup: 0,
      })
      expect(res.status).toBe(202)
      expect(await waitForJob(admin, res.body.id, finished)).toMatchObject({ status: 'done', sent: 2 })
      const groups = await post<Job>('zdg', {
        numbers: '120363000000000002',
        message: 'Grupos',
        token,
        ticketwhatsappId: sim.id,
        minInterval: 0,
        maxInterval: '1',
        isGroup: '1',
      })
      expect(groups.status).toBe(202)
      expect(await waitForJob(admin, groups.body.id, finished)).toMatchObject({ status: 'done', sent: 1 })
      const toGroup = (await sim.outbox()).filter((e) => e.body === 'Grupos')
      expect(toGroup.map((e) => e.to)).toEqual([expect.stringContaining('120363000000000002')])
    })

    it('POST /syncMessage with the limit as the form string, and /zdgSyncMessageUser from the conversation screen', async () => {
      const all = await post<Job>('syncMessage', { limit: '10', token, ticketwhatsappId: String(sim.id) })
      expect(all).toMatchObject({ status: 202, body: { kind: 'syncMessage' } })
      expect(await waitForJob(admin, all.body.id, finished)).toMatchObject({ status: 'done' })
      // The conversation screen's call carries no token: it goes with the agent's session.
      const one = await admin.post<Job>('/api/zdgSyncMessageUser', {
        user: '5511987650001',
        limit: 5,
        ticketwhatsappId: sim.id,
      })
      expect(one).toMatchObject({ status: 202, body: { kind: 'syncMessage' } })
    })

    it('POST /sendAgendamento with dataEnvio as the date picker gives it', async () => {
      const res = await post<{ jobs: Job[] }>('sendAgendamento', {
        dataEnvio: '2026-11-25',
        token,
        ticketwhatsappId: String(sim.id),
      })
      expect(res).toMatchObject({ status: 200, body: { jobs: [] } })
    })
  })
}
