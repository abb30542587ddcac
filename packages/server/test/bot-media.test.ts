import type { BotConfig, MessageListResponse, TicketBotsResponse } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTwoAgentDesk } from './support/desk'
import { drivers } from './support/drivers'
import { eventually, startFakeBot } from './support/fake-bot'
import { samples, serve, startFileServer } from './support/outreach'

type Desk = Awaited<ReturnType<typeof startTwoAgentDesk>>
const SECRET = 'bot-secret-for-media'

/**
 * A bot that answers with a picture (`{replies: [{mediaUrl, caption}]}`): the desk fetches the
 * address (a local web server, allowed here as the other bot tests allow it), sends the customer an
 * image with the caption, and keeps it in the ticket as the desk's message with its file.
 */
for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`a bot that answers with media (${driver})`, () => {
    let desk: Desk
    let bot: Awaited<ReturnType<typeof startFakeBot>>
    let files: Awaited<ReturnType<typeof startFileServer>>
    let number = 5511960000000

    beforeAll(async () => {
      bot = await startFakeBot()
      files = await startFileServer({
        '/menu.png': serve(samples.png, { 'content-type': 'image/png' }),
      })
      desk = await startTwoAgentDesk(driver, {
        alice: ['sales'],
        bob: [],
        config: { outreach: { allowPrivateUrls: true }, bots: { timeoutMs: 2000, pollMs: 50, retryMs: 20 } },
      })
      const saved = await desk.admin.put<BotConfig>('/api/bots/gpt', { url: bot.url, secret: SECRET, enabled: 1 })
      expect(saved.status).toBe(200)
    })
    afterAll(async () => {
      await desk?.t.close()
      await bot?.close()
      await files?.close()
    })

    /** A customer with the bot on writes `body`: their number and ticket. */
    const customerWrites = async (body: string) => {
      number += 1
      const from = String(number)
      const { ticketId } = await desk.sim.inbound({ from, body: 'hello', name: 'Maria' })
      expect((await desk.admin.post('/api/zdgGPTOn', { msgFrom: `${from}@c.us` })).status).toBe(200)
      await desk.sim.inbound({ from, body })
      return { from, ticketId: ticketId as number }
    }
    const messagesOf = async (ticketId: number) =>
      (await desk.alice.client.get<MessageListResponse>(`/api/messages/${ticketId}`)).body.messages

    it('sends the customer the picture with its caption and keeps it as the desk message with its file', async () => {
      bot.answerWith({
        body: { replies: [{ mediaUrl: files.url('/menu.png'), caption: "Today's menu" }, { text: 'Anything else?' }] },
      })
      const { from, ticketId } = await customerWrites('what do you have today?')

      const outbox = await eventually(async () => {
        const sent = (await desk.sim.outbox(from)).filter((e) => e.kind !== 'read')
        return sent.some((e) => e.body === 'Anything else?') ? sent : undefined
      })
      expect(outbox.map((e) => [e.kind, e.mediaType, e.body])).toEqual([
        ['media', 'image', "Today's menu"],
        ['text', 'chat', 'Anything else?'],
      ])
      expect(outbox[0]).toMatchObject({ mimeType: 'image/png' })

      const picture = (await messagesOf(ticketId)).find((m) => m.mediaType === 'image')
      expect(picture).toMatchObject({ fromMe: true, body: "Today's menu" })
      expect(picture?.mediaUrl).toBeTruthy()
      const served = await fetch(new URL(picture!.mediaUrl!, desk.t.url))
      expect(served.status).toBe(200)
      expect(served.headers.get('content-type')).toBe('image/png')
      expect(Buffer.from(await served.arrayBuffer()).equals(samples.png)).toBe(true)
      bot.answerWith({ body: { replies: [] } })
    })

    it('marks the bot failed, and sends nothing, when the picture cannot be fetched', async () => {
      bot.answerWith({ body: { replies: [{ mediaUrl: files.url('/missing.png'), caption: 'Lost' }] } })
      const { from, ticketId } = await customerWrites('show me')
      const failed = await eventually(async () => {
        const { switches } = (await desk.admin.get<TicketBotsResponse>(`/api/tickets/${ticketId}/bots`)).body
        const gpt = switches.find((s) => s.kind === 'gpt')
        return gpt?.failedAt ? gpt : undefined
      })
      expect(failed.error).toMatch(/^A reply could not be sent/)
      expect((await desk.sim.outbox(from)).filter((e) => e.kind === 'media')).toEqual([])
      expect((await messagesOf(ticketId)).some((m) => m.body === 'Lost')).toBe(false)
      bot.answerWith({ body: { replies: [] } })
    })
  })
}
