import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type DeskServer } from '../../src/index'
import { startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { eventually, startFakeBot } from '../support/fake-bot'

type Desk = Awaited<ReturnType<typeof startTwoAgentDesk>>
const SECRET = 'bot-secret-for-retries'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`a bot that fails is tried again (${driver})`, () => {
    let desk: Desk
    let bot: Awaited<ReturnType<typeof startFakeBot>>
    let second: DeskServer | undefined
    let number = 5511950000000

    beforeAll(async () => {
      bot = await startFakeBot()
      desk = await startTwoAgentDesk(driver, {
        alice: ['sales'],
        bob: [],
        // A minute between tries: only a retry recorded in the database can be seen (and taken over) here.
        config: { outreach: { allowPrivateUrls: true }, bots: { timeoutMs: 5000, pollMs: 50, retryMs: 60_000 } },
      })
      const saved = await desk.admin.call('botConfigUpdate', {
        params: { kind: 'n8n' },
        body: { url: bot.url, secret: SECRET, enabled: 1 },
      })
      expect(saved.status).toBe(200)
    })
    afterAll(async () => {
      await second?.close()
      await desk?.t.close()
      await bot?.close()
    })

    /** A customer with the bot on writes `body`; answers the ticket and the number. */
    const customerWrites = async (body: string) => {
      number += 1
      const from = String(number)
      const { ticketId } = await desk.sim.inbound({ from, body: 'hello', name: 'Maria' })
      expect((await desk.admin.call('botOnN8n', { body: { msgFrom: from } })).status).toBe(200)
      const before = bot.calls.length
      await desk.sim.inbound({ from, body })
      return { from, ticketId: ticketId as number, before }
    }
    const inboxOf = (ticketId: number) =>
      desk.t.server.db.selectFrom('bot_inbox').selectAll().where('ticketId', '=', ticketId).execute()
    const switchOf = async (ticketId: number) =>
      (await desk.admin.call('ticketBots', { params: { id: ticketId } })).body.switches.find((s) => s.kind === 'n8n')!

    it('keeps the messages with their failed attempt in the database, and another process answers them', async () => {
      bot.answerOnceWith({ status: 503, body: { error: 'busy' } })
      bot.answerWith({ body: { replies: [{ text: 'Sorry for the wait' }] } })
      const { ticketId, before } = await customerWrites('is anyone there?')
      await bot.until(before + 1)
      const [queued] = await eventually(async () => {
        const rows = await inboxOf(ticketId)
        return rows[0]?.attempts === 1 ? rows : undefined
      })
      expect(Date.parse(queued!.dueAt)).toBeGreaterThan(Date.now() + 30_000)
      expect((await switchOf(ticketId)).failedAt).toBeNull()

      // This process stops; a minute later (the due time moved back), a fresh process carries on.
      await desk.t.server.services.botDispatch.stop()
      await desk.t.server.db
        .updateTable('bot_inbox')
        .set({ dueAt: new Date(Date.now() - 1000).toISOString() })
        .where('ticketId', '=', ticketId)
        .execute()
      second = createServer({
        dataDir: desk.t.storage.dataDir,
        databaseUrl: desk.t.storage.databaseUrl,
        port: 0,
        host: '127.0.0.1',
        simulator: { qrRefreshMs: 0 },
        autoCloseHours: 0,
        outreach: { allowPrivateUrls: true },
        bots: { timeoutMs: 5000, pollMs: 50, retryMs: 60_000 },
      })
      await second.listen()
      const reply = await eventually(async () => {
        const list = await desk.admin.call('messageList', { params: { ticketId } })
        return list.body.messages.find((m) => m.body === 'Sorry for the wait')
      })
      expect(reply.fromMe).toBe(true)
      const posts = bot.calls.slice(before).map((c) => c.json.message.body)
      expect(posts).toEqual(['is anyone there?', 'is anyone there?'])
      expect(await inboxOf(ticketId)).toEqual([])
      expect((await switchOf(ticketId)).failedAt).toBeNull()
      await second.close()
      second = undefined
      desk.t.server.services.botDispatch.start()
    })

    it('does not retry an answer that would fail the same way (a 4xx): the bot is marked failed at once', async () => {
      bot.answerOnceWith({ status: 400, body: { error: 'bad request' } })
      const { ticketId, before } = await customerWrites('hello bot')
      const failed = await eventually(async () => {
        const s = await switchOf(ticketId)
        return s.failedAt ? s : undefined
      })
      expect(failed.error).toBe('The bot answered 400')
      expect(bot.calls.length).toBe(before + 1)
      expect(await inboxOf(ticketId)).toEqual([])
    })
  })
}
