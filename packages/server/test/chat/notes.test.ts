import type { AppMessageEvent, MentionEvent, User } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type connectSimulator, listen, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { eventually, startFakeBot } from '../support/fake-bot'
import type { Client, TestServer } from '../support/server'
import { createWebChat, openSession, widgetClient, widgetSocket } from '../support/widget'

type Sim = Awaited<ReturnType<typeof connectSimulator>>

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`private notes (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: User }
    let bob: { client: Client; user: User }
    let sim: Sim
    let bot: Awaited<ReturnType<typeof startFakeBot>>
    let number = 5511977000000

    beforeAll(async () => {
      bot = await startFakeBot()
      ;({ t, admin, alice, bob, sim } = await startTwoAgentDesk(driver, {
        alice: ['sales'],
        bob: ['support'],
        config: { outreach: { allowPrivateUrls: true }, bots: { timeoutMs: 1000, pollMs: 100, retryMs: 20 } },
      }))
      const saved = await admin.call('botConfigUpdate', {
        params: { kind: 'n8n' },
        body: { url: bot.url, secret: 'note-test-secret', enabled: 1 },
      })
      expect(saved.status).toBe(200)
    })
    afterAll(async () => {
      await t?.close()
      await bot?.close()
    })

    /** A customer writes and Alice takes the ticket: Bob (another queue) may not see it. */
    const aliceTicket = async () => {
      number += 1
      const from = String(number)
      const { ticketId } = await sim.inbound({ from, name: 'Maria Souza', body: 'Where is my order?' })
      await alice.client.call('ticketUpdate', { params: { id: ticketId! }, body: { status: 'open' } })
      return { id: ticketId!, from }
    }
    const noteOn = async (id: number, body: string) => {
      const res = await alice.client.call('noteCreate', { params: { ticketId: id }, body: { body } })
      expect(res.status).toBe(200)
      return res.body.message
    }

    it('keeps a note in the conversation, for the desk only: never sent, never the preview', async () => {
      const { id, from } = await aliceTicket()
      const note = await noteOn(id, 'Customer is upset, be gentle')
      expect(note).toMatchObject({ isNote: true, fromMe: true, body: 'Customer is upset, be gentle' })
      const listed = (await alice.client.call('messageList', { params: { ticketId: id } })).body.messages
      expect(listed.find((m) => m.id === note.id)).toMatchObject({
        isNote: true,
        noteAuthor: { id: alice.user.id, name: alice.user.name },
      })
      // A real answer goes out; the note never does.
      await alice.client.call('messageSend', { params: { ticketId: id }, body: { body: 'Checking now' } })
      const out = await eventually(async () => {
        const sent = await sim.outbox(from)
        return sent.some((e) => e.body === 'Checking now') && sent
      })
      expect(JSON.stringify(out)).not.toContain('upset')
      // Only a note names its writer.
      const listedAgain = (await alice.client.call('messageList', { params: { ticketId: id } })).body.messages
      expect(listedAgain.filter((m) => m.noteAuthor).map((m) => m.id)).toEqual([note.id])
      expect((await alice.client.call('ticketGet', { params: { id } })).body.lastMessage).toBe('Checking now')
      // An empty note is refused, naming the field.
      const empty = await alice.client.call('noteCreate', { params: { ticketId: id }, body: { body: '  ' } })
      expect([empty.status, empty.body.fields?.[0]?.path]).toEqual([400, 'body'])
      // Bob may not see the ticket, so he may not write on it either.
      expect((await bob.client.call('noteCreate', { params: { ticketId: id }, body: { body: 'x' } })).status).toBe(403)
    })

    it('notifies a mentioned colleague, who may then read the ticket but not answer it', async () => {
      const { id } = await aliceTicket()
      expect((await bob.client.call('ticketGet', { params: { id } })).status).toBe(403)
      const heardByBob = listen(await t.socket(bob.client.token))
      const note = await noteOn(id, '@Bob do you know this customer?')
      const { mention } = await heardByBob.until<MentionEvent>((name) => name === 'mention')
      expect(mention).toMatchObject({
        kind: 'note',
        ticketId: id,
        contactName: 'Maria Souza',
        by: { name: 'Alice' },
        excerpt: '@Bob do you know this customer?',
      })
      expect((await bob.client.call('ticketGet', { params: { id } })).status).toBe(200)
      const messages = (await bob.client.call('messageList', { params: { ticketId: id } })).body.messages
      expect(messages.map((m) => m.id)).toContain(note.id)
      const answer = await bob.client.call('messageSend', { params: { ticketId: id }, body: { body: 'Mine now' } })
      expect(answer.status).toBe(403)
      expect(await t.socket(bob.client.token).then((s) => s.emitWithAck('joinChatBox', id))).toBe(true)
    })

    it('leaves notes out of exports and e-mails unless asked for', async () => {
      const { id } = await aliceTicket()
      await noteOn(id, 'Internal: refund approved by manager')
      const csv = await alice.client.call('ticketExport', { params: { id }, query: { format: 'csv' } })
      expect(csv.status).toBe(200)
      expect(String(csv.body)).toContain('Where is my order?')
      expect(String(csv.body)).not.toContain('refund approved')
      const withNotes = await alice.client.call('ticketExport', {
        params: { id },
        query: { format: 'txt', notes: true },
      })
      expect(String(withNotes.body)).toContain('Alice (note): Internal: refund approved by manager')

      const attachmentOf = async (mailId: number) => {
        const row = await t.server.db
          .selectFrom('mail_outbox')
          .select('attachments')
          .where('id', '=', mailId)
          .executeTakeFirstOrThrow()
        const [file] = JSON.parse(row.attachments ?? '[]') as Array<{ content: string }>
        return Buffer.from(file?.content ?? '', 'base64').toString('utf8')
      }
      const plain = await alice.client.call('ticketEmail', { params: { id }, body: { to: 'boss@example.com' } })
      expect(plain.status).toBe(200)
      const plainText = await attachmentOf(plain.body.id)
      expect(plainText).toContain('Where is my order?')
      expect(plainText).not.toContain('refund approved')
      const asked = await alice.client.call('ticketEmail', {
        params: { id },
        body: { to: 'boss@example.com', notes: true },
      })
      expect(await attachmentOf(asked.body.id)).toContain('refund approved')
    })

    it('never hands a note to a bot, nor pauses it as an answer would', async () => {
      const { id, from } = await aliceTicket()
      expect((await alice.client.call('botOnN8n', { body: { msgFrom: `${from}@c.us` } })).body.status).toBe('ok')
      const before = bot.calls.length
      await noteOn(id, 'Secret plan for this customer')
      await sim.inbound({ from, body: 'Are you there?' })
      await bot.until(before + 1)
      const posted = bot.calls.slice(before)
      expect(posted.map((c) => c.json.message.body)).toEqual(['Are you there?'])
      expect(JSON.stringify(posted)).not.toContain('Secret plan')
      const switches = (await admin.call('ticketBots', { params: { id } })).body.switches
      expect(switches.find((s) => s.kind === 'n8n')?.state).toBe('on')
    })

    it("tells the ticket's audience live, and never the web chat visitor", async () => {
      const wc = await createWebChat(admin)
      const opened = await openSession(t, wc.id, { name: 'Visitor Vera' })
      const vera = widgetClient(t, opened.body)
      const frame = listen(await widgetSocket(t, opened.body.sessionToken))
      const first = await vera.send('Hello from the site')
      const ticketId = first.body.ticketId
      await admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
      const desk = await t.socket(admin.token)
      expect(await desk.emitWithAck('joinChatBox', ticketId)).toBe(true)
      const heard = listen(desk)
      const note = await admin.call('noteCreate', { params: { ticketId }, body: { body: 'Visitor seems lost' } })
      const event = await heard.until<AppMessageEvent>((name) => name === 'appMessage')
      expect(event.message).toMatchObject({ id: note.body.message.id, isNote: true })
      await admin.call('messageSend', { params: { ticketId }, body: { body: 'How can I help?' } })
      await frame.until((name, p) => name === 'widget:message' && JSON.stringify(p).includes('How can I help?'))
      expect(JSON.stringify(frame.heard)).not.toContain('Visitor seems lost')
      const page = await vera.messages()
      expect(JSON.stringify(page.body)).toContain('How can I help?')
      expect(JSON.stringify(page.body)).not.toContain('Visitor seems lost')
    })
  })
}
