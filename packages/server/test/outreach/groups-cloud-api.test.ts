import type { ErrorResponse, GroupCreateResponse, GroupListResponse, Job } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drivers } from '../support/drivers'
import { startGraphFake } from '../support/graph-fake'
import { finished, type JobsDesk, recipientsOf, startJobsDesk, waitForJob } from '../support/jobs'
import { apiPath } from '../support/server'

const PHONE_ID = '106540352242922'
const TOKEN = 'token-groups'
const G1 = 'Y2FwaV9ncm91cDoxNzA1NTU1MDEzOToxMjAzNjM'
const G2 = 'Y2FwaV9ncm91cDoxNzA1NTU1MDEzOToxMjAzNjQ'

/** The Groups API of the Cloud API, against a local fake of the Graph API's group endpoints. */
describe.each(drivers)('groups on the Cloud API ($driver)', ({ driver, available }) => {
  let graph: Awaited<ReturnType<typeof startGraphFake>>
  let d: JobsDesk
  let cloudId = 0
  beforeAll(async () => {
    if (!available) return
    graph = await startGraphFake(() => TOKEN)
    d = await startJobsDesk(driver, {
      cloudApiBaseUrl: graph.url,
      jobs: { groupPacing: { minSeconds: 0, maxSeconds: 0 } },
    })
    const created = await d.admin.call('connectionCreate', {
      body: {
        name: 'Cloud line',
        driver: 'cloud-api',
        cloudApi: { phoneNumberId: PHONE_ID, accessToken: TOKEN, verifyToken: 'verify', appSecret: 'secret' },
      },
    })
    cloudId = created.body.id
    graph.addGroup(G1, 'Compradores', ['5511988800001', '5511988800002'], 'Novedades')
    graph.addGroup(G2, 'Mayoristas', ['5511988800002', '5511988800003'])
  })
  afterAll(async () => {
    await d?.t.close()
    await graph?.close()
  })

  const act = (body: Record<string, unknown>) =>
    d.agent.post<Job & ErrorResponse>(apiPath('groupAction'), { whatsappId: cloudId, ...body })
  const ran = async (res: { status: number; body: Job }) => {
    expect(res.status).toBe(202)
    return waitForJob(d.agent, res.body.id, finished)
  }
  const messages = () =>
    graph.sends().map((c) => c.body as { recipient_type: string; to: string; text?: { body: string } })

  it.runIf(available)(
    'names a group a message came without its name from (its subject), null for one it does not know',
    async () => {
      const cloud = (await d.t.server.services.sessions.driver(cloudId))!
      expect(await cloud.groupName?.(G1)).toBe('Compradores')
      expect(await cloud.groupName?.(`${G2}@g.us`)).toBe('Mayoristas')
      expect(await cloud.groupName?.('Y2FwaV9ncm91cDpubzpzdWNo')).toBeNull()
    },
  )

  it.runIf(available)("lists the business number's groups: it administers each, with its invite link", async () => {
    const res = await d.agent.get<GroupListResponse>(`${apiPath('groupList')}?whatsappId=${cloudId}`)
    expect(res.status).toBe(200)
    expect(res.body.groups).toEqual([
      {
        id: G1,
        name: 'Compradores',
        description: 'Novedades',
        participants: 3,
        isAdmin: true,
        announce: false,
        inviteLink: `https://chat.whatsapp.com/INVITE${G1}`,
      },
      {
        id: G2,
        name: 'Mayoristas',
        description: null,
        participants: 3,
        isAdmin: true,
        announce: false,
        inviteLink: `https://chat.whatsapp.com/INVITE${G2}`,
      },
    ])
  })

  it.runIf(available)('changes the subject and the description of each chosen group', async () => {
    expect(await ran(await act({ action: 'subject', groupIds: [G1, G2], text: 'Clientes' }))).toMatchObject({
      sent: 2,
    })
    expect([graph.groups.get(G1)?.subject, graph.groups.get(G2)?.subject]).toEqual(['Clientes', 'Clientes'])
    await ran(await act({ action: 'description', groupIds: [G2], text: 'Precios por volumen' }))
    expect(graph.groups.get(G2)?.description).toBe('Precios por volumen')
  })

  it.runIf(available)('posts in groups as group messages, and messages each participant privately once', async () => {
    const before = messages().length
    await ran(await act({ action: 'post', groupIds: [G1, G2], text: 'Hola a todos' }))
    const posted = messages().slice(before)
    expect(posted.map((m) => [m.recipient_type, m.to, m.text?.body])).toEqual([
      ['group', G1, 'Hola a todos'],
      ['group', G2, 'Hola a todos'],
    ])
    const job = await ran(await act({ action: 'participants', groupIds: [G1, G2], text: 'Privado' }))
    expect(job).toMatchObject({ total: 4, sent: 3, skipped: 1 })
    const privately = messages().filter((m) => m.text?.body === 'Privado')
    expect(privately.map((m) => [m.recipient_type, m.to]).sort()).toEqual([
      ['individual', '5511988800001'],
      ['individual', '5511988800002'],
      ['individual', '5511988800003'],
    ])
    expect((await recipientsOf(d.agent, job.id)).find((r) => r.state === 'skipped')?.reason).toBe('duplicate')
  })

  it.runIf(available)('refuses to open or close a group with a clear code, before any job exists', async () => {
    const jobs = async () => (await d.admin.call('jobList')).body.jobs.length
    const count = await jobs()
    for (const action of ['open', 'close']) {
      const res = await act({ action, groupIds: [G1] })
      expect(res).toMatchObject({ status: 400, body: { error: 'ERR_GROUP_ACTION_UNSUPPORTED' } })
    }
    expect(await jobs()).toBe(count)
  })

  it.runIf(available)(
    'creates a group and sends its invite link to the contact (the network adds nobody)',
    async () => {
      const before = messages().length
      const res = await d.agent.post<GroupCreateResponse>(apiPath('groupCreate'), {
        whatsappId: cloudId,
        title: 'Pedido 42',
        contact: '5511988800009',
      })
      expect(res.status).toBe(200)
      expect(res.body).toMatchObject({ invited: true, inviteLink: `https://chat.whatsapp.com/INVITE${res.body.id}` })
      expect(graph.groups.get(res.body.id)?.subject).toBe('Pedido 42')
      const sent = messages().slice(before)
      expect(sent.map((m) => [m.to, m.text?.body])).toEqual([['5511988800009', `Pedido 42: ${res.body.inviteLink}`]])
    },
  )
})
