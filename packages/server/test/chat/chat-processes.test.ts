/**
 * The internal chat across two server processes on one PostgreSQL and one Redis: a message posted
 * through one process reaches its channel's members connected to the other, live, and nobody else.
 */
import { randomBytes } from 'node:crypto'
import type { ChatMessageEvent, MentionEvent } from '@desk/api-client'
import { Redis } from 'ioredis'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DeskServer } from '../../src/index'
import { listen } from '../support/desk'
import { pgAvailable } from '../support/drivers'
import { REDIS, redisAvailable } from '../support/redis'
import { bootstrapAdmin, type Client, startSecondServer, startTestServer, type TestServer } from '../support/server'

const socketAt = (url: string, token: string | undefined) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = connectSocket(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth: { token },
    })
    socket.once('connect', () => resolve(socket))
    socket.once('connect_error', reject)
  })

describe.skipIf(!pgAvailable || !redisAvailable)('the internal chat on two server processes', () => {
  const jobs = { redisUrl: REDIS.href, redisPrefix: `test-chat-${randomBytes(4).toString('hex')}` }
  let t: TestServer
  let second: DeskServer
  let urlThere = ''
  let admin: Client
  let alice: Client
  let bob: Client

  beforeAll(async () => {
    t = await startTestServer('postgres', { autoCloseHours: 0, jobs })
    admin = await bootstrapAdmin(t)
    alice = (await t.addUser(admin, 'Alice', 'alice@desk.test')).client
    bob = (await t.addUser(admin, 'Bob', 'bob@desk.test')).client
    ;({ server: second, url: urlThere } = await startSecondServer(t, { jobs }))
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
    const redis = new Redis(REDIS.href)
    const keys = await redis.keys(`${jobs.redisPrefix}:*`)
    if (keys.length) await redis.del(...keys)
    redis.disconnect()
  })

  it('delivers a message and its mention to members connected to the other process', async () => {
    const made = await admin.call('chatChannelCreate', { body: { name: 'Night shift', userIds: [] } })
    const aliceId = (await alice.call('chatChannelList')).body[0]?.members.find((m) => m.name === 'Alice')?.id ?? 0
    await admin.call('chatChannelUpdate', {
      params: { id: made.body.id },
      body: { userIds: [...made.body.members.map((m) => m.id), aliceId] },
    })
    // Alice and Bob listen on the second process; the admin posts through the first.
    const aliceThere = listen(await socketAt(urlThere, alice.token))
    const bobThere = listen(await socketAt(urlThere, bob.token))
    const general = (await admin.call('chatChannelList')).body.find((c) => c.kind === 'general')!
    await admin.call('chatMessageSend', { params: { id: made.body.id }, body: { body: '@Alice the printer is fixed' } })
    await admin.call('chatMessageSend', { params: { id: general.id }, body: { body: 'Shift starts now' } })
    const heard = await aliceThere.until<ChatMessageEvent>(
      (name, p) => name === 'chatMessage' && (p as ChatMessageEvent).message.body === '@Alice the printer is fixed',
    )
    expect(heard.message.channelId).toBe(made.body.id)
    const mention = await aliceThere.until<MentionEvent>((name) => name === 'mention')
    expect(mention.mention).toMatchObject({ kind: 'chat', channelName: 'Night shift' })
    // Bob hears the general channel on that process, and nothing of the channel he is not in.
    await bobThere.until(
      (name, p) => name === 'chatMessage' && (p as ChatMessageEvent).message.body === 'Shift starts now',
    )
    expect(JSON.stringify(bobThere.heard)).not.toContain('printer')
  })
})
