import type { BotEvent } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type DeskServer } from '../../src/index'
import { listen, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { botLeaseReleased, eventually, hmac, startFakeBot } from '../support/fake-bot'

type Desk = Awaited<ReturnType<typeof startTwoAgentDesk>>
const SECRET = 'bot-secret-for-tests'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`bots (${driver})`, () => {
    let desk: Desk
    let bot: Awaited<ReturnType<typeof startFakeBot>>
    let number = 5511990000000
    const nextNumber = () => {
      number += 1
      return String(number)
    }

    beforeAll(async () => {
      bot = await startFakeBot()
      desk = await startTwoAgentDesk(driver, {
        alice: ['sales'],
        bob: ['support'],
        config: { outreach: { allowPrivateUrls: true }, bots: { timeoutMs: 1000, pollMs: 100, retryMs: 20 } },
      })
      const saved = await desk.admin.call('botConfigUpdate', {
        params: { kind: 'n8n' },
        body: { url: bot.url, secret: SECRET, enabled: 1 },
      })
      expect(saved.status).toBe(200)
    })
    afterAll(async () => {
      await desk?.t.close()
      await bot?.close()
    })

    /** A customer writes; Alice accepts the ticket (so Bob may not see it) and switches the bot on. */
    const customerWithBot = async () => {
      const from = nextNumber()
      const { ticketId } = await desk.sim.inbound({ from, body: 'hello', name: 'Maria' })
      await desk.alice.client.call('ticketUpdate', {
        params: { id: ticketId },
        body: { status: 'open', userId: desk.alice.user.id },
      })
      const on = await desk.alice.client.call('botOnN8n', { body: { msgFrom: `${from}@c.us` } })
      expect(on.status).toBe(200)
      expect(on.body.status).toBe('ok')
      return { from, ticketId: ticketId as number }
    }
    const switchOf = async (ticketId: number) =>
      (await desk.admin.call('ticketBots', { params: { id: ticketId } })).body.switches.find((s) => s.kind === 'n8n')!
    const outboxHas = (from: string, text: string) =>
      eventually(async () => (await desk.sim.outbox(from)).find((e) => e.body === text))

    it('keeps the secret to itself and refuses agents', async () => {
      const read = await desk.admin.call('botConfigGet', { params: { kind: 'n8n' } })
      expect(read.body).toMatchObject({
        url: bot.url,
        enabled: true,
        hasSecret: true,
        secretHint: `…${SECRET.slice(-4)}`,
      })
      expect(JSON.stringify(read.body)).not.toContain(SECRET)
      expect((await desk.alice.client.call('botConfigList')).status).toBe(403)
      expect(
        (
          await desk.alice.client.call('botConfigUpdate', {
            params: { kind: 'n8n' },
            body: { url: bot.url, enabled: 0 },
          })
        ).status,
      ).toBe(403)
      const bad = await desk.admin.call('botConfigUpdate', {
        params: { kind: 'gpt' },
        body: { url: 'ftp://x', enabled: 1 },
      })
      expect(bad.status).toBe(400)
      expect(bad.body.fields?.[0]?.path).toBe('url')
      expect(
        (await desk.admin.call('botConfigUpdate', { params: { kind: 'nope' }, body: { url: '', enabled: 0 } })).status,
      ).toBe(400)
    })

    it('answers the seed status text, switches for whoever sees the ticket, and audits who did it', async () => {
      const from = nextNumber()
      const { ticketId } = await desk.sim.inbound({ from, body: 'hi', name: 'Ana' })
      const status = await desk.alice.client.call('botStatusN8n', { params: { number: from } })
      expect(status.body).toBe('off')
      expect(status.headers.get('content-type')).toContain('text/plain')
      await desk.alice.client.call('ticketUpdate', {
        params: { id: ticketId },
        body: { status: 'open', userId: desk.alice.user.id },
      })

      expect((await desk.bob.client.call('botOnN8n', { body: { msgFrom: from } })).status).toBe(403)
      expect((await desk.bob.client.call('botStatusN8n', { params: { number: from } })).status).toBe(403)
      expect((await desk.bob.client.call('ticketBots', { params: { id: ticketId } })).status).toBe(403)
      expect((await desk.bob.client.call('ticketConnection', { body: { ticketid: ticketId } })).status).toBe(403)
      const unconfigured = await desk.alice.client.call('botOnGpt', { body: { msgFrom: from } })
      expect(unconfigured.status).toBe(409)
      expect(unconfigured.body.error).toBe('ERR_BOT_NOT_CONFIGURED')
      expect((await desk.alice.client.call('botOnN8n', { body: {} })).status).toBe(400)

      expect((await desk.alice.client.call('botOnN8n', { body: { msgFrom: from } })).status).toBe(200)
      expect((await desk.alice.client.call('botStatusN8n', { params: { number: from } })).body).toBe('ok')
      expect((await desk.alice.client.call('botStatusGpt', { params: { number: from } })).body).toBe('off')
      const wpp = await desk.alice.client.call('ticketConnection', {
        body: {
          ticketid: String(ticketId),
        },
      })
      expect(wpp.body).toEqual({ dbWpp: [{ whatsappId: desk.sim.id }] })
      expect((await desk.alice.client.call('botOffN8n', { body: { msgFrom: from } })).status).toBe(200)
      expect((await desk.alice.client.call('botStatusN8n', { params: { number: from } })).body).toBe('off')

      const audit = await desk.admin.call('botAudit', { query: { kind: 'n8n' } })
      const mine = audit.body.entries.filter((e) => e.number === from)
      expect(mine.map((e) => [e.action, e.userName])).toEqual([
        ['off', 'Alice'],
        ['on', 'Alice'],
      ])
      expect((await desk.alice.client.call('botAudit')).status).toBe(403)
    })

    it('posts signed, debounced messages to the bot and sends its replies as the desk', async () => {
      const { from, ticketId } = await customerWithBot()
      const before = bot.calls.length
      bot.answerWith({ body: { replies: [{ text: 'Hello from the bot' }] } })
      await desk.sim.inbound({ from, body: 'first line' })
      await desk.sim.inbound({ from, body: 'second line' })
      await bot.until(before + 1)
      await outboxHas(from, 'Hello from the bot')
      const call = bot.calls[before]!
      expect(call.signature).toBe(hmac(SECRET, call.body))
      expect(call.signature).not.toBe(hmac('another secret', call.body))
      expect(call.json).toMatchObject({
        kind: 'n8n',
        ticket: { id: ticketId },
        contact: { number: from },
        message: { body: 'first line\nsecond line' },
      })
      expect(call.json.messages.map((m) => m.body)).toEqual(['first line', 'second line'])
      expect(bot.calls.length).toBe(before + 1)
      const stored = await desk.alice.client.call('messageList', { params: { ticketId } })
      expect(stored.body.messages.find((m) => m.body === 'Hello from the bot')).toMatchObject({ fromMe: true })
    })

    it('keeps the message and marks the bot failed when it does not answer in time', async () => {
      const { from, ticketId } = await customerWithBot()
      bot.answerWith({ body: { replies: [{ text: 'too late' }] }, delayMs: 3000 })
      await desk.sim.inbound({ from, body: 'are you there?' })
      const failed = await eventually(async () => {
        const s = await switchOf(ticketId)
        return s.failedAt ? s : undefined
      })
      expect(failed).toMatchObject({ state: 'on', error: 'No answer within 1000 ms' })
      const stored = await desk.alice.client.call('messageList', { params: { ticketId } })
      expect(stored.body.messages.some((m) => m.body === 'are you there?' && !m.fromMe)).toBe(true)
      expect(stored.body.messages.some((m) => m.body === 'too late')).toBe(false)
      bot.answerWith({ body: { replies: [] } })
    })

    it('posts again after a bot that failed once, and sends what it answers then', async () => {
      const { from, ticketId } = await customerWithBot()
      const before = bot.calls.length
      bot.answerOnceWith({ status: 502, body: { error: 'gateway' } })
      bot.answerWith({ body: { replies: [{ text: 'Back again' }] } })
      await desk.sim.inbound({ from, body: 'hello?' })
      await outboxHas(from, 'Back again')
      expect(bot.calls.slice(before).map((c) => c.json.message.body)).toEqual(['hello?', 'hello?'])
      expect((await switchOf(ticketId)).failedAt).toBeNull()
      bot.answerWith({ body: { replies: [] } })
    })

    it('posts a batch exactly four times to a bot that keeps failing, then marks it failed', async () => {
      const { from, ticketId } = await customerWithBot()
      const before = bot.calls.length
      bot.answerWith({ status: 503, body: { error: 'busy' } })
      await desk.sim.inbound({ from, body: 'knock knock' })
      const failed = await eventually(async () => {
        const s = await switchOf(ticketId)
        return s.failedAt ? s : undefined
      })
      expect(failed).toMatchObject({ state: 'on', error: 'The bot answered 503' })
      // Nothing is left queued for the bot, so no fifth post can follow.
      const queued = await desk.t.server.db
        .selectFrom('bot_inbox')
        .select('id')
        .where('ticketId', '=', ticketId)
        .execute()
      expect(queued).toEqual([])
      expect(bot.calls.slice(before).map((c) => c.json.message.body)).toEqual(Array(4).fill('knock knock'))
      bot.answerWith({ body: { replies: [] } })
    })

    it("drops the bot's late answer when an agent took over while it was thinking", async () => {
      const { from, ticketId } = await customerWithBot()
      const before = bot.calls.length
      let finishThinking = () => {}
      const gate = new Promise<void>((resolve) => {
        finishThinking = resolve
      })
      bot.answerOnceWith({ body: { replies: [{ text: 'the bot, too late' }] }, gate })
      await desk.sim.inbound({ from, body: 'help me' })
      await bot.until(before + 1)
      expect(
        (await desk.alice.client.call('messageSend', { params: { ticketId }, body: { body: 'Alice here' } })).status,
      ).toBe(200)
      expect((await switchOf(ticketId)).state).toBe('paused')
      finishThinking()
      // The desk has read the answer once it lets go of the contact's bot lease.
      const contactId = (await desk.admin.call('ticketGet', { params: { id: ticketId } })).body.contactId
      await botLeaseReleased(desk.t.server, contactId)
      expect((await desk.sim.outbox(from)).map((e) => e.body)).not.toContain('the bot, too late')
      const stored = await desk.alice.client.call('messageList', { params: { ticketId } })
      expect(stored.body.messages.map((m) => m.body)).not.toContain('the bot, too late')
      expect(bot.calls.length).toBe(before + 1)
    })

    it('tells the conversation live when the bot failed', async () => {
      const { from, ticketId } = await customerWithBot()
      const socket = await desk.t.socket(desk.alice.client.token)
      expect(await socket.emitWithAck('joinChatBox', ticketId)).toBe(true)
      const heard = listen(socket)
      bot.answerWith({ status: 500, body: { error: 'boom' } })
      await desk.sim.inbound({ from, body: 'anyone?' })
      const event = await heard.until<BotEvent>((name, p) => name === 'bot' && Boolean((p as BotEvent).switch.failedAt))
      expect(event).toMatchObject({ ticketId, switch: { kind: 'n8n', state: 'on', error: 'The bot answered 500' } })
      bot.answerWith({ body: { replies: [] } })
    })

    it('takes later replies signed with the secret, and refuses a bad signature', async () => {
      const { from, ticketId } = await customerWithBot()
      const body = JSON.stringify({ ticketId, replies: [{ text: 'A later answer' }] })
      const forged = await desk.t
        .client()
        .call('botReply', { params: { kind: 'n8n' }, raw: body, headers: { 'x-signature-256': hmac('wrong', body) } })
      expect(forged.status).toBe(403)
      const unsigned = await desk.t.client().call('botReply', { params: { kind: 'n8n' }, raw: body })
      expect(unsigned.status).toBe(403)
      const signed = await desk.t
        .client()
        .call('botReply', { params: { kind: 'n8n' }, raw: body, headers: { 'x-signature-256': hmac(SECRET, body) } })
      expect(signed.status).toBe(200)
      expect(signed.body.sent).toBe(1)
      await outboxHas(from, 'A later answer')
    })

    it("pauses on an agent's reply, and a stop word ends the bot", async () => {
      const { from, ticketId } = await customerWithBot()
      const sent = await desk.alice.client.call('messageSend', {
        params: { ticketId },
        body: { body: 'A person here' },
      })
      expect(sent.status).toBe(200)
      expect((await switchOf(ticketId)).state).toBe('paused')
      expect((await desk.alice.client.call('botStatusN8n', { params: { number: from } })).body).toBe('off')
      const before = bot.calls.length
      const late = JSON.stringify({ ticketId, replies: [{ text: 'should not go' }] })
      const refused = await desk.t
        .client()
        .call('botReply', { params: { kind: 'n8n' }, raw: late, headers: { 'x-signature-256': hmac(SECRET, late) } })
      expect(refused.status).toBe(409)

      await desk.alice.client.call('botOnN8n', { body: { msgFrom: from } })
      await desk.sim.inbound({ from, body: 'sair' })
      expect((await switchOf(ticketId)).state).toBe('off')
      const audit = await desk.admin.call('botAudit', { query: { kind: 'n8n' } })
      const actions = audit.body.entries.filter((e) => e.number === from).map((e) => e.action)
      expect(actions.slice(0, 3)).toEqual(['stopped', 'on', 'paused'])
      // Neither the paused nor the stopped contact's messages went to the bot.
      await desk.sim.inbound({ from, body: 'still here' })
      const other = await customerWithBot()
      await desk.sim.inbound({ from: other.from, body: 'ping' })
      await bot.until(before + 1)
      expect(bot.calls.slice(before).map((c) => c.json.contact.number)).toEqual([other.from])
    })

    it('tries a bot from the test console', async () => {
      bot.answerWith({ body: { replies: [{ text: 'pong' }] } })
      const res = await desk.admin.call('botTest', {
        params: { kind: 'n8n' },
        body: {
          text: 'ping',
        },
      })
      expect(res.body).toMatchObject({ ok: true, status: 200, replies: [{ text: 'pong' }] })
      expect(
        (await desk.alice.client.call('botTest', { params: { kind: 'n8n' }, body: { text: 'ping' } })).status,
      ).toBe(403)
      bot.answerWith({ body: { replies: [] } })
    })
  })
}

describe.each(drivers)('bots across two server processes on one $driver database', ({ driver, available }) => {
  let desk: Desk
  let bot: Awaited<ReturnType<typeof startFakeBot>>
  let second: DeskServer | undefined
  beforeAll(async () => {
    if (!available) return
    bot = await startFakeBot()
    desk = await startTwoAgentDesk(driver, {
      alice: ['sales'],
      bob: [],
      config: { outreach: { allowPrivateUrls: true }, bots: { pollMs: 50 } },
    })
    await desk.admin.call('botConfigUpdate', {
      params: { kind: 'gpt' },
      body: { url: bot.url, secret: SECRET, enabled: true },
    })
    second = createServer({
      dataDir: desk.t.storage.dataDir,
      databaseUrl: desk.t.storage.databaseUrl,
      port: 0,
      host: '127.0.0.1',
      simulator: { qrRefreshMs: 0 },
      autoCloseHours: 0,
      outreach: { allowPrivateUrls: true },
      bots: { pollMs: 50 },
    })
    await second.listen()
  })
  afterAll(async () => {
    await second?.close()
    await desk?.t.close()
    await bot?.close()
  })

  it.runIf(available)('a message queued by one process is posted once, by the other', async () => {
    bot.answerWith({ body: { replies: [{ text: 'Answered by whichever process' }] } })
    const from = '5511970000001'
    const { ticketId } = await desk.sim.inbound({ from, body: 'hello' })
    expect((await desk.admin.call('botOnGpt', { body: { msgFrom: from } })).status).toBe(200)
    // This process stops posting: what it queues is left to the other one, through the database.
    await desk.t.server.services.botDispatch.stop()
    await desk.sim.inbound({ from, body: 'anyone there?' })
    await bot.until(1)
    const stored = await eventually(async () => {
      const list = await desk.admin.call('messageList', { params: { ticketId } })
      return list.body.messages.find((m) => m.body === 'Answered by whichever process')
    })
    expect(stored.fromMe).toBe(true)
    desk.t.server.services.botDispatch.start()
    expect(await desk.t.server.db.selectFrom('bot_inbox').selectAll().execute()).toEqual([])
    expect(bot.calls.map((c) => c.json.message.body)).toEqual(['anyone there?'])
  })
})
