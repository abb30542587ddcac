import type {
  ChatChannel,
  ChatChannelEvent,
  ChatMessageEvent,
  ChatMessageSendResponse,
  MentionEvent,
  User,
} from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type connectSimulator, listen, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { apiPath, type Client, type TestServer } from '../support/server'

type Sim = Awaited<ReturnType<typeof connectSimulator>>

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`internal chat (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let alice: { client: Client; user: User }
    let bob: { client: Client; user: User }
    let carol: { client: Client; user: User }
    let sales: number
    let sim: Sim

    beforeAll(async () => {
      // Alice and Carol in Sales, Bob in Support.
      ;({ t, admin, alice, bob, sales, sim } = await startTwoAgentDesk(driver, { alice: ['sales'], bob: ['support'] }))
      carol = await t.addUser(admin, 'Carol Dias', 'carol@desk.test')
      await t.server.db
        .insertInto('user_queues')
        .values({ userId: carol.user.id, queueId: sales, createdAt: new Date().toISOString() })
        .execute()
    })
    afterAll(() => t?.close())

    const channels = async (who: Client) => {
      const res = await who.call('chatChannelList')
      expect(res.status).toBe(200)
      return res.body
    }
    const channelOf = (list: ChatChannel[], pick: (c: ChatChannel) => boolean) => {
      const found = list.find(pick)
      if (!found) throw new Error(`no such channel among ${JSON.stringify(list.map((c) => c.name))}`)
      return found
    }

    it('puts everyone in general and each queue in its own channel, and no one reads a channel they are not in', async () => {
      const mine = await channels(alice.client)
      expect(mine.map((c) => [c.kind, c.name]).sort()).toEqual([
        ['general', 'general'],
        ['queue', 'Sales'],
      ])
      const salesChannel = channelOf(mine, (c) => c.queueId === sales)
      expect(salesChannel.members.map((m) => m.name).sort()).toEqual(['Alice', 'Carol Dias'])
      expect(salesChannel.color).toBe('#00ff00')
      // Bob (Support) does not see Sales, over HTTP or the socket.
      expect((await channels(bob.client)).map((c) => c.name).sort()).toEqual(['Support', 'general'])
      const heardByBob = listen(await t.socket(bob.client.token))
      const heardByCarol = listen(await t.socket(carol.client.token))
      const sent = await alice.client.call('chatMessageSend', {
        params: { id: salesChannel.id },
        body: { body: 'Sales only: the promo starts at noon' },
      })
      expect(sent.status).toBe(200)
      await heardByCarol.until(
        (name, p) => name === 'chatMessage' && (p as ChatMessageEvent).message.body.startsWith('Sales only'),
      )
      const read = await bob.client.call('chatMessageList', { params: { id: salesChannel.id } })
      expect([read.status, read.body.error]).toEqual([403, 'ERR_NO_PERMISSION'])
      const post = await bob.client.call('chatMessageSend', { params: { id: salesChannel.id }, body: { body: 'hi' } })
      expect(post.status).toBe(403)
      expect((await bob.client.call('chatChannelRead', { params: { id: salesChannel.id } })).status).toBe(403)
      expect((await bob.client.call('chatMessageList', { params: { id: 999_999 } })).body.error).toBe(
        'ERR_NO_CHANNEL_FOUND',
      )
      // A general message reaches Bob, which proves his socket was listening all along.
      const general = channelOf(mine, (c) => c.kind === 'general')
      await alice.client.call('chatMessageSend', { params: { id: general.id }, body: { body: 'Hello, everyone' } })
      await heardByBob.until(
        (name, p) => name === 'chatMessage' && (p as ChatMessageEvent).message.body === 'Hello, everyone',
      )
      expect(JSON.stringify(heardByBob.heard)).not.toContain('Sales only')
    })

    it('counts unread messages per reader until they read the channel', async () => {
      const general = channelOf(await channels(bob.client), (c) => c.kind === 'general')
      const before = general.unread
      await alice.client.call('chatMessageSend', { params: { id: general.id }, body: { body: 'one' } })
      await alice.client.call('chatMessageSend', { params: { id: general.id }, body: { body: 'two' } })
      expect(channelOf(await channels(bob.client), (c) => c.id === general.id).unread).toBe(before + 2)
      // The writer's own messages are never unread for them.
      expect(channelOf(await channels(alice.client), (c) => c.id === general.id).unread).toBe(0)
      const heard = listen(await t.socket(bob.client.token))
      const read = await bob.client.call('chatChannelRead', { params: { id: general.id } })
      expect(read.body).toEqual({ unread: 0 })
      await heard.until(
        (name, p) =>
          name === 'chatChannel' &&
          (p as ChatChannelEvent).action === 'update' &&
          (p as { channel: ChatChannel }).channel.unread === 0,
      )
      expect(channelOf(await channels(bob.client), (c) => c.id === general.id).unread).toBe(0)
    })

    it('pages back through a channel and finds text in it', async () => {
      const general = channelOf(await channels(carol.client), (c) => c.kind === 'general')
      for (let i = 1; i <= 35; i++) {
        await carol.client.call('chatMessageSend', { params: { id: general.id }, body: { body: `count ${i}` } })
      }
      const latest = (await carol.client.call('chatMessageList', { params: { id: general.id } })).body
      expect(latest.messages).toHaveLength(30)
      expect(latest.hasMore).toBe(true)
      expect(latest.messages.at(-1)?.body).toBe('count 35')
      expect(latest.messages[0]?.body).toBe('count 6')
      const older = (
        await carol.client.call('chatMessageList', {
          params: { id: general.id },
          query: { before: latest.messages[0]?.id },
        })
      ).body
      expect(older.messages.slice(-5).map((m) => m.body)).toEqual([
        'count 1',
        'count 2',
        'count 3',
        'count 4',
        'count 5',
      ])
      const found = (
        await carol.client.call('chatMessageList', { params: { id: general.id }, query: { search: 'COUNT 3' } })
      ).body
      expect(found.messages.map((m) => m.body).sort()).toEqual(
        ['count 3', 'count 30', 'count 31', 'count 32', 'count 33', 'count 34', 'count 35'].sort(),
      )
      const percent = (
        await carol.client.call('chatMessageList', { params: { id: general.id }, query: { search: '%' } })
      ).body
      expect(percent.messages).toEqual([])
    })

    it('lets any two users talk in a direct channel that only they read, live', async () => {
      const opened = await alice.client.call('chatDirectOpen', { body: { userId: bob.user.id } })
      expect(opened.status).toBe(200)
      expect(opened.body).toMatchObject({ kind: 'direct', name: 'Bob' })
      const again = await bob.client.call('chatDirectOpen', { body: { userId: alice.user.id } })
      expect(again.body).toMatchObject({ id: opened.body.id, name: 'Alice' })
      const heardByBob = listen(await t.socket(bob.client.token))
      await alice.client.call('chatMessageSend', { params: { id: opened.body.id }, body: { body: 'Just between us' } })
      await heardByBob.until(
        (name, p) => name === 'chatMessage' && (p as ChatMessageEvent).message.body === 'Just between us',
      )
      expect((await carol.client.call('chatMessageList', { params: { id: opened.body.id } })).status).toBe(403)
      expect((await admin.call('chatMessageList', { params: { id: opened.body.id } })).status).toBe(403)
      expect((await alice.client.call('chatDirectOpen', { body: { userId: 999_999 } })).body.error).toBe(
        'ERR_NO_USER_FOUND',
      )
    })

    it('notifies the members a message mentions, through the bell, and no one else', async () => {
      const salesChannel = channelOf(await channels(alice.client), (c) => c.queueId === sales)
      const heardByCarol = listen(await t.socket(carol.client.token))
      const sent = await alice.client.call('chatMessageSend', {
        params: { id: salesChannel.id },
        // Bob is not in Sales: naming him notifies nobody.
        body: { body: '@Carol Dias can you take the 3pm call? @Bob too' },
      })
      expect(sent.body.messages[0]?.mentions).toEqual([carol.user.id])
      const event = await heardByCarol.until<MentionEvent>((name) => name === 'mention')
      expect(event.mention).toMatchObject({
        kind: 'chat',
        by: { id: alice.user.id, name: 'Alice' },
        channelId: salesChannel.id,
        channelName: 'Sales',
        read: false,
      })
      const list = (await carol.client.call('mentionList')).body
      expect(list[0]).toMatchObject({
        id: event.mention.id,
        excerpt: '@Carol Dias can you take the 3pm call? @Bob too',
      })
      expect((await bob.client.call('mentionList')).body.filter((m) => m.kind === 'chat')).toEqual([])
      // Only the person mentioned can mark it read.
      expect((await bob.client.call('mentionRead', { params: { id: event.mention.id } })).status).toBe(404)
      const read = await carol.client.call('mentionRead', { params: { id: event.mention.id } })
      expect(read.body.read).toBe(true)
    })

    it('shares a ticket as a card that only those who may see it can open', async () => {
      const { ticketId } = await sim.inbound({ from: '5511988887777', name: 'Maria Souza', body: 'Hi' })
      await alice.client.call('ticketUpdate', { params: { id: ticketId! }, body: { status: 'open' } })
      const general = channelOf(await channels(alice.client), (c) => c.kind === 'general')
      const heardByBob = listen(await t.socket(bob.client.token))
      const shared = await alice.client.call('chatMessageSend', {
        params: { id: general.id },
        body: { body: 'Look at this one', ticketId: ticketId! },
      })
      expect(shared.body.messages[0]?.ticket).toEqual({
        id: ticketId,
        contactName: 'Maria Souza',
        status: 'open',
        canOpen: true,
      })
      const live = await heardByBob.until<ChatMessageEvent>(
        (name, p) => name === 'chatMessage' && (p as ChatMessageEvent).message.ticket?.id === ticketId,
      )
      expect(live.message.ticket?.canOpen).toBe(false)
      const listed = (await bob.client.call('chatMessageList', { params: { id: general.id } })).body.messages.at(-1)
      expect(listed?.ticket?.canOpen).toBe(false)
      expect((await bob.client.call('ticketGet', { params: { id: ticketId! } })).status).toBe(403)
      // Nobody shares a ticket they may not see.
      const refused = await bob.client.call('chatMessageSend', {
        params: { id: general.id },
        body: { body: 'peek', ticketId: ticketId! },
      })
      expect(refused.status).toBe(403)
    })

    it('sends files as chat messages', async () => {
      const general = channelOf(await channels(alice.client), (c) => c.kind === 'general')
      const form = new FormData()
      form.append('body', 'the price list')
      form.append('medias', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'prices.pdf')
      const res = await fetch(`${t.url}${apiPath('chatMessageSend', { id: general.id })}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.client.token}` },
        body: form,
      })
      expect(res.status).toBe(200)
      const sent = (await res.json()) as ChatMessageSendResponse
      expect(sent.messages[0]).toMatchObject({ body: 'the price list', mediaName: 'prices.pdf' })
      const file = await fetch(`${t.url}${sent.messages[0]?.mediaUrl}`)
      expect(file.status).toBe(200)
    })

    it('lets only admins make, re-member and delete their own channels; the others stay as the desk has them', async () => {
      const general = channelOf(await channels(admin), (c) => c.kind === 'general')
      expect((await alice.client.call('chatChannelCreate', { body: { name: 'Leads' } })).status).toBe(403)
      const made = await admin.call('chatChannelCreate', { body: { name: 'Leads', userIds: [alice.user.id] } })
      expect(made.status).toBe(200)
      expect(made.body.members.map((m) => m.name).sort()).toEqual(['Admin', 'Alice'])
      const adminId = made.body.members.find((m) => m.name === 'Admin')?.id ?? 0
      expect((await channels(alice.client)).some((c) => c.id === made.body.id)).toBe(true)
      expect((await channels(bob.client)).some((c) => c.id === made.body.id)).toBe(false)
      const heardByAlice = listen(await t.socket(alice.client.token))
      const changed = await admin.call('chatChannelUpdate', {
        params: { id: made.body.id },
        body: { name: 'Hot leads', userIds: [adminId, bob.user.id] },
      })
      expect(changed.body.name).toBe('Hot leads')
      await heardByAlice.until((name, p) => name === 'chatChannel' && (p as ChatChannelEvent).action === 'delete')
      expect((await alice.client.call('chatMessageList', { params: { id: made.body.id } })).status).toBe(403)
      expect(
        (await admin.call('chatChannelUpdate', { params: { id: general.id }, body: { name: 'x' } })).body.error,
      ).toBe('ERR_CHANNEL_FIXED')
      expect((await admin.call('chatChannelDelete', { params: { id: general.id } })).status).toBe(409)
      expect((await admin.call('chatChannelDelete', { params: { id: made.body.id } })).status).toBe(204)
      expect((await bob.client.call('chatMessageList', { params: { id: made.body.id } })).status).toBe(404)
    })
  })
}
