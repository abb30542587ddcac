import type {
  ErrorResponse,
  GroupActionPreview,
  GroupCreateResponse,
  GroupInviteResponse,
  GroupListResponse,
  Job,
} from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatorOwnNumber } from '../../src/drivers/simulator-groups'
import { drivers } from '../support/drivers'
import { finished, type JobsDesk, recipientsOf, startJobsDesk, waitForJob } from '../support/jobs'
import { apiPath, type Client } from '../support/server'

const A = ['5511966600001', '5511966600002', '5511966600003']
const B = ['5511966600003', '5511966600004']
const C = ['5511966600005', '5511966600006']

describe.each(drivers)('groups on the simulator ($driver)', ({ driver, available }) => {
  let d: JobsDesk
  beforeAll(async () => {
    if (!available) return
    d = await startJobsDesk(driver, { jobs: { groupPacing: { minSeconds: 0, maxSeconds: 0 } } })
  })
  afterAll(() => d?.t.close())

  /** Three groups: two the phone administers (sharing a person, one closed) and one it only belongs to. */
  const resetGroups = () =>
    d.simDriver().setGroups([
      { id: '120363000000000101', name: 'Clientes', description: 'old', participants: A },
      { id: '120363000000000102', name: 'Avisos', announce: true, participants: [...B, simulatorOwnNumber(d.sim.id)] },
      { id: '120363000000000103', name: 'Vecinos', admin: false, participants: C },
    ])
  const act = (client: Client, body: Record<string, unknown>) =>
    client.post<Job & ErrorResponse>(apiPath('groupAction'), { whatsappId: d.sim.id, ...body })
  const done = async (client: Client, res: { status: number; body: Job }) => {
    expect(res.status).toBe(202)
    return waitForJob(client, res.body.id, finished)
  }
  const textsTo = (to: string) =>
    d
      .simDriver()
      .outbox(to)
      .filter((e) => e.kind === 'text')

  it.runIf(available)(
    'lists the groups of the connection with members, admin rights, mode and invite link',
    async () => {
      resetGroups()
      const res = await d.agent.get<GroupListResponse>(`${apiPath('groupList')}?whatsappId=${d.sim.id}`)
      expect(res.status).toBe(200)
      expect(res.body.groups.map((g) => [g.name, g.participants, g.isAdmin, g.announce])).toEqual([
        ['Avisos', 3, true, true],
        ['Clientes', 4, true, false],
        ['Vecinos', 3, false, false],
      ])
      const clientes = res.body.groups.find((g) => g.name === 'Clientes')
      expect(clientes?.inviteLink).toMatch(/^https:\/\/chat\.whatsapp\.com\/\S+$/)
      expect(res.body.groups.find((g) => g.name === 'Vecinos')?.inviteLink).toBeNull()
    },
  )

  it.runIf(available)('renames and describes the chosen groups, skipping one it does not administer', async () => {
    resetGroups()
    const ids = ['120363000000000101', '120363000000000103@g.us']
    const renamed = await done(d.agent, await act(d.agent, { action: 'subject', groupIds: ids, text: 'Nuevo nombre' }))
    expect(renamed).toMatchObject({ kind: 'groupSubject', status: 'done', total: 2, sent: 1, skipped: 1 })
    expect(d.simDriver().group('120363000000000101')?.name).toBe('Nuevo nombre')
    expect(d.simDriver().group('120363000000000103')?.name).toBe('Vecinos')
    const recipients = await recipientsOf(d.agent, renamed.id)
    expect(recipients.map((r) => [r.entry, r.state, r.reason])).toEqual([
      ['Clientes', 'sent', null],
      ['Vecinos', 'skipped', 'notAdmin'],
    ])

    const described = await done(
      d.agent,
      await act(d.agent, { action: 'description', groupIds: ['120363000000000101'], text: 'Reglas del grupo' }),
    )
    expect(described).toMatchObject({ kind: 'groupDescription', sent: 1 })
    expect(d.simDriver().group('120363000000000101')?.description).toBe('Reglas del grupo')
  })

  it.runIf(available)('closes and opens a group', async () => {
    resetGroups()
    const id = '120363000000000101'
    await done(d.agent, await act(d.agent, { action: 'close', groupIds: [id] }))
    expect(d.simDriver().group(id)?.announce).toBe(true)
    const opened = await done(d.agent, await act(d.agent, { action: 'open', groupIds: [id] }))
    expect(opened).toMatchObject({ kind: 'groupOpen', sent: 1 })
    expect(d.simDriver().group(id)?.announce).toBe(false)
  })

  it.runIf(available)('posts in each chosen group once; a closed group it does not administer is skipped', async () => {
    d.simDriver().setGroups([
      { id: '120363000000000201', name: 'Uno', participants: A },
      { id: '120363000000000202', name: 'Dos', participants: B },
      { id: '120363000000000203', name: 'Cerrado', admin: false, announce: true, participants: C },
    ])
    const ids = ['120363000000000201', '120363000000000202', '120363000000000203']
    const job = await done(d.agent, await act(d.agent, { action: 'post', groupIds: ids, text: 'Hola grupo' }))
    expect(job).toMatchObject({ kind: 'groupMessage', total: 3, sent: 2, skipped: 1 })
    expect(textsTo('120363000000000201@g.us').map((e) => e.body)).toEqual(['Hola grupo'])
    expect(textsTo('120363000000000202@g.us')).toHaveLength(1)
    expect(textsTo('120363000000000203@g.us')).toHaveLength(0)
  })

  it.runIf(available)(
    'messages each participant privately once, never its own number or an opted-out one; the preview agrees',
    async () => {
      resetGroups()
      await d.admin.post(apiPath('optOutCreate'), { number: '5511966600002' })
      const body = {
        whatsappId: d.sim.id,
        action: 'participants',
        groupIds: ['120363000000000101', '120363000000000102'],
        text: 'Aviso privado',
      }
      const preview = await d.agent.post<GroupActionPreview>(apiPath('groupActionPreview'), body)
      expect(preview.body).toEqual({
        action: 'participants',
        groups: 2,
        people: 3,
        skipped: { notAdmin: 0, notFound: 0, duplicate: 1, ownNumber: 0, optedOut: 1 },
      })
      const before = d.simDriver().outbox().length
      const job = await done(d.agent, await act(d.agent, body))
      expect(job).toMatchObject({ kind: 'groupParticipantsMessage', total: 5, sent: 3, skipped: 2 })
      for (const n of ['5511966600001', '5511966600003', '5511966600004']) {
        expect(textsTo(n).filter((e) => e.body === 'Aviso privado')).toHaveLength(1)
      }
      expect(textsTo('5511966600002')).toHaveLength(0)
      expect(textsTo(simulatorOwnNumber(d.sim.id))).toHaveLength(0)
      expect(d.simDriver().outbox().length - before).toBe(3)
      const reasons = (await recipientsOf(d.agent, job.id)).filter((r) => r.state === 'skipped').map((r) => r.reason)
      expect(reasons.sort()).toEqual(['duplicate', 'optedOut'])
    },
  )

  it.runIf(available)('creates a group with the contact and answers its invite link', async () => {
    const res = await d.agent.post<GroupCreateResponse>(apiPath('groupCreate'), {
      whatsappId: d.sim.id,
      title: 'Pedido 123',
      contact: '5511966600009',
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ invited: false, inviteLink: expect.stringMatching(/^https:\/\/chat/) })
    expect(
      d
        .simDriver()
        .group(res.body.id)
        ?.members.map((m) => m.number),
    ).toEqual([simulatorOwnNumber(d.sim.id), '5511966600009'])
    const invite = await d.agent.get<GroupInviteResponse>(
      `${apiPath('groupInvite', { id: res.body.id })}?whatsappId=${d.sim.id}`,
    )
    expect(invite.body.inviteLink).toBe(res.body.inviteLink)
  })

  it.runIf(available)(
    'refuses what cannot be done: no group, not an admin, no text, an unknown connection',
    async () => {
      resetGroups()
      const invite = (id: string) =>
        d.agent.get<ErrorResponse>(`${apiPath('groupInvite', { id })}?whatsappId=${d.sim.id}`)
      expect((await invite('120363000000000999')).body.error).toBe('ERR_NO_GROUP_FOUND')
      expect(await invite('120363000000000103')).toMatchObject({ status: 403, body: { error: 'ERR_GROUP_NOT_ADMIN' } })
      const noText = await act(d.agent, { action: 'post', groupIds: ['120363000000000101'] })
      expect(noText).toMatchObject({ status: 400, body: { error: 'ERR_VALIDATION' } })
      const textOnOpen = await act(d.agent, { action: 'open', groupIds: ['120363000000000101'], text: 'x' })
      expect(textOnOpen.status).toBe(400)
      const unknown = await d.agent.post<ErrorResponse>(apiPath('groupAction'), {
        whatsappId: 9999,
        action: 'close',
        groupIds: ['120363000000000101'],
      })
      expect(unknown).toMatchObject({ status: 404, body: { error: 'ERR_NO_WAPP_FOUND' } })
      const anonymous = await d.t.client().get<ErrorResponse>(`${apiPath('groupList')}?whatsappId=${d.sim.id}`)
      expect(anonymous.status).toBe(401)
    },
  )

  it.runIf(available)('keeps the daily cap: the private message waits for tomorrow past it', async () => {
    resetGroups()
    const res = await act(d.agent, {
      action: 'participants',
      groupIds: ['120363000000000101'],
      text: 'Con tope diario',
      dailyCap: 1,
    })
    expect(res.status).toBe(202)
    const waiting = await waitForJob(d.agent, res.body.id, (job) => job.waitingReason === 'dailyCap')
    // At most one today (none when earlier jobs of the day used the connection's cap); three were due.
    expect(waiting.sent).toBeLessThanOrEqual(1)
    const delivered = A.flatMap((n) => textsTo(n)).filter((e) => e.body === 'Con tope diario')
    expect(delivered).toHaveLength(waiting.sent)
    await d.agent.put(apiPath('jobAction', { id: res.body.id }), { action: 'cancel' })
  })

  it.runIf(available)('a group job is listed on /jobs and can be paused and cancelled like any job', async () => {
    resetGroups()
    const res = await act(d.agent, {
      action: 'participants',
      groupIds: ['120363000000000101', '120363000000000102'],
      text: 'Pausable',
      // A window that opens in twelve hours: nothing goes out before the pause.
      window: {
        start: `${String((new Date().getUTCHours() + 12) % 24).padStart(2, '0')}:00`,
        end: `${String((new Date().getUTCHours() + 13) % 24).padStart(2, '0')}:00`,
        timeZone: 'UTC',
      },
    })
    expect(res.status).toBe(202)
    const listed = await d.agent.get<{ jobs: Job[] }>(`${apiPath('jobList')}?kind=groupParticipantsMessage`)
    expect(listed.body.jobs.map((j) => j.id)).toContain(res.body.id)
    const paused = await d.agent.put<Job>(apiPath('jobAction', { id: res.body.id }), { action: 'pause' })
    expect(paused.body).toMatchObject({ status: 'paused', pauseReason: 'user' })
    const cancelled = await d.agent.put<Job>(apiPath('jobAction', { id: res.body.id }), { action: 'cancel' })
    expect(cancelled.body).toMatchObject({ status: 'cancelled', sent: 0 })
    expect(textsTo('5511966600004').filter((e) => e.body === 'Pausable')).toHaveLength(0)
  })

  it.runIf(available)('takes the API token as the other outreach calls do', async () => {
    resetGroups()
    const settings = await d.admin.call('settingList')
    const token = settings.body.find((s) => s.key === 'userApiToken')?.value ?? ''
    const automation = d.t.client()
    automation.token = undefined
    const list = await automation.get<GroupListResponse>(
      `${apiPath('groupList')}?whatsappId=${d.sim.id}&token=${token}`,
    )
    expect(list.status).toBe(200)
    expect(list.body.groups).toHaveLength(3)
    const preview = await automation.post<GroupActionPreview>(apiPath('groupActionPreview'), {
      whatsappId: d.sim.id,
      action: 'close',
      groupIds: ['120363000000000101', '120363000000000103'],
      token,
    })
    expect(preview.body).toMatchObject({ groups: 1, skipped: { notAdmin: 1 } })
    const wrong = await automation.get(`${apiPath('groupList')}?whatsappId=${d.sim.id}&token=wrong`)
    expect(wrong.status).toBe(403)
  })

  it.runIf(available)('names group tickets after the group when the message carries no name', async () => {
    resetGroups()
    await d.simDriver().receive({
      from: '5511966600001',
      isGroup: true,
      groupId: '120363000000000101',
      body: 'hola a todos',
      mediaType: 'chat',
    })
    const named = async () =>
      (
        await d.t.server.db
          .selectFrom('contacts')
          .select('name')
          .where('number', '=', '120363000000000101')
          .executeTakeFirst()
      )?.name
    for (let i = 0; i < 100 && (await named()) !== 'Clientes'; i++) await new Promise((r) => setTimeout(r, 25))
    expect(await named()).toBe('Clientes')
  })
})
