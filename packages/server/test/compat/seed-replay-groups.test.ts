import type { ErrorResponse, GroupCreateResponse, Job } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/drivers'
import { finished, type JobsDesk, startJobsDesk, waitForJob } from '../support/jobs'
import type { Client } from '../support/server'

const ADMINISTERED = ['120363000000000301', '120363000000000302']
const MEMBER_ONLY = '120363000000000303'

/**
 * The seven group calls of seed 001 (§7) replayed as the seed's /ZDGGroups page sends them: to the
 * automation host (our API root) without a session, `token` in the body, the dispatch id as the
 * form's string. They name no group: each acts on every group the connection administers.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the seed's group calls (${driver})`, () => {
    let d: JobsDesk
    let token = ''
    let automation: Client

    beforeAll(async () => {
      d = await startJobsDesk(driver, { jobs: { groupPacing: { minSeconds: 0, maxSeconds: 0 } } })
      const settings = await d.admin.get<Array<{ key: string; value: string }>>('/api/settings')
      token = settings.body.find((s) => s.key === 'userApiToken')?.value ?? ''
      expect(token).not.toBe('')
      automation = d.t.client()
      automation.token = undefined
    })
    afterAll(() => d?.t.close())

    const groups = () =>
      d.simDriver().setGroups([
        { id: ADMINISTERED[0] as string, name: 'Ventas', participants: ['5511977700001', '5511977700002'] },
        { id: ADMINISTERED[1] as string, name: 'Soporte', participants: ['5511977700002', '5511977700003'] },
        { id: MEMBER_ONLY, name: 'Barrio', admin: false, participants: ['5511977700004'] },
      ])
    const post = <T>(route: string, body: Record<string, unknown>) =>
      automation.post<T & ErrorResponse>(`/api/${route}`, { token, ticketwhatsappId: String(d.sim.id), ...body })
    const ran = async (answer: { status: number; body: Job }) => {
      expect(answer.status).toBe(202)
      return waitForJob(d.admin, answer.body.id, finished)
    }
    const texts = (to: string) =>
      d
        .simDriver()
        .outbox(to)
        .filter((e) => e.kind === 'text')
        .map((e) => e.body)

    it('POST /zdgGroups {subject}: renames every group the connection administers', async () => {
      groups()
      const job = await ran(await post<Job>('zdgGroups', { subject: 'Clientes 2026' }))
      expect(job).toMatchObject({ kind: 'groupSubject', status: 'done', total: 2, sent: 2 })
      expect(ADMINISTERED.map((id) => d.simDriver().group(id)?.name)).toEqual(['Clientes 2026', 'Clientes 2026'])
      expect(d.simDriver().group(MEMBER_ONLY)?.name).toBe('Barrio')
    })

    it('POST /zdgGroupsDescription {description}', async () => {
      groups()
      const job = await ran(await post<Job>('zdgGroupsDescription', { description: 'Horario: 9 a 18 h' }))
      expect(job).toMatchObject({ kind: 'groupDescription', sent: 2 })
      expect(d.simDriver().group(ADMINISTERED[1] as string)?.description).toBe('Horario: 9 a 18 h')
    })

    it('POST /zdgCloseGroup then POST /zdgOpenGroup: only admins write, then everyone', async () => {
      groups()
      expect(await ran(await post<Job>('zdgCloseGroup', {}))).toMatchObject({ kind: 'groupClose', sent: 2 })
      expect(ADMINISTERED.map((id) => d.simDriver().group(id)?.announce)).toEqual([true, true])
      expect(await ran(await post<Job>('zdgOpenGroup', {}))).toMatchObject({ kind: 'groupOpen', sent: 2 })
      expect(ADMINISTERED.map((id) => d.simDriver().group(id)?.announce)).toEqual([false, false])
    })

    it('POST /zdgGroupsMessage {newMessageGroup}: posts once in each administered group', async () => {
      groups()
      const job = await ran(await post<Job>('zdgGroupsMessage', { newMessageGroup: 'Buenos días' }))
      expect(job).toMatchObject({ kind: 'groupMessage', sent: 2 })
      expect(ADMINISTERED.map((id) => texts(`${id}@g.us`))).toEqual([['Buenos días'], ['Buenos días']])
      expect(texts(`${MEMBER_ONLY}@g.us`)).toEqual([])
    })

    it('POST /zdgGroupsMessage {newMessAgeGroupNasa}: each participant privately, once', async () => {
      groups()
      const job = await ran(await post<Job>('zdgGroupsMessage', { newMessAgeGroupNasa: 'Mensaje del sistema' }))
      expect(job).toMatchObject({ kind: 'groupParticipantsMessage', total: 4, sent: 3, skipped: 1 })
      for (const n of ['5511977700001', '5511977700002', '5511977700003']) {
        expect(texts(n)).toEqual(['Mensaje del sistema'])
      }
      expect(texts('5511977700004')).toEqual([])
    })

    it("POST /zdgGroupsCreate {title, contact: '{digits}@c.us'}: the group's id and invite link", async () => {
      const res = await post<GroupCreateResponse>('zdgGroupsCreate', {
        title: 'Pedido 77',
        contact: '5511977700009@c.us',
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ id: expect.any(String), inviteLink: expect.stringMatching(/^https:\/\//) })
      expect(
        d
          .simDriver()
          .group(res.body.id)
          ?.members.map((m) => m.number),
      ).toContain('5511977700009')
    })

    it("a form matching no combination: the seed's sentence, 400, and nothing done", async () => {
      groups()
      const sentBefore = d.simDriver().outbox().length
      for (const [route, body] of [
        ['zdgGroupsMessage', {}],
        ['zdgGroupsMessage', { newMessageGroup: 'uno', newMessAgeGroupNasa: 'dos' }],
        ['zdgGroups', { subject: '  ' }],
        ['zdgGroupsDescription', {}],
        ['zdgGroupsCreate', { title: 'Solo título' }],
      ] as const) {
        const res = await post(route, body)
        expect(res.status).toBe(400)
        expect(res.body).toMatchObject({
          error: 'ERR_GROUP_FORM_EMPTY',
          message: 'Complete los campos correctamente, no se realizó ninguna acción.',
        })
      }
      expect(d.simDriver().outbox().length).toBe(sentBefore)
      expect(d.simDriver().group(ADMINISTERED[0] as string)?.name).toBe('Ventas')
    })

    it('a wrong token is refused; an agent signed in runs the tools', async () => {
      const wrong = await automation.post<ErrorResponse>('/api/zdgOpenGroup', {
        token: 'wrong',
        ticketwhatsappId: d.sim.id,
      })
      expect(wrong.status).toBe(403)
      groups()
      const byAgent = await d.agent.post<Job>('/api/zdgGroups', { ticketwhatsappId: d.sim.id, subject: 'Por agente' })
      expect((await ran(byAgent)).sent).toBe(2)
    })
  })
}
