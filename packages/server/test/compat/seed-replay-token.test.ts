import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { type Card, type Lane, type Message, routes } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { simulatorControls } from '../support/desk'
import { drivers } from '../support/drivers'
import { startJobsDesk } from '../support/jobs'
import { samples, serve, startFileServer } from '../support/outreach'
import type { Client, TestServer } from '../support/server'

type Desk = {
  sim: number
  /** What reached the customer of the ticket. */
  outbox: () => Promise<Array<{ body?: string | null }>>
  folder: string
  mediaUrl: string
  ticketId: number
  laneId: number
  /** The number of the SMS and voice line (a telephony simulator connection). */
  phoneLine: string
}

/**
 * Every call of the seed family that carries `token` in its body (spec 001 §7, and spec 000's
 * transfer notice and delete-all), as its pages send it: no session, the `userApiToken` setting's
 * value as `token`. Each call this server serves takes that token the same way `/zdg` does: the
 * right one lets the call through, a wrong one answers 403 and none 401, before the body is read.
 * A call the server does not serve is listed too, so serving it later means adding it here.
 */
const SEED_TOKEN_CALLS: Array<{
  path: string
  served: boolean
  body?: (d: Desk) => Record<string, unknown>
  status?: number
  /** What the call did, read back by the administrator. */
  done?: (d: Desk, admin: Client) => Promise<void>
}> = [
  {
    path: '/zdg',
    served: true,
    status: 200,
    body: (d) => ({ number: '5511987660001', message: 'Oi', ticketwhatsappId: d.sim }),
  },
  {
    path: '/sendMedia',
    served: true,
    status: 200,
    body: (d) => ({ number: '5511987660002', url: d.mediaUrl, title: 'Promo', ticketwhatsappId: String(d.sim) }),
  },
  {
    path: '/sendMediaZDG',
    served: true,
    status: 200,
    body: (d) => ({
      number: '5511987660003',
      url: `${d.folder}/catalogo.pdf`,
      title: 'Preços',
      ticketwhatsappId: d.sim,
    }),
  },
  {
    path: '/sendMediaZDGRec',
    served: true,
    status: 200,
    body: (d) => ({ number: '5511987660004', url: `${d.folder}/audio.ogg`, ticketwhatsappId: d.sim }),
  },
  { path: '/syncMessage', served: true, status: 202, body: (d) => ({ limit: '5', ticketwhatsappId: String(d.sim) }) },
  {
    path: '/sendAgendamento',
    served: true,
    status: 200,
    body: (d) => ({ dataEnvio: '2026-11-25', ticketwhatsappId: d.sim }),
  },
  {
    path: '/setCardsLanes',
    served: true,
    status: 200,
    body: (d) => ({ ticketid: String(d.ticketId), laneid: String(d.laneId) }),
    done: async (d, admin) => {
      expect((await admin.get<Card>(`/api/getCards/${d.ticketId}`)).body.laneId).toBe(String(d.laneId))
      const messages = await admin.get<{ messages: Message[] }>(`/api/messages/${d.ticketId}`)
      const greeting = messages.body.messages.find((m) => m.fromMe && m.body.startsWith('Olá'))
      // An automatic message (no user sent it), signed with the ticket's agent's name.
      expect(greeting).toMatchObject({ body: 'Olá Marina, Admin segue com você', automatic: true })
      expect((await d.outbox()).map((e) => e.body)).toContain('Olá Marina, Admin segue com você')
    },
  },
  // The group calls start a job over the groups the connection administers (the simulator's demo groups).
  { path: '/zdgGroups', served: true, status: 202, body: (d) => ({ subject: 'Clientes', ticketwhatsappId: d.sim }) },
  {
    path: '/zdgGroupsDescription',
    served: true,
    status: 202,
    body: (d) => ({ description: 'Novedades', ticketwhatsappId: String(d.sim) }),
  },
  {
    path: '/zdgGroupsCreate',
    served: true,
    status: 200,
    body: (d) => ({ title: 'Pedido', contact: '5511987660010@c.us', ticketwhatsappId: d.sim }),
  },
  {
    path: '/zdgGroupsMessage',
    served: true,
    status: 202,
    body: (d) => ({ newMessageGroup: 'Hola', ticketwhatsappId: d.sim }),
  },
  { path: '/zdgOpenGroup', served: true, status: 202, body: (d) => ({ ticketwhatsappId: d.sim }) },
  { path: '/zdgCloseGroup', served: true, status: 202, body: (d) => ({ ticketwhatsappId: d.sim }) },
  {
    path: '/sendSms',
    served: true,
    status: 202,
    body: (d) => ({ from: d.phoneLine, to: '5511987660005', text: 'Oi por SMS' }),
  },
  {
    path: '/makeVoiceCall',
    served: true,
    status: 202,
    body: (d) => ({ from: d.phoneLine, to: '5511987660006', text: 'Oi por telefone' }),
  },
  // Takes every contact away: last.
  {
    path: '/delContacts',
    served: true,
    status: 200,
    body: () => ({}),
    done: async (_d, admin) => {
      expect((await admin.get<{ contacts: unknown[] }>('/api/contacts')).body.contacts).toEqual([])
    },
  },
  {
    path: '/sendDirect',
    served: true,
    status: 202,
    body: () => ({ userIg: 'cliente.ig', message: 'Oi pelo Instagram' }),
  },
]

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`the seed's calls with a token in the body (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let files: Awaited<ReturnType<typeof startFileServer>>
    let token = ''
    let desk: Desk
    /** The seed's automation client: no session, JSON bodies. */
    let automation: Client
    let sim: ReturnType<typeof simulatorControls>

    beforeAll(async () => {
      files = await startFileServer({ '/promo.png': serve(samples.png, { 'content-type': 'image/png' }) })
      const d = await startJobsDesk(driver, { outreach: { allowPrivateUrls: true } })
      t = d.t
      admin = d.admin
      const folder = path.join(t.storage.dataDir, 'outreach')
      writeFileSync(path.join(folder, 'catalogo.pdf'), samples.pdf)
      writeFileSync(path.join(folder, 'audio.ogg'), samples.ogg)
      const settings = await admin.get<Array<{ key: string; value: string }>>('/api/settings')
      token = settings.body.find((s) => s.key === 'userApiToken')?.value ?? ''
      expect(token).not.toBe('')
      // An open ticket on the board, and a second lane to move its card to.
      sim = simulatorControls(admin, d.sim.id)
      const { ticketId } = await sim.inbound({ from: '5511987669999', name: 'Marina', body: 'oi' })
      expect((await admin.put(`/api/tickets/${ticketId}`, { status: 'open', userId: 1 })).status).toBe(200)
      // The lane greets the customer on entry: with the token, in the name of the ticket's agent.
      const answer = await admin.post<{ id: number }>('/api/quickAnswers', {
        shortcut: 'andamento',
        message: 'Olá {{name}}, {{user}} segue com você',
      })
      const lane = await admin.post<Lane>('/api/lanes', { title: 'Em andamento', entryQuickAnswerId: answer.body.id })
      expect(lane.status).toBe(200)
      const phoneLine = '+5511900000077'
      const line = await admin.call('connectionCreate', {
        body: { name: 'Phone line', driver: 'telephony', telephony: { provider: 'simulator', fromNumber: phoneLine } },
      })
      expect(line.status).toBe(200)
      const instagram = await admin.call('connectionCreate', {
        body: { name: 'Instagram', driver: 'instagram', instagram: { provider: 'simulator' } },
      })
      expect(instagram.status).toBe(200)
      desk = {
        phoneLine,
        sim: d.sim.id,
        outbox: () => sim.outbox('5511987669999'),
        folder: folder.replace(/\\/g, '/'),
        mediaUrl: files.url('/promo.png'),
        ticketId: ticketId!,
        laneId: lane.body.id,
      }
      automation = t.client()
      automation.token = undefined
    })
    afterAll(async () => {
      await t?.close()
      await files?.close()
    })

    it('lists every seed call with a token, served or not, as the route table has it', () => {
      const servedPaths = new Set(Object.values(routes).map((r) => `${r.method} ${r.path}`))
      for (const call of SEED_TOKEN_CALLS) expect(servedPaths.has(`POST ${call.path}`), call.path).toBe(call.served)
    })

    for (const call of SEED_TOKEN_CALLS.filter((c) => c.served)) {
      it(`POST ${call.path} takes the userApiToken as /zdg does: none 401, wrong 403, right ${call.status}`, async () => {
        const body = call.body!(desk)
        const none = await automation.post<{ error: string }>(`/api${call.path}`, body)
        expect(none.status, JSON.stringify(none.body)).toBe(401)
        const wrong = await automation.post<{ error: string }>(`/api${call.path}`, { ...body, token: `${token}x` })
        expect(wrong.status, JSON.stringify(wrong.body)).toBe(403)
        expect(wrong.body.error).toBe('ERR_NO_PERMISSION')
        const right = await automation.post(`/api${call.path}`, { ...body, token })
        expect(right.status, JSON.stringify(right.body)).toBe(call.status)
        await call.done?.(desk, admin)
      })
    }
  })
}
