import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Message } from '@desk/api-client'
import { afterAll, describe, expect, it } from 'vitest'
import { createServer } from '../../src/index'
import { startChildDesk } from '../support/child'
import { connectSimulator } from '../support/desk'
import { Client, PASSWORD } from '../support/server'

describe('the simulated network outlives the desk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-sim-durable-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('keeps every message reported as sent through a SIGKILL of the server', async () => {
    const { kill, url } = await startChildDesk(dataDir)
    const sent: Message[] = []
    let connectionId: number
    try {
      const admin = new Client(url)
      const signup = await admin.call('signup', {
        body: {
          name: 'Admin',
          email: 'admin@desk.test',
          password: PASSWORD,
        },
      })
      expect(signup.status).toBe(200)
      await admin.login('admin@desk.test', PASSWORD)
      const sim = await connectSimulator(admin)
      connectionId = sim.id
      const { ticketId } = await sim.inbound({ from: '5511900000001', name: 'Ana', body: 'Where is my order?' })
      await admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open', userId: signup.body.id } })
      for (const body of ['Shipped today', 'Tracking code AB123', 'Anything else?']) {
        const res = await admin.call('messageSend', { params: { ticketId }, body: { body } })
        expect(res.status).toBe(200)
        sent.push(...res.body.messages)
      }
      expect(sent.every((m) => !m.error)).toBe(true)
    } finally {
      await kill()
    }

    // The same data folder, a new desk in this process: the outbox still lists each send with its reference.
    const again = createServer({ dataDir, port: 0, host: '127.0.0.1', sendRateLimit: { max: 0, burstMax: 0 } })
    try {
      const { url } = await again.listen()
      const admin = new Client(url)
      await admin.login('admin@desk.test', PASSWORD)
      const outbox = (await admin.call('simulatorOutbox', { params: { connectionId }, query: { to: '5511900000001' } }))
        .body
      const messages = outbox.filter((e) => e.kind === 'text')
      expect(messages.map((e) => [e.to, e.body, e.messageId])).toEqual(sent.map((m) => ['5511900000001', m.body, m.id]))
      // The restored phone still acknowledges what it sent before the crash.
      const ack = await admin.call('simulatorAck', {
        params: { connectionId },
        body: { messageId: sent[0]?.id, ack: 3 },
      })
      expect(ack.body.ack).toBe(3)
      const after = (await admin.call('simulatorOutbox', { params: { connectionId } })).body
      expect(after.find((e) => e.messageId === sent[0]?.id)?.ack).toBe(3)
    } finally {
      await again.close()
    }
  })
})
