import { writeFileSync } from 'node:fs'
import path from 'node:path'
import type { Job } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listen, notificationSocket } from '../support/desk'
import { drivers } from '../support/drivers'
import { bulkText, finished, type JobsDesk, sleep, startJobsDesk, waitForJob } from '../support/jobs'
import { samples } from '../support/outreach'

const ANA = '5511944440001'
const BRUNO = '5511944440002'
const CAIO = '5511944440003'
const DORA = '5511944440004'
const EVA = '5511944440005'

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
      const res = await d.admin.call('ticketList', { query: { status, showAll: true } })
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
      const page = await d.admin.call('messageList', { params: { ticketId } })
      expect(page.body.messages.map((m) => [m.body, m.fromMe, m.jobId ?? null])).toEqual([
        ['Black Friday: 30% off today', true, job.id],
        ['Yes please, two of them', false, null],
      ])
      expect(page.body.messages[0]).toMatchObject({ automatic: true, read: true })
      const after = await lists()
      expect(after.pending).toContain(ticketId)
      // The answer is the preview, never the offer.
      const listed = await d.admin.call('ticketList', { query: { status: 'pending', showAll: true } })
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
      const page = await d.admin.call('messageList', { params: { ticketId } })
      expect(page.body.messages.map((m) => m.body)).toEqual(['Hello, any news?', 'New stock arrived'])
      const listed = await d.admin.call('ticketList', { query: { status: 'pending', showAll: true } })
      expect(listed.body.tickets.find((t) => t.id === ticketId)?.lastMessage).toBe('Hello, any news?')
    },
  )
  it.runIf(available)(
    'keeps a bulk file and a bulk audio in the conversation as media messages, marked with their job',
    async () => {
      const dir = path.join(d.t.storage.dataDir, 'outreach')
      writeFileSync(path.join(dir, 'promo.png'), samples.png)
      writeFileSync(path.join(dir, 'voice.ogg'), samples.ogg.subarray(0, 4000))
      const send = async (name: 'bulkFile' | 'bulkAudio', body: Record<string, unknown>) => {
        const res = await d.agent.call<typeof name, Job>(name, {
          body: {
            ticketwhatsappId: d.sim.id,
            numbers: [DORA, EVA].join('\n'),
            minInterval: 0,
            maxInterval: 0,
            ...body,
          },
        })
        expect(res.status).toBe(202)
        expect(await waitForJob(d.agent, res.body.id, finished)).toMatchObject({ status: 'done', sent: 2 })
        return res.body
      }
      const file = await send('bulkFile', { url: 'promo.png', title: 'Our new flyer' })
      const audio = await send('bulkAudio', { url: 'voice.ogg' })

      const answer = await d.sim.inbound({ from: DORA, name: 'Dora', body: 'Nice, how much?' })
      const page = await d.admin.call('messageList', { params: { ticketId: answer.ticketId as number } })
      const [flyer, voice, reply] = page.body.messages
      expect(page.body.messages).toHaveLength(3)
      expect(flyer).toMatchObject({
        body: 'Our new flyer',
        fromMe: true,
        jobId: file.id,
        mediaType: 'image',
        mediaName: 'promo.png',
      })
      expect(voice).toMatchObject({ fromMe: true, jobId: audio.id, mediaType: 'audio' })
      expect(reply).toMatchObject({ body: 'Nice, how much?', fromMe: false })
      // The file is served as any media message's: the picture the customer got.
      const served = await fetch(new URL(flyer?.mediaUrl ?? '', d.t.url))
      expect(served.status).toBe(200)
      expect(Buffer.from(await served.arrayBuffer()).equals(samples.png)).toBe(true)

      // Eva's copy points at the same stored file: one file a job, not one a recipient.
      const eva = await d.sim.inbound({ from: EVA, name: 'Eva', body: 'Thanks' })
      const hers = await d.admin.call('messageList', { params: { ticketId: eva.ticketId as number } })
      const name = (url?: string | null) => url?.split('?')[0]?.split('/').pop()
      expect(name(hers.body.messages[0]?.mediaUrl)).toBe(name(flyer?.mediaUrl))
    },
  )
})
