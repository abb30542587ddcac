import type { Job, MessageListResponse, TicketListResponse } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen, notificationSocket } from './support/desk'
import { drivers } from './support/drivers'
import { bulkText, finished, type JobsDesk, sleep, startJobsDesk, waitForJob } from './support/jobs'

const ANA = '5511944440001'
const BRUNO = '5511944440002'
const CAIO = '5511944440003'

describe.each(drivers)('bulk messages in the customer conversation on $driver', ({ driver, available }) => {
  let d: JobsDesk
  beforeAll(async () => {
    if (available) d = await startJobsDesk(driver)
  })
  afterAll(() => d?.t.close())

  /** Every ticket any list shows the admin (who sees all), by status. */
  const lists = async () => {
    const out: Record<string, number[]> = {}
    for (const status of ['open', 'pending'] as const) {
      const res = await d.admin.get<TicketListResponse>(`/api/tickets?status=${status}&showAll=true`)
      out[status] = res.body.tickets.map((t) => t.id)
    }
    return out
  }
  const listSocket = async (token: string | undefined) => {
    const socket = await notificationSocket(d.t, token)
    for (const status of ['open', 'pending'] as const)
      expect(await socket.emitWithAck('joinTickets', status)).toBe(true)
    return listen(socket)
  }

  it.runIf(available)(
    'keeps the offer quietly in each conversation, and the answer opens a ticket that shows it above',
    async () => {
      const before = await lists()
      const admin = await listSocket(d.admin.token)
      const agent = await listSocket(d.agent.token)
      const job = await bulkText(d.agent, d.sim.id, [ANA, BRUNO], { message: 'Black Friday: 30% off today' })
      expect(await waitForJob(d.agent, job.id, finished)).toMatchObject({ status: 'done', sent: 2 })
      await sleep(200)
      // Nobody's lists change and no list hears of a ticket, a message or the new contacts.
      expect(await lists()).toEqual(before)
      const loud = (name: string) => ['ticket', 'appMessage', 'contact'].includes(name)
      expect(admin.heard.filter((h) => loud(h.name))).toEqual([])
      expect(agent.heard.filter((h) => loud(h.name))).toEqual([])

      const answer = await d.sim.inbound({ from: ANA, name: 'Ana', body: 'Yes please, two of them' })
      const ticketId = answer.ticketId as number
      const page = await d.admin.get<MessageListResponse>(`/api/messages/${ticketId}`)
      expect(page.body.messages.map((m) => [m.body, m.fromMe, m.jobId ?? null])).toEqual([
        ['Black Friday: 30% off today', true, job.id],
        ['Yes please, two of them', false, null],
      ])
      expect(page.body.messages[0]).toMatchObject({ automatic: true, read: true })
      const after = await lists()
      expect(after.pending).toContain(ticketId)
      // The answer is the preview, never the offer.
      const listed = await d.admin.get<TicketListResponse>('/api/tickets?status=pending&showAll=true')
      expect(listed.body.tickets.find((t) => t.id === ticketId)?.lastMessage).toBe('Yes please, two of them')
      // Bruno did not answer: still in nobody's lists.
      expect(after.pending.length + after.open.length).toBe(before.pending.length + before.open.length + 1)
    },
  )

  it.runIf(available)(
    "adds the offer to a live ticket's conversation, told only to those who have it open",
    async () => {
      const first = await d.sim.inbound({ from: CAIO, name: 'Caio', body: 'Hello, any news?' })
      const ticketId = first.ticketId as number
      const chat = await d.t.socket(d.admin.token)
      expect(await chat.emitWithAck('joinChatBox', ticketId)).toBe(true)
      const chatEar = listen(chat)
      const lists = await listSocket(d.agent.token)
      const job: Job = await bulkText(d.agent, d.sim.id, [CAIO], { message: 'New stock arrived' })
      await waitForJob(d.agent, job.id, finished)
      const heard = await chatEar.until<{ action: string; message: { jobId?: number; body: string } }>(
        (name) => name === 'appMessage',
      )
      expect(heard.message).toMatchObject({ body: 'New stock arrived', jobId: job.id })
      await sleep(200)
      expect(lists.heard.filter((h) => h.name === 'appMessage' || h.name === 'ticket')).toEqual([])
      const page = await d.admin.get<MessageListResponse>(`/api/messages/${ticketId}`)
      expect(page.body.messages.map((m) => m.body)).toEqual(['Hello, any news?', 'New stock arrived'])
      const listed = await d.admin.get<TicketListResponse>('/api/tickets?status=pending&showAll=true')
      expect(listed.body.tickets.find((t) => t.id === ticketId)?.lastMessage).toBe('Hello, any news?')
    },
  )
})
