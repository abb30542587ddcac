import type { User } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { insertMail } from '../../src/modules/mail/outbox'
import { createMailSender } from '../../src/modules/mail/sender'
import { recordProtocol } from '../../src/modules/protocol/repository'
import { protocolCandidate } from '../../src/modules/protocol/service'
import { type connectSimulator, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import type { Client, TestServer } from '../support/server'
import { startSmtp } from '../support/smtp'

type Sim = Awaited<ReturnType<typeof connectSimulator>>

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`protocol close, e-mail and chat export (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: User }
    let bob: { client: Client; user: User }
    let sim: Sim
    let smtp: Awaited<ReturnType<typeof startSmtp>>
    let next = 0

    beforeAll(async () => {
      smtp = await startSmtp()
      ;({ t, admin, alice, bob, sim } = await startTwoAgentDesk(driver, {
        alice: ['sales', 'support'],
        bob: ['sales', 'support'],
        config: {
          mail: { smtpUrl: smtp.url, from: 'desk@desk.test', sender: { pollMs: 50, backoffMs: 20, maxAttempts: 2 } },
          // The fake SMTP server is on loopback, which the outbound address guard refuses unless allowed.
          outreach: { allowAddresses: ['127.0.0.1'] },
        },
      }))
    })
    afterAll(async () => {
      await t?.close()
      await smtp?.close()
    })

    /** A customer writes; Alice accepts. `email` goes on the contact. */
    const openTicket = async (body = 'Hello', email?: string) => {
      next += 1
      const from = `55119000${String(next).padStart(5, '0')}`
      const { ticketId } = await sim.inbound({ from, name: `Customer ${next}`, body })
      const id = ticketId!
      await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'open' } })
      const ticket = (await alice.client.call('ticketGet', { params: { id } })).body
      if (email) await admin.call('contactUpdate', { params: { id: ticket.contactId }, body: { email } })
      return { id, from, ticket }
    }
    const outboxOf = async (state: string) => (await admin.call('mailOutbox', { query: { state } })).body

    it('closes with a unique protocol number, tells the customer, and a search finds it', async () => {
      const first = await openTicket()
      const second = await openTicket()
      const a = await alice.client.call('ticketProtocol', { params: { id: first.id } })
      const b = await alice.client.call('ticketProtocol', { params: { id: second.id } })
      expect(a.status).toBe(200)
      expect(b.status).toBe(200)
      expect(a.body.protocol).toMatch(/^\d{12}$/)
      expect(b.body.protocol).not.toBe(a.body.protocol)
      expect(a.body.ticket).toMatchObject({ status: 'closed', userId: alice.user.id, protocol: a.body.protocol })

      // The customer got the number, and the conversation holds it as the agent's message, read.
      const sent = (await sim.outbox(first.from)).filter((e) => e.kind !== 'read').map((e) => e.body)
      expect(sent.some((body) => body?.includes(a.body.protocol))).toBe(true)
      const page = await alice.client.call('messageList', { params: { ticketId: first.id } })
      const stated = page.body.messages.find((m) => m.body.includes(a.body.protocol))
      expect(stated).toMatchObject({ fromMe: true, read: true })

      const found = await alice.client.call('ticketList', {
        query: { status: 'closed', searchParam: a.body.protocol, showAll: true },
      })
      expect(found.body.tickets.map((ticket) => ticket.id)).toEqual([first.id])
    })

    it('finds a protocol even when its message is gone, through the protocol itself', async () => {
      const { id } = await openTicket()
      const made = await alice.client.call('ticketProtocol', { params: { id } })
      await t.server.db.deleteFrom('messages').where('ticketId', '=', id).execute()
      const found = await admin.call('ticketList', { query: { searchParam: made.body.protocol, showAll: true } })
      expect(found.body.tickets.map((ticket) => ticket.id)).toEqual([id])
    })

    it('never gives one number twice: the unique index decides, and the next candidate is taken', async () => {
      const { id } = await openTicket()
      const now = new Date().toISOString()
      const row = { protocol: 'X-UNIQUE-1', ticketId: id, userId: null, userName: null }
      expect(await recordProtocol(t.server.db, row, now)).toBe(true)
      expect(await recordProtocol(t.server.db, { ...row }, now)).toBe(false)
      expect(protocolCandidate(1764000000, 0)).toBe('176400000000')
      expect(protocolCandidate(1764000000, 1)).toBe('176400000001')
    })

    it('gives tickets resolved at the same moment different numbers', async () => {
      const ids = await Promise.all([1, 2, 3, 4, 5].map(async () => (await openTicket()).id))
      const answers = await Promise.all(ids.map((id) => alice.client.call('ticketProtocol', { params: { id } })))
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200])
      expect(new Set(answers.map((a) => a.body.protocol)).size).toBe(5)
    })

    it('sends each mail once when two server processes work the same outbox', async () => {
      const settings = {
        resolve: async () => ({
          target: { url: smtp.url },
          sender: 'desk@desk.test',
          notifyTo: null,
          sendOnClose: true,
          sendTranscript: false,
        }),
      }
      const log = () => {}
      const senders = [1, 2].map(() =>
        createMailSender({
          db: t.server.db,
          settings,
          log,
          policy: { allowPrivate: true },
          options: { pollMs: 20, backoffMs: 20 },
        }),
      )
      const now = new Date().toISOString()
      const to = [1, 2, 3, 4, 5, 6].map((n) => `twice${n}@example.com`)
      for (const address of to) {
        await insertMail(t.server.db, { kind: 'notification', to: address, subject: 'Once', text: 'Once' }, now)
      }
      for (const sender of senders) sender.start()
      try {
        await Promise.all(to.map((address) => smtp.mailTo(address)))
        await vi.waitFor(
          async () => {
            const left = await t.server.db
              .selectFrom('mail_outbox')
              .select('id')
              .where('recipient', 'in', to)
              .where('state', '!=', 'sent')
              .execute()
            expect(left).toEqual([])
          },
          { timeout: 10_000, interval: 50 },
        )
      } finally {
        await Promise.all(senders.map((sender) => sender.stop()))
      }
      expect(to.map((address) => smtp.received.filter((m) => m.to.includes(address)).length)).toEqual(to.map(() => 1))
    })

    it('lets only who may write on the ticket close it with a protocol', async () => {
      const { id } = await openTicket()
      const other = await bob.client.call('ticketProtocol', { params: { id } })
      expect([other.status, other.body.error]).toEqual([403, 'ERR_NO_PERMISSION'])
      const { ticketId: pendingId } = await sim.inbound({ from: '5511988880000', body: 'waiting' })
      const pending = await alice.client.call('ticketProtocol', { params: { id: pendingId } })
      expect([pending.status, pending.body.error]).toEqual([409, 'ERR_TICKET_NOT_OPEN'])
      const missing = await alice.client.call('ticketProtocol', { params: { id: 999999 } })
      expect(missing.status).toBe(404)
      expect((await alice.client.call('ticketGet', { params: { id } })).body.status).toBe('open')
    })

    it("records the seed client's own number, once per desk", async () => {
      const one = await openTicket()
      const two = await openTicket()
      const body = { usuario: 'Alice', protocolo: 1764000123, ticket: String(one.id) }
      const saved = await alice.client.call('seedProtocol', { body })
      expect(saved.status).toBe(200)
      expect(saved.body).toEqual({ usuario: 'Alice', protocolo: '1764000123', ticket: one.id })
      expect((await alice.client.call('seedProtocol', { body })).status).toBe(200)
      const taken = await alice.client.call('seedProtocol', { body: { ...body, ticket: two.id } })
      expect([taken.status, taken.body.error]).toEqual([409, 'ERR_PROTOCOL_TAKEN'])
      const bad = await alice.client.call('seedProtocol', { body: { usuario: '', protocolo: 'a b', ticket: 'x' } })
      expect(bad.status).toBe(400)
      expect(bad.body.fields?.map((f) => f.path).sort()).toEqual(['protocolo', 'ticket', 'usuario'])
      expect((await bob.client.call('seedProtocol', { body: { ...body, protocolo: '77' } })).status).toBe(403)
    })

    it('e-mails the contact a summary with the transcript when the ticket closes', async () => {
      const saved = await admin.call('mailSettingsUpdate', { body: { sendTranscript: true } })
      expect(saved.body).toMatchObject({ source: 'env', sendTranscript: true, sendOnClose: true })
      const { id } = await openTicket('I need an invoice', 'maria.close@example.com')
      expect((await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'closed' } })).status).toBe(200)
      const mail = await smtp.mailTo('maria.close@example.com')
      expect(mail.from).toBe('desk@desk.test')
      expect(mail.raw).toContain(`Conversation #${id} closed`)
      expect(mail.raw).toContain('filename=ZDG.txt')
      const attached = mail.raw
        .split('filename=ZDG.txt')[1]!
        .split(/\r?\n\r?\n/)[1]!
        .replace(/\s/g, '')
      expect(Buffer.from(attached, 'base64').toString()).toContain('I need an invoice')
    })

    it('closes at once when the SMTP server fails, and shows the failed mail to admins', async () => {
      smtp.state.failing = true
      try {
        const { id } = await openTicket('Still there?', 'fails@example.com')
        const closed = await alice.client.call('ticketUpdate', { params: { id }, body: { status: 'closed' } })
        expect(closed.status).toBe(200)
        expect(closed.body.status).toBe('closed')
        await vi.waitFor(
          async () => expect((await outboxOf('failed')).map((m) => m.recipient)).toContain('fails@example.com'),
          { timeout: 15_000, interval: 50 },
        )
        const failed = (await outboxOf('failed')).find((m) => m.recipient === 'fails@example.com')!
        expect(failed).toMatchObject({ ticketId: id, attempts: 2, kind: 'close-summary' })
        // Our words and the SMTP reply code; the server's own text stays in the log.
        expect(failed.lastError).toBe('The SMTP server refused the message (SMTP 451)')
        expect((await alice.client.call('ticketGet', { params: { id } })).body.status).toBe('closed')
        expect((await alice.client.call('mailOutbox', { query: { state: 'failed' } })).status).toBe(403)

        // Once the server works again, an admin's retry delivers it.
        smtp.state.failing = false
        expect((await admin.call('mailRetry', { params: { id: failed.id } })).status).toBe(200)
        await smtp.mailTo('fails@example.com')
      } finally {
        smtp.state.failing = false
      }
    })

    it("serves the seed's four e-mail calls through the outbox", async () => {
      const user = await alice.client.call('seedEmailUser', {
        body: {
          zdgSubject: 'Your order',
          zdgText: 'It shipped.',
          zdgTo: 'Buyer@Example.com',
        },
      })
      expect(user.body.state).toBe('queued')
      expect((await smtp.mailTo('buyer@example.com')).raw).toContain('It shipped.')

      const own = await alice.client.call('seedEmail', { body: { zdgSubject: 'Closed', zdgText: 'A ticket closed.' } })
      expect(own.status).toBe(200)
      expect((await smtp.mailTo('desk@desk.test')).raw).toContain('A ticket closed.')

      const content = Buffer.from('file body').toString('base64')
      await alice.client.call('seedEmailAttachUser', {
        body: {
          zdgSubject: 'File',
          zdgText: 'Attached.',
          zdgTo: 'files@example.com',
          zdgFileName: 'note.txt',
          zdgContent: content,
        },
      })
      const withFile = await smtp.mailTo('files@example.com')
      expect(withFile.raw).toContain('filename=note.txt')
      expect(withFile.raw).toContain(content)
      const attach = await alice.client.call('seedEmailAttach', {
        body: {
          zdgSubject: 'File',
          zdgText: 'Attached.',
          zdgFileName: 'note.txt',
          zdgContent: content,
        },
      })
      expect(attach.status).toBe(200)

      const bad = await alice.client.call('seedEmailUser', { body: { zdgSubject: '', zdgText: 'x', zdgTo: 'nope' } })
      expect(bad.status).toBe(400)
      expect(bad.body.fields?.map((f) => f.path).sort()).toEqual(['zdgSubject', 'zdgTo'])
      const unsafe = await alice.client.call('seedEmailAttachUser', {
        body: {
          zdgSubject: 'x',
          zdgText: 'x',
          zdgTo: 'a@example.com',
          zdgFileName: '../etc/passwd',
          zdgContent: content,
        },
      })
      expect(unsafe.body.fields?.map((f) => f.path)).toEqual(['zdgFileName'])
      expect((await t.client().call('seedEmail', { body: { zdgSubject: 'x', zdgText: 'y' } })).status).toBe(401)
    })

    it('exports the conversation as zdg.csv (formula-safe) and ZDG.txt to whoever may see it', async () => {
      const { id } = await openTicket('=HYPERLINK("http://evil")')
      await alice.client.call('messageSend', { params: { ticketId: id }, body: { body: 'Hi; how can I help?' } })
      const csv = await alice.client.call('ticketExport', { params: { id }, query: { format: 'csv' } })
      expect(csv.status).toBe(200)
      expect(csv.headers.get('content-disposition')).toBe('attachment; filename="zdg.csv"')
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
      expect(lines[0]).toBe('date;sender;fromMe;mediaType;body')
      expect(lines[1]).toMatch(/^[^;]+;Customer \d+;0;chat;"'=HYPERLINK\(""http:\/\/evil""\)"$/)
      expect(lines[2]).toMatch(/;Alice;1;chat;"Hi; how can I help\?"$/)

      const txt = await alice.client.call('ticketExport', { params: { id }, query: { format: 'txt' } })
      expect(txt.headers.get('content-disposition')).toBe('attachment; filename="ZDG.txt"')
      expect(txt.body).toMatch(/\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\] Alice: Hi; how can I help\?/)

      expect((await bob.client.call('ticketExport', { params: { id }, query: { format: 'csv' } })).status).toBe(403)
      const bad = await alice.client.call('ticketExport', { params: { id }, query: { format: 'pdf' } })
      expect([bad.status, bad.body.fields?.[0]?.path]).toEqual([400, 'format'])

      const mailed = await alice.client.call('ticketEmail', { params: { id }, body: { to: 'boss@example.com' } })
      expect(mailed.status).toBe(200)
      expect((await smtp.mailTo('boss@example.com')).raw).toContain('filename=ZDG.txt')
      const noAddress = await alice.client.call('ticketEmail', { params: { id } })
      expect(noAddress.body.fields?.[0]?.path).toBe('to')
      expect((await bob.client.call('ticketEmail', { params: { id }, body: { to: 'x@example.com' } })).status).toBe(403)
    })

    it('keeps the SMTP password on the server, for admins only, and sends a test mail', async () => {
      expect((await alice.client.call('mailSettingsGet')).status).toBe(403)
      expect((await alice.client.call('mailSettingsUpdate', { body: { host: 'x' } })).status).toBe(403)
      const saved = await admin.call('mailSettingsUpdate', {
        body: {
          host: '127.0.0.1',
          port: String(smtp.port),
          user: '',
          password: 'hunter22',
          sender: 'Support@Desk.test',
        },
      })
      expect(saved.status).toBe(200)
      expect(saved.body).toMatchObject({ source: 'settings', hasPassword: true, port: smtp.port, user: null })
      expect(JSON.stringify(saved.body)).not.toContain('hunter22')
      const kept = await admin.call('mailSettingsUpdate', { body: { password: '' } })
      expect(kept.body.hasPassword).toBe(true)
      const test = await admin.call('mailTest', { body: { to: 'admin.test@example.com' } })
      expect(test.status).toBe(200)
      expect((await smtp.mailTo('admin.test@example.com')).from).toBe('support@desk.test')
      const badPort = await admin.call('mailSettingsUpdate', { body: { port: 70000 } })
      expect(badPort.body.fields?.[0]?.path).toBe('port')

      smtp.state.failing = true
      const refused = await admin.call('mailTest', { body: { to: 'admin.test2@example.com' } })
      smtp.state.failing = false
      expect([refused.status, refused.body.error]).toEqual([502, 'ERR_MAIL_FAILED'])
    })
  })
}
