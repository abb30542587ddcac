import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { botLeaseReleased, eventually, startFakeBot } from '../support/fake-bot'
import { samples, serve, startFileServer } from '../support/outreach'

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
    /** `/slow.png` answers once the test opens this gate; `slowAsked` resolves when it is asked. */
    let slowGate: Promise<void> = Promise.resolve()
    let slowAsked = () => {}

    beforeAll(async () => {
      bot = await startFakeBot()
      files = await startFileServer({
        '/menu.png': serve(samples.png, { 'content-type': 'image/png' }),
        '/slow.png': (req, res) => {
          slowAsked()
          void slowGate.then(() => serve(samples.png, { 'content-type': 'image/png' })(req, res))
        },
      })
      desk = await startTwoAgentDesk(driver, {
        alice: ['sales'],
        bob: [],
        config: { outreach: { allowPrivateUrls: true }, bots: { timeoutMs: 2000, pollMs: 50, retryMs: 20 } },
      })
      const saved = await desk.admin.call('botConfigUpdate', {
        params: { kind: 'gpt' },
        body: { url: bot.url, secret: SECRET, enabled: 1 },
      })
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
      expect((await desk.admin.call('botOnGpt', { body: { msgFrom: `${from}@c.us` } })).status).toBe(200)
      await desk.sim.inbound({ from, body })
      return { from, ticketId: ticketId as number }
    }
    const messagesOf = async (ticketId: number) =>
      (await desk.alice.client.call('messageList', { params: { ticketId } })).body.messages

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

    it('sends nothing more of an answer once an agent took over while its picture was being fetched', async () => {
      number += 1
      const from = String(number)
      const ticketId = (await desk.sim.inbound({ from, body: 'hello', name: 'Maria' })).ticketId as number
      await desk.admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
      expect((await desk.admin.call('botOnGpt', { body: { msgFrom: from } })).status).toBe(200)
      let openGate = () => {}
      slowGate = new Promise<void>((resolve) => {
        openGate = resolve
      })
      const asked = new Promise<void>((resolve) => {
        slowAsked = resolve
      })
      bot.answerWith({
        body: { replies: [{ mediaUrl: files.url('/slow.png'), caption: 'Slow menu' }, { text: 'After the menu' }] },
      })
      await desk.sim.inbound({ from, body: 'the menu please' })
      await asked
      expect(
        (await desk.admin.call('messageSend', { params: { ticketId }, body: { body: 'A person here' } })).status,
      ).toBe(200)
      openGate()
      bot.answerWith({ body: { replies: [] } })
      // The desk is done with the answer once it lets go of the contact's bot lease.
      const contactId = (await desk.admin.call('ticketGet', { params: { id: ticketId } })).body.contactId
      await botLeaseReleased(desk.t.server, contactId)
      const sent = (await desk.sim.outbox(from)).filter((e) => e.kind !== 'read').map((e) => e.body)
      expect(sent).toEqual(['A person here'])
      const stored = (await desk.admin.call('messageList', { params: { ticketId } })).body.messages
      expect(stored.filter((m) => m.fromMe).map((m) => m.body)).toEqual(['A person here'])
    })

    it('marks the bot failed, and sends nothing, when the picture cannot be fetched', async () => {
      bot.answerWith({ body: { replies: [{ mediaUrl: files.url('/missing.png'), caption: 'Lost' }] } })
      const { from, ticketId } = await customerWrites('show me')
      const failed = await eventually(async () => {
        const { switches } = (await desk.admin.call('ticketBots', { params: { id: ticketId } })).body
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
