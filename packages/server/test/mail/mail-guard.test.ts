/**
 * The SMTP connection goes through the outbound address guard (as media by URL and bots do): a
 * loopback, private or metadata host is refused unless the operator allows it, and what a server at
 * the other end says never comes back in an answer or in the outbox an admin reads.
 */
import { createServer, type Server } from 'node:net'
import type { MailOutboxItem } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { mailFailure, sendNow } from '../../src/modules/mail/transport'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'
import { startSmtp } from '../support/smtp'

type Smtp = Awaited<ReturnType<typeof startSmtp>>

const BANNER = 'secret-banner-42 internal-relay.corp'

/** A service on the local network that is not the SMTP server the admin meant: it answers with its banner. */
const startInternalService = async (greeting: string) => {
  const server: Server = createServer((socket) => {
    socket.on('error', () => {})
    socket.end(greeting)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

describe('the SMTP host behind the address guard (default: no private addresses)', () => {
  let smtp: Smtp
  let t: TestServer
  let admin: Client

  beforeAll(async () => {
    smtp = await startSmtp()
    // SMTP_URL names the loopback fake; nothing allows private addresses.
    t = await startTestServer('sqlite', { mail: { smtpUrl: smtp.url, from: 'desk@desk.test' } })
    admin = await bootstrapAdmin(t)
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  it('refuses to save a loopback, private or metadata host, naming the field', async () => {
    for (const host of ['127.0.0.1', 'localhost', '10.0.0.7', '169.254.169.254', '[::1]', '::ffff:127.0.0.1']) {
      const saved = await admin.call('mailSettingsUpdate', {
        body: { host, port: smtp.port, sender: 'desk@desk.test' },
      })
      expect([saved.status, saved.body.error, saved.body.fields?.[0]?.path], host).toEqual([
        400,
        'ERR_MAIL_HOST_FORBIDDEN',
        'host',
      ])
    }
    expect((await admin.call('mailSettingsGet')).body.host).toBeNull()
  })

  it('refuses a test mail through a loopback SMTP_URL, and the outbox sends nothing there', async () => {
    const refused = await admin.call('mailTest', { body: { to: 'admin.test@example.com' } })
    expect([refused.status, refused.body.error]).toEqual([409, 'ERR_MAIL_HOST_FORBIDDEN'])
    expect(refused.body.message).toMatch(/local or private address/)
    const queued = await admin.call('seedEmail', {
      body: {
        zdgTo: 'someone@example.com',
        zdgSubject: 'Hi',
        zdgText: 'Hi',
      },
    })
    expect(queued.status).toBe(200)
    await vi.waitFor(
      async () => {
        const queuedNow = (await admin.call('mailOutbox', { query: { state: 'queued' } })).body
        expect(queuedNow.find((m) => m.id === queued.body.id)?.lastError).toMatch(/local or private address/)
      },
      { timeout: 5000 },
    )
    expect(smtp.received).toEqual([])
  })

  it('checks the addresses a name resolves to when it connects, not only when it is saved', async () => {
    const send = sendNow(
      { url: `smtp://localhost:${smtp.port}` },
      { from: 'desk@desk.test', to: 'x@example.com', subject: 'Hi', text: 'Hi' },
      2000,
      { allowPrivate: false },
    )
    const error = await send.then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(mailFailure(error).code).toBe('ERR_MAIL_HOST_FORBIDDEN')
    expect(smtp.received).toEqual([])
  })
})

describe('what a foreign server says stays out of the answers', () => {
  let t: TestServer
  let admin: Client
  const services: Array<{ close(): Promise<void> }> = []

  beforeAll(async () => {
    t = await startTestServer('sqlite', {
      // The operator allows the loopback address (a relay on the same machine): the guard lets it through.
      outreach: { allowAddresses: ['127.0.0.1'] },
      mail: { from: 'desk@desk.test', sender: { pollMs: 20, maxAttempts: 1, timeoutMs: 2000 } },
    })
    admin = await bootstrapAdmin(t)
  })
  afterAll(async () => {
    await t?.close()
    await Promise.all(services.map((s) => s.close()))
  })

  it.each([
    ['an SMTP refusal', `554 ${BANNER} ESMTP service not available\r\n`],
    ['another protocol', `+OK ${BANNER} ready\r\n-ERR unknown command\r\n`],
  ])('answers our own words when the host at the address sends %s', async (_what, greeting) => {
    const service = await startInternalService(greeting)
    services.push(service)
    const saved = await admin.call('mailSettingsUpdate', { body: { host: '127.0.0.1', port: service.port } })
    expect(saved.status).toBe(200)
    const test = await admin.call('mailTest', { body: { to: 'admin.test@example.com' } })
    expect([test.status, test.body.error]).toEqual([502, 'ERR_MAIL_FAILED'])
    expect(JSON.stringify(test.body)).not.toMatch(/secret-banner|internal-relay|ERR unknown|\+OK/)

    const queued = await admin.call('seedEmail', {
      body: {
        zdgTo: 'someone@example.com',
        zdgSubject: 'Hi',
        zdgText: 'Hi',
      },
    })
    let failed: MailOutboxItem | undefined
    await vi.waitFor(
      async () => {
        failed = (await admin.call('mailOutbox', { query: { state: 'failed' } })).body.find(
          (m) => m.id === queued.body.id,
        )
        expect(failed).toBeDefined()
      },
      { timeout: 5000 },
    )
    expect(failed?.lastError).toMatch(/SMTP server/)
    expect(failed?.lastError).not.toMatch(/secret-banner|internal-relay/)
  })
})
