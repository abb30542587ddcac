import { HttpResponse } from 'msw'
import type { ChatChannel, ChatMessage } from '../../contract'
import { callerOf, type DeskHandlerContext, fail, stamp } from '../support'

/**
 * The team chat as the server answers it, kept small: the general channel with every user, and one channel per
 * queue with its members; messages are kept per channel; mentions start empty. Notes go into the ticket's
 * conversation as the desk's message, flagged.
 */
export function chatHandlers({ db, route, wait }: DeskHandlerContext) {
  const kept = new Map<number, ChatMessage[]>()
  const GENERAL = 1
  const channelsFor = (userId: number): ChatChannel[] => [
    {
      id: GENERAL,
      kind: 'general',
      name: 'general',
      queueId: null,
      color: null,
      members: db.users.map((u) => ({ id: u.id, name: u.name })),
      unread: 0,
      lastMessageAt: kept.get(GENERAL)?.at(-1)?.createdAt ?? null,
    },
    ...db.queues
      .filter((q) => db.users.find((u) => u.id === userId)?.queues?.some((uq) => uq.id === q.id))
      .map((q) => ({
        id: 1000 + q.id,
        kind: 'queue' as const,
        name: q.name,
        queueId: q.id,
        color: q.color,
        members: db.users
          .filter((u) => u.queues?.some((uq) => uq.id === q.id))
          .map((u) => ({ id: u.id, name: u.name })),
        unread: 0,
        lastMessageAt: kept.get(1000 + q.id)?.at(-1)?.createdAt ?? null,
      })),
  ]
  const caller = async (request: Request) => {
    await wait()
    return callerOf(db, request)
  }
  const member = (userId: number, id: number) => channelsFor(userId).find((c) => c.id === id)

  return [
    route('chatChannelList', async ({ request }) => {
      const me = await caller(request)
      return me.response ?? HttpResponse.json(channelsFor(me.user.id))
    }),
    route('chatMessageList', async ({ request, params }) => {
      const me = await caller(request)
      if (me.response) return me.response
      const id = Number(params.id)
      if (!member(me.user.id, id)) return fail(403, 'ERR_NO_PERMISSION')
      return HttpResponse.json({ messages: kept.get(id) ?? [], hasMore: false })
    }),
    route('chatMessageSend', async ({ request, params }) => {
      const me = await caller(request)
      if (me.response) return me.response
      const id = Number(params.id)
      if (!member(me.user.id, id)) return fail(403, 'ERR_NO_PERMISSION')
      const input = (await request.json()) as { body?: string; ticketId?: number }
      const message: ChatMessage = {
        id: db.nextId++,
        channelId: id,
        userId: me.user.id,
        userName: me.user.name,
        body: input.body ?? '',
        mediaType: 'chat',
        mediaUrl: null,
        mediaName: null,
        mediaSize: null,
        ticket: null,
        mentions: [],
        createdAt: stamp(db),
      }
      kept.set(id, [...(kept.get(id) ?? []), message])
      return HttpResponse.json({ messages: [message] })
    }),
    route('chatChannelRead', async ({ request }) => {
      const me = await caller(request)
      return me.response ?? HttpResponse.json({ unread: 0 })
    }),
    route('mentionList', async ({ request }) => {
      const me = await caller(request)
      return me.response ?? HttpResponse.json([])
    }),
  ]
}
